/**
 * Renders the player screen in jsdom for component tests: the real player (engine, UI state, menus)
 * and the host's real stores in memory. The page's <video> plays through a fake provider (jsdom plays
 * nothing): `media` reports what the element would, and a test says what happens by itself (ended…).
 */
import './jsdom-media';
import { act, render } from '@testing-library/react';
import i18next from 'i18next';
import { useHostApi, useHostServicesValue } from 'host-core/host-api';
import { createActions, createStores } from 'host-core/local-stores';
import { memoryStorage } from 'host-core/testing';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { DEFAULT_RUNTIME_CONFIG, HostContext, HostServicesContext, THEMES, type CatalogApi, type RuntimeConfig } from 'shared-contracts';
import { ThemeProvider } from 'styled-components';
import { proxy } from 'valtio/vanilla';
import type { SourceSlice } from '../../../core/player/source';
import ar from '../../../locales/ar.json';
import en from '../../../locales/en.json';
import { PlayerView } from '../Player';
import { PlayerContext, createPlayer, type PlayerHooks } from '../player.store';
import { FakeMedia, type MediaEvent, type MediaFacts } from './fake-provider';

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { player: en }, ar: { player: ar } },
  ns: ['player'],
  defaultNS: 'player',
  interpolation: { escapeValue: false },
});

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The stream a test plays: one MP4 file. */
const film: SourceSlice = { type: 'file', qualities: { 1080: 'https://media.test/nosferatu-1080.mp4' }, captions: [] };

/**
 * `storage`: where the host's stores keep what they remember (default: empty, in memory).
 * `language`: the player's texts in English (default) or Arabic.
 * `catalog`: what the catalog answers (the seasons and episodes of a show), where a test needs it.
 */
export function renderPlayer(
  options: {
    hooks?: Partial<PlayerHooks>;
    children?: ReactNode;
    storage?: Storage;
    language?: 'en' | 'ar';
    /** The site's config flags over the defaults. */
    config?: Partial<RuntimeConfig>;
    /** The catalog the host hands the player (none by default: a test that opens the episodes gives one). */
    catalog?: Partial<CatalogApi>;
  } = {},
) {
  void i18n.changeLanguage(options.language ?? 'en');
  const config = { ...DEFAULT_RUNTIME_CONFIG, ...options.config };
  const stores = createStores(options.storage ?? memoryStorage());
  const actions = createActions(stores);
  const navigations: string[] = [];
  /** Whether the browser says it is online (the host's connectivity); a test turns it off. */
  const connectivity = proxy({ online: true });
  const media = new FakeMedia();
  const player = createPlayer({
    loadHls: () => Promise.reject(new Error('no hls.js in component tests')),
    quality: () => ({ automaticQuality: true, lastChosenQuality: null }),
    pageProvider: media.pageProvider,
  });
  Object.assign(player.hooks.current, options.hooks);
  function Host({ children }: { children: ReactNode }) {
    const services = useHostServicesValue({
      stores,
      actions,
      catalog: (options.catalog ?? {}) as CatalogApi,
      config,
      connectivity,
      navigate: (to: string) => void navigations.push(to),
      setDocumentTitle: () => {},
    });
    const host = useHostApi(services);
    return (
      <HostServicesContext.Provider value={services}>
        <HostContext.Provider value={host}>{children}</HostContext.Provider>
      </HostServicesContext.Provider>
    );
  }
  const view = render(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={THEMES.default}>
        <Host>
          <PlayerContext.Provider value={player}>
            <PlayerView title="Nosferatu">{options.children}</PlayerView>
          </PlayerContext.Provider>
        </Host>
      </ThemeProvider>
    </I18nextProvider>,
  );
  const video = view.getByTestId('player-video') as HTMLVideoElement;

  /** A stream of `duration` seconds loads and starts at `time`, paused; the player shows its controls. */
  const playStream = (duration: number, time = 0) =>
    act(async () => {
      player.dispatch({ type: 'setMeta' });
      player.dispatch({ type: 'playMedia' });
      media.duration = duration;
      await player.engine.load(film, { startAt: time });
      await settle();
    });
  /** The element reports an event after its facts changed (e.g. ended at the end). */
  const report = (event: MediaEvent, change: Partial<MediaFacts> = {}) =>
    act(async () => {
      media.report(event, change);
      await settle();
    });
  /** Lets valtio's batched notifications reach the components. */
  const update = (change: () => void) =>
    act(async () => {
      change();
      await settle();
    });
  return { ...view, player, stores, actions, video, media, playStream, report, update, navigations, connectivity, i18n };
}
