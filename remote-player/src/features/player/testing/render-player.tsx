/**
 * Renders the player screen in jsdom for component tests: the real player (engine, UI state, menus)
 * and the host's real stores in memory, around a <video> whose media state a test sets through
 * `media` (jsdom plays nothing: a test says what the element would report, the engine reads it).
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
import en from '../../../locales/en.json';
import { PlayerView } from '../Player';
import { PlayerContext, createPlayer, type PlayerHooks } from '../player.store';

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { player: en } },
  ns: ['player'],
  defaultNS: 'player',
  interpolation: { escapeValue: false },
});

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** What the <video> element reports (jsdom has no media pipeline). */
interface MediaFacts {
  duration: number;
  paused: boolean;
  currentTime: number;
}

export function renderPlayer(
  options: {
    hooks?: Partial<PlayerHooks>;
    children?: ReactNode;
    /** The site's config flags over the defaults. */
    config?: Partial<RuntimeConfig>;
    /** The catalog the host hands the player (none by default: a test that opens the episodes gives one). */
    catalog?: CatalogApi;
  } = {},
) {
  const config = { ...DEFAULT_RUNTIME_CONFIG, ...options.config };
  const stores = createStores(memoryStorage());
  const actions = createActions(stores);
  const navigations: string[] = [];
  const player = createPlayer({
    loadHls: () => Promise.reject(new Error('no hls.js in component tests')),
    quality: () => ({ automaticQuality: true, lastChosenQuality: null }),
  });
  Object.assign(player.hooks.current, options.hooks);
  function Host({ children }: { children: ReactNode }) {
    const services = useHostServicesValue({
      stores,
      actions,
      catalog: options.catalog ?? ({} as CatalogApi),
      config,
      connectivity: proxy({ online: true }),
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
  const facts: MediaFacts = { duration: Number.NaN, paused: true, currentTime: 0 };
  Object.defineProperty(video, 'duration', { get: () => facts.duration });
  Object.defineProperty(video, 'paused', { get: () => facts.paused });
  Object.defineProperty(video, 'currentTime', {
    get: () => facts.currentTime,
    set: (value: number) => {
      facts.currentTime = value;
    },
  });
  video.play = () => {
    facts.paused = false;
    video.dispatchEvent(new Event('play'));
    return Promise.resolve();
  };
  video.pause = () => {
    facts.paused = true;
    video.dispatchEvent(new Event('pause'));
  };
  video.load = () => {};

  /** The element reports a loaded stream of `duration` seconds at `time`; the player shows its controls. */
  const playStream = (duration: number, time = 0) =>
    act(async () => {
      player.dispatch({ type: 'setMeta' });
      player.dispatch({ type: 'playMedia' });
      facts.duration = duration;
      facts.currentTime = time;
      video.dispatchEvent(new Event('durationchange'));
      video.dispatchEvent(new Event('timeupdate'));
      await settle();
    });
  /** The element reports an event after setting its facts (e.g. ended). */
  const report = (event: string, change: Partial<MediaFacts> = {}) =>
    act(async () => {
      Object.assign(facts, change);
      video.dispatchEvent(new Event(event));
      await settle();
    });
  /** Lets valtio's batched notifications reach the components. */
  const update = (change: () => void) =>
    act(async () => {
      change();
      await settle();
    });
  return { ...view, player, stores, actions, video, facts, playStream, report, update, navigations, i18n };
}
