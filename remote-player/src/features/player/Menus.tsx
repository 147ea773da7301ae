/**
 * Player menus (spec §2 table): router `settings` with its routes and card sizes, router `episodes`.
 * A route is a path string kept in the UI state; the card takes the size the spec gives that route.
 */
import { useEffect, useRef, useState, type AnchorHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NAMES, THEME_NAMES, type SeasonDetails, useHostServices, useHostWith } from 'shared-contracts';
import styled from 'styled-components';
import { useSnapshot } from 'valtio/react';
import { groupCaptions } from '../../core/captions/choice';
import { clamp } from '../../core/player/format-time';
import { PLAYBACK_SPEEDS } from '../../core/player/keyboard';
import { QUALITY_ORDER } from '../../core/player/quality';
import type { ScrapeError } from '../../core/scraping/errors';
import type { EmbedRef, ProviderInfo } from '../../core/scraping/types';
import { cancelScrape, listScrapeProviders, scrapeEmbed, scrapeSource } from '../../worker/player.client';
import { Icon } from './icons';
import { usePlayer } from './player.store';
import { plain } from './start-stream';
import { useCaptionActions } from './use-captions';

/** Spec §2: card sizes (width x height, px) per route of the `settings` router. */
export const MENU_SIZES: Record<string, [number, number]> = {
  '/': [343, 470],
  '/quality': [343, 470],
  '/audio': [343, 431],
  '/captions': [343, 431],
  '/captionsOverlay': [343, 431],
  '/captions/source': [343, 431],
  '/captions/sourceOverlay': [343, 431],
  '/captions/opensubtitles': [343, 431],
  '/captions/opensubtitlesOverlay': [343, 431],
  '/captions/settings': [343, 450],
  '/captions/settingsOverlay': [343, 450],
  '/source': [343, 431],
  '/source/embeds': [343, 431],
  '/playback': [343, 215],
  '/theme': [343, 431],
  '/language': [343, 431],
  '/download': [343, 490],
  '/download/ios': [343, 440],
  '/download/android': [343, 440],
  '/download/pc': [343, 440],
};

const Card = styled.div<{ $w: number; $h: number }>`
  position: absolute;
  right: 1rem;
  bottom: 5.5rem;
  z-index: 4;
  width: min(${(p) => p.$w}px, calc(100% - 2rem));
  height: min(${(p) => p.$h}px, calc(100% - 7rem));
  display: flex;
  flex-direction: column;
  border-radius: 0.75rem;
  background: ${(p) => p.theme.colors.surface};
  color: ${(p) => p.theme.colors.text};
  box-shadow: 0 1rem 3rem rgba(0, 0, 0, 0.6);
  overflow: hidden;
  @media (max-width: 1023px) {
    left: 0.5rem;
    right: 0.5rem;
    bottom: 0.5rem;
    width: auto;
  }
`;

const Wide = styled(Card)`
  left: 1rem;
  width: auto;
  height: 360px;
`;

const Head = styled.div`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  padding: 0.75rem 0.75rem 0.5rem;
  border-bottom: 1px solid ${(p) => p.theme.colors.border};
  h2 { margin: 0; font-size: 1rem; flex: 1; }
  button { background: transparent; border: 0; color: inherit; cursor: pointer; display: inline-flex; border-radius: 0.4rem; padding: 0.2rem; }
  button:focus-visible { outline: 2px solid ${(p) => p.theme.colors.focus}; }
  @media (pointer: coarse) { button { min-width: 2.75rem; min-height: 2.75rem; align-items: center; justify-content: center; } }
`;

const Body = styled.div`
  flex: 1;
  overflow-y: auto;
  padding: 0.5rem;
  display: flex;
  flex-direction: column;
  gap: 0.15rem;
  h3 { margin: 0.6rem 0.5rem 0.25rem; font-size: 0.75rem; text-transform: uppercase; letter-spacing: 0.05em; color: ${(p) => p.theme.colors.textDim}; }
  p { margin: 0.25rem 0.5rem; color: ${(p) => p.theme.colors.textDim}; font-size: 0.9rem; }
  [role='alert'] { color: ${(p) => p.theme.colors.danger}; }
`;

const Option = styled.button<{ $selected?: boolean }>`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  width: 100%;
  min-height: 2.5rem;
  padding: 0.4rem 0.6rem;
  border: 0;
  border-radius: 0.5rem;
  background: ${(p) => (p.$selected ? p.theme.colors.surfaceRaised : 'transparent')};
  color: inherit;
  font: inherit;
  text-align: left;
  text-decoration: none;
  cursor: pointer;
  .label { flex: 1; }
  .value { color: ${(p) => p.theme.colors.textDim}; font-size: 0.9rem; }
  .mark { color: ${(p) => p.theme.colors.primary}; display: inline-flex; }
  &:hover { background: ${(p) => p.theme.colors.surfaceRaised}; }
  &:focus-visible { outline: 2px solid ${(p) => p.theme.colors.focus}; outline-offset: -2px; }
  &:disabled { opacity: 0.5; cursor: default; }
  @media (pointer: coarse) { min-height: 2.75rem; }
`;

function LinkOption(props: AnchorHTMLAttributes<HTMLAnchorElement> & { 'data-testid'?: string }) {
  return <Option as="a" {...props} />;
}

const Field = styled.label`
  display: flex;
  flex-direction: column;
  gap: 0.3rem;
  padding: 0.4rem 0.6rem;
  font-size: 0.9rem;
  .line { display: flex; justify-content: space-between; }
  input[type='range'] { width: 100%; accent-color: ${(p) => p.theme.colors.primary}; }
`;

const Swatches = styled.div`
  display: flex;
  gap: 0.5rem;
  padding: 0.4rem 0.6rem;
  align-items: center;
  button { width: 1.75rem; height: 1.75rem; border-radius: 50%; border: 2px solid transparent; cursor: pointer; }
  button[aria-pressed='true'] { border-color: ${(p) => p.theme.colors.text}; }
  input[type='color'] { width: 2rem; height: 2rem; border: 0; background: transparent; }
  flex-wrap: wrap;
  @media (pointer: coarse) { button, input[type='color'] { width: 2.75rem; height: 2.75rem; } }
`;

const Drop = styled.div<{ $over: boolean }>`
  outline: ${(p) => (p.$over ? `2px dashed ${p.theme.colors.primary}` : 'none')};
  border-radius: 0.5rem;
`;

const EpisodeStrip = styled.div`
  display: flex;
  gap: 0.75rem;
  overflow-x: auto;
  padding: 0.75rem;
  flex: 1;
  button {
    flex: 0 0 12rem;
    display: flex;
    flex-direction: column;
    gap: 0.25rem;
    padding: 0.5rem;
    border-radius: 0.5rem;
    border: 2px solid transparent;
    background: ${(p) => p.theme.colors.surfaceRaised};
    color: inherit;
    font: inherit;
    text-align: left;
    cursor: pointer;
  }
  button[aria-current='true'] { border-color: ${(p) => p.theme.colors.primary}; }
  button:disabled { opacity: 0.45; cursor: default; }
  img { width: 100%; aspect-ratio: 16 / 9; object-fit: cover; border-radius: 0.35rem; background: #222; }
  .title { font-weight: 600; font-size: 0.9rem; }
  .overview { font-size: 0.8rem; color: ${(p) => p.theme.colors.textDim}; display: -webkit-box; -webkit-line-clamp: 3; -webkit-box-orient: vertical; overflow: hidden; }
`;

function useMenu() {
  const { ui } = usePlayer();
  const go = (route: string) => (ui.menu.route = route);
  const close = () => {
    ui.menu.id = null;
    ui.menu.route = '/';
  };
  return { go, close };
}

function MenuCard({ title, back, children, testId }: { title: string; back?: string; children: ReactNode; testId?: string }) {
  const { t } = useTranslation('player');
  const { ui } = usePlayer();
  const view = useSnapshot(ui);
  const { go, close } = useMenu();
  const [w, h] = MENU_SIZES[view.menu.route] ?? [343, 431];
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('button, a, input')?.focus();
  }, [view.menu.route]);
  return (
    <Card ref={ref} $w={w} $h={h} role="dialog" aria-label={title} data-testid={testId ?? 'settings-menu'} data-route={view.menu.route} data-router="settings">
      <Head>
        {back !== undefined && (
          <button type="button" aria-label={t('menus.back')} onClick={() => go(back)}>
            <Icon name="arrowLeft" />
          </button>
        )}
        <h2>{title}</h2>
        <button type="button" aria-label={t('menus.close')} onClick={close}>
          ✕
        </button>
      </Head>
      <Body>{children}</Body>
    </Card>
  );
}

function Choice({ label, value, selected, onClick, chevron, disabled, testId }: { label: ReactNode; value?: ReactNode; selected?: boolean; onClick: () => void; chevron?: boolean; disabled?: boolean; testId?: string }) {
  return (
    <Option type="button" $selected={selected} aria-pressed={selected} onClick={onClick} disabled={disabled} data-testid={testId}>
      <span className="label">{label}</span>
      {value !== undefined && <span className="value">{value}</span>}
      {selected && (
        <span className="mark">
          <Icon name="check" size={18} />
        </span>
      )}
      {chevron && <Icon name="chevron" size={18} />}
    </Option>
  );
}

function Toggle({ label, checked, onChange }: { label: string; checked: boolean; onChange: (value: boolean) => void }) {
  return (
    <Option type="button" role="switch" aria-checked={checked} onClick={() => onChange(!checked)}>
      <span className="label">{label}</span>
      <span className="value">{checked ? 'ON' : 'OFF'}</span>
    </Option>
  );
}

function MainMenu() {
  const { t } = useTranslation('player');
  const { engine, ui } = usePlayer();
  const media = useSnapshot(engine.state);
  const view = useSnapshot(ui);
  const { state } = useHostWith('subtitles', 'theme', 'language');
  const { go } = useMenu();
  const captions = useCaptionActions();
  const query = new URLSearchParams(window.location.search);
  const quality = media.automaticQuality ? t('menus.quality.auto', { quality: media.quality ?? '' }) : (media.quality ?? '');
  const audio = media.audioTracks.find((a) => a.id === media.audioTrack);
  return (
    <MenuCard title={t('menus.settings')}>
      <h3>{t('menus.video')}</h3>
      <Choice label={t('menus.quality.title')} value={quality} onClick={() => go('/quality')} chevron testId="menu-quality" />
      {media.audioTracks.length > 1 && <Choice label={t('menus.audio.title')} value={audio?.label ?? ''} onClick={() => go('/audio')} chevron testId="menu-audio" />}
      <Choice label={t('menus.source.title')} value={view.progress.sources[view.sourceId ?? '']?.name ?? view.sourceId ?? ''} onClick={() => go('/source')} chevron testId="menu-source" />
      {query.get('downloads') !== 'false' && <Choice label={t('menus.download.title')} onClick={() => go('/download')} chevron testId="menu-download" />}
      {query.get('watchparty') !== 'false' && <WatchPartyLink />}
      <h3>{t('menus.experience')}</h3>
      <Toggle label={t('menus.captions.enable')} checked={!!view.captions.selectedId && state.subtitles.enabled} onChange={() => void captions.toggle()} />
      <Choice label={t('menus.captions.title')} value={view.captions.selectedId ? (captions.options.find((o) => o.id === view.captions.selectedId)?.label ?? '') : t('menus.captions.off')} onClick={() => go('/captions')} chevron testId="menu-captions" />
      <Choice label={t('menus.playback.title')} value={`${media.rate}x`} onClick={() => go('/playback')} chevron />
      <Choice label={t('menus.theme.title')} value={t(`themes.${state.theme}`)} onClick={() => go('/theme')} chevron />
      <Choice label={t('menus.language.title')} value={LANGUAGE_NAMES[state.language as keyof typeof LANGUAGE_NAMES] ?? state.language} onClick={() => go('/language')} chevron />
    </MenuCard>
  );
}

function currentUrl(source: { type: 'hls'; url: string } | { type: 'file'; qualities: Partial<Record<string, string>> } | null, quality: string | null): string {
  if (!source) return '';
  if (source.type === 'hls') return source.url;
  return (quality && source.qualities[quality]) || Object.values(source.qualities)[0] || '';
}

function WatchPartyLink() {
  const { t } = useTranslation('player');
  const { engine } = usePlayer();
  const media = useSnapshot(engine.state);
  const { config } = useHostServices();
  const url = currentUrl(media.source, media.quality);
  return (
    <LinkOption href={`${config.watchPartyUrl}${encodeURIComponent(url)}`} target="_blank" rel="noreferrer" data-testid="menu-watchparty">
      <span className="label">{t('menus.watchParty')}</span>
    </LinkOption>
  );
}

function QualityMenu() {
  const { t } = useTranslation('player');
  const { engine, dispatch } = usePlayer();
  const media = useSnapshot(engine.state);
  const host = useHostServices();
  return (
    <MenuCard title={t('menus.quality.title')} back="/">
      {QUALITY_ORDER.filter((q) => media.qualities.includes(q)).map((q) => (
        <Choice
          key={q}
          label={q === '4k' ? '4K' : q === 'unknown' ? t('menus.quality.unknown') : `${q}p`}
          selected={!media.automaticQuality && media.quality === q}
          testId={`quality-${q}`}
          onClick={() => {
            engine.setQuality(q);
            host.actions.setQuality({ automaticQuality: false, lastChosenQuality: q });
            dispatch({ type: 'chooseQuality' });
          }}
        />
      ))}
      <Toggle
        label={t('menus.quality.automatic')}
        checked={media.automaticQuality}
        onChange={(on) => {
          if (on) engine.setQuality('auto');
          host.actions.setQuality({ automaticQuality: on });
        }}
      />
    </MenuCard>
  );
}

function AudioMenu() {
  const { t } = useTranslation('player');
  const { engine } = usePlayer();
  const media = useSnapshot(engine.state);
  return (
    <MenuCard title={t('menus.audio.title')} back="/">
      {media.audioTracks.map((track) => (
        <Choice key={track.id} label={track.label || track.language} value={track.language} selected={media.audioTrack === track.id} onClick={() => engine.setAudioTrack(track.id)} testId={`audio-${track.language}`} />
      ))}
    </MenuCard>
  );
}

function CaptionsMenu({ overlay }: { overlay: boolean }) {
  const { t } = useTranslation('player');
  const { ui } = usePlayer();
  const view = useSnapshot(ui);
  const { go } = useMenu();
  const captions = useCaptionActions();
  const file = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const suffix = overlay ? 'Overlay' : '';
  const groups = groupCaptions(captions.options);
  const chosenOpenSubtitles = groups.opensubtitles.find((o) => o.id === view.captions.selectedId);
  return (
    <MenuCard title={t('menus.captions.title')} back={overlay ? undefined : '/'}>
      <Drop
        $over={over}
        data-testid="captions-drop"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          const dropped = e.dataTransfer.files[0];
          if (dropped) void captions.upload(dropped);
        }}
      >
        <Choice label={t('menus.captions.off')} selected={!view.captions.selectedId} onClick={() => void captions.select(null)} testId="caption-off" />
        <CaptionChoices options={groups.source} />
        {groups.source.length === 0 && <p>{t('menus.captions.none')}</p>}
        <Choice
          label={t('menus.captions.opensubtitles')}
          value={chosenOpenSubtitles?.label ?? (groups.opensubtitles.length ? String(groups.opensubtitles.length) : undefined)}
          onClick={() => go(`/captions/opensubtitles${suffix}`)}
          chevron
          testId="caption-opensubtitles"
        />
        <Choice label={t('menus.captions.upload')} onClick={() => file.current?.click()} />
        <input
          ref={file}
          type="file"
          hidden
          accept=".srt,.vtt,.ass,.ssa"
          aria-label={t('menus.captions.upload')}
          data-testid="caption-upload"
          onChange={(e) => {
            const chosen = e.target.files?.[0];
            if (chosen) void captions.upload(chosen);
            e.target.value = '';
          }}
        />
        <p>{t('menus.captions.dropHint')}</p>
        {view.captions.error && <p role="alert">{view.captions.error}</p>}
        <Choice label={t('menus.captions.settings')} onClick={() => go(`/captions/settings${suffix}`)} chevron testId="caption-settings" />
      </Drop>
    </MenuCard>
  );
}

/** One button per caption: selected, loading while it is fetched and parsed. */
function CaptionChoices({ options }: { options: ReturnType<typeof useCaptionActions>['options'] }) {
  const { t } = useTranslation('player');
  const { ui } = usePlayer();
  const view = useSnapshot(ui);
  const captions = useCaptionActions();
  return (
    <>
      {options.map((option) => (
        <Choice
          key={option.id}
          label={option.label}
          value={view.captions.loadingId === option.id ? t('loading') : undefined}
          selected={view.captions.selectedId === option.id}
          onClick={() => void captions.select(option)}
          testId={`caption-${option.id}`}
        />
      ))}
    </>
  );
}

/** Spec §2 /captions/opensubtitles(Overlay): the captions flagged OpenSubtitles; back to the captions page it came from. */
function OpenSubtitlesMenu({ overlay }: { overlay: boolean }) {
  const { t } = useTranslation('player');
  const { ui } = usePlayer();
  const view = useSnapshot(ui);
  const captions = useCaptionActions();
  const { opensubtitles } = groupCaptions(captions.options);
  return (
    <MenuCard title={t('menus.captions.opensubtitles')} back={overlay ? '/captionsOverlay' : '/captions'}>
      <CaptionChoices options={opensubtitles} />
      {opensubtitles.length === 0 && <p data-testid="opensubtitles-none">{t('menus.captions.opensubtitlesNone')}</p>}
      {view.captions.error && <p role="alert">{view.captions.error}</p>}
    </MenuCard>
  );
}

export const CAPTION_COLORS = ['#ffffff', '#80b1fa', '#e2e535', '#10B239FF'];

function CaptionSettingsMenu({ overlay }: { overlay: boolean }) {
  const { t } = useTranslation('player');
  const host = useHostWith('subtitles');
  const s = host.state.subtitles;
  const set = host.actions.setSubtitleSettings;
  const { ui } = usePlayer();
  const hide = useSnapshot(ui).menuFromQuery === 'settings/captions/settings';
  const number = (value: string, decimals: number) => {
    const n = Number(value);
    if (!Number.isFinite(n)) return null; // spec §5: non-numbers ignored
    const f = 10 ** decimals;
    return Math.round(n * f) / f;
  };
  return (
    <MenuCard title={t('menus.captions.settings')} back={overlay ? '/captionsOverlay' : '/captions'}>
      {hide && <Toggle label={t('menus.captions.hide')} checked={!s.enabled} onChange={(v) => set({ enabled: !v })} />}
      <Field>
        <span className="line">
          {t('menus.captions.delay')} <span data-testid="delay-value">{s.delay.toFixed(1)} s</span>
        </span>
        <input type="range" min={-20} max={20} step={0.1} value={s.delay} onChange={(e) => { const v = number(e.target.value, 1); if (v !== null) set({ delay: clamp(v, -20, 20) }); }} aria-label={t('menus.captions.delay')} data-testid="delay-slider" />
      </Field>
      <Toggle label={t('menus.captions.fixCapitals')} checked={s.overrideCasing} onChange={(v) => set({ overrideCasing: v })} />
      <Swatches role="group" aria-label={t('menus.captions.color')}>
        {CAPTION_COLORS.map((c) => (
          <button key={c} type="button" style={{ background: c }} aria-label={c} aria-pressed={s.styling.color === c.toLowerCase()} onClick={() => set({ styling: { color: c.toLowerCase() } })} data-testid={`caption-color-${c}`} />
        ))}
        <input type="color" aria-label={t('menus.captions.customColor')} value={s.styling.color.slice(0, 7)} onChange={(e) => set({ styling: { color: e.target.value.toLowerCase() } })} />
      </Swatches>
      <Field>
        <span className="line">
          {t('menus.captions.size')} <span>{Math.round(s.styling.size * 100)}%</span>
        </span>
        <input type="range" min={1} max={200} step={1} value={Math.round(s.styling.size * 100)} onChange={(e) => { const v = number(e.target.value, 0); if (v !== null) set({ styling: { size: clamp(v, 1, 200) / 100 } }); }} aria-label={t('menus.captions.size')} data-testid="size-slider" />
      </Field>
      <Field>
        <span className="line">
          {t('menus.captions.background')} <span>{Math.round(s.styling.backgroundOpacity * 100)}%</span>
        </span>
        <input type="range" min={0} max={100} step={1} value={Math.round(s.styling.backgroundOpacity * 100)} onChange={(e) => { const v = number(e.target.value, 0); if (v !== null) set({ styling: { backgroundOpacity: clamp(v, 0, 100) / 100 } }); }} aria-label={t('menus.captions.background')} />
      </Field>
      <Field>
        <span className="line">
          {t('menus.captions.blur')} <span>{Math.round(s.styling.backgroundBlur * 100)}%</span>
        </span>
        <input type="range" min={0} max={100} step={1} value={Math.round(s.styling.backgroundBlur * 100)} onChange={(e) => { const v = number(e.target.value, 0); if (v !== null) set({ styling: { backgroundBlur: clamp(v, 0, 100) / 100 } }); }} aria-label={t('menus.captions.blur')} />
      </Field>
      <Toggle label={t('menus.captions.bold')} checked={s.styling.bold} onChange={(v) => set({ styling: { bold: v } })} />
      <Choice label={t('menus.captions.reset')} onClick={() => set({ delay: 0, styling: { color: '#ffffff', size: 1, backgroundOpacity: 0.5, backgroundBlur: 0.5, bold: false } })} />
    </MenuCard>
  );
}

type EmbedsState =
  | { status: 'loading' }
  | { status: 'list'; embeds: EmbedRef[] }
  | { status: 'error'; error: ScrapeError; kind: ErrorKind }
  | { status: 'embedLoading'; embeds: EmbedRef[]; index: number }
  | { status: 'embedFailed'; embeds: EmbedRef[]; failed: number[] };

function SourceMenu() {
  const { t } = useTranslation('player');
  const { ui, hooks } = usePlayer();
  const view = useSnapshot(ui);
  const [providers, setProviders] = useState<ProviderInfo[] | null>(null);
  const type = view.meta?.media.type ?? 'movie';
  useEffect(() => {
    const options = hooks.current.scrapeOptions?.();
    if (!options) return setProviders([]);
    void listScrapeProviders(options).then((list) => setProviders(list.filter((p) => p.kind === 'source' && p.mediaTypes.includes(type))));
  }, [hooks, type]);
  return (
    <MenuCard title={t('menus.source.title')} back="/">
      {providers === null && <p>{t('loading')}</p>}
      {providers?.map((p) => (
        <Choice
          key={p.id}
          label={p.name}
          selected={view.sourceId === p.id}
          testId={`source-${p.id}`}
          chevron
          onClick={() => {
            ui.menu.route = '/source/embeds';
            menuSource.id = p.id;
            menuSource.name = p.name;
          }}
        />
      ))}
      {providers?.length === 0 && <p>{t('menus.source.none')}</p>}
    </MenuCard>
  );
}

/** Which source the embeds page is about (set by the source list). */
const menuSource = { id: '', name: '' };

type ErrorKind = 'noStream' | 'noEmbeds' | 'failed' | 'extensionDisabled' | 'turnstile';
const KIND: Record<string, ErrorKind> = {
  'scrape/not-found': 'noStream',
  'scrape/no-stream': 'noStream',
  'scrape/invalid-stream': 'noStream',
  'scrape/no-embeds': 'noEmbeds',
  'scrape/extension-disabled': 'extensionDisabled',
  'scrape/turnstile': 'turnstile',
};
/** Spec §8: the source menu's states, and the extension-disabled error of scraping. */
const ERROR_TEXT: Record<ErrorKind, string> = {
  noStream: 'menus.source.noStream',
  noEmbeds: 'menus.source.noEmbeds',
  failed: 'menus.source.failed',
  extensionDisabled: 'scraping.errors.extension-disabled',
  turnstile: 'turnstile.error',
};

function EmbedsMenu() {
  const { t } = useTranslation('player');
  const { ui, hooks } = usePlayer();
  const { close } = useMenu();
  const [state, setState] = useState<EmbedsState>({ status: 'loading' });
  const sourceId = menuSource.id;
  // The page's current run (the source, then an embed). Leaving the page (back to the list, another source,
  // closing the menu) cancels it; a result of any other run is stale and ignored.
  const current = useRef<string | null>(null);
  const newRun = () => (current.current = crypto.randomUUID());

  // Options for a run of this page; a Turnstile check (when configured) is given up when the run is left.
  const abort = useRef<AbortController | null>(null);
  const optionsFor = (runId: string) => {
    abort.current?.abort();
    abort.current = new AbortController();
    return hooks.current.scrapeOptionsForRun?.(runId, abort.current.signal);
  };
  const failWith = (error: ScrapeError) => setState({ status: 'error', error, kind: KIND[error.code] ?? 'failed' });

  const runEmbed = async (embeds: EmbedRef[], index: number, failed: number[]) => {
    const embed = embeds[index];
    if (!embed) return;
    const runId = newRun();
    setState({ status: 'embedLoading', embeds, index });
    const options = await optionsFor(runId);
    if (current.current !== runId) return;
    if (!options) return setState({ status: 'embedFailed', embeds, failed: [...failed, index] });
    if (!options.ok) return failWith(options.error);
    const result = await scrapeEmbed(embed.embedId, embed.url, { ...options.value, runId });
    if (current.current !== runId) return;
    const stream = result.ok ? result.value.stream[0] : undefined;
    if (stream) {
      hooks.current.playStream?.(stream, sourceId, embed.embedId);
      close();
      return;
    }
    setState({ status: 'embedFailed', embeds, failed: [...failed, index] });
  };

  useEffect(() => {
    const scrape = ui.meta?.scrape;
    const runId = newRun();
    void (async () => {
      const options = scrape ? await optionsFor(runId) : undefined;
      if (current.current !== runId) return;
      if (!options || !scrape) return failWith({ code: 'scrape/failed', message: 'failed to scrape' });
      if (!options.ok) return failWith(options.error);
      const result = await scrapeSource(sourceId, plain(scrape), { ...options.value, runId });
      if (current.current !== runId) return;
      if (!result.ok) return failWith(result.error);
      if (result.value.stream) {
        hooks.current.playStream?.(result.value.stream, sourceId);
        close();
        return;
      }
      const embeds = result.value.embeds;
      if (embeds.length === 0) return setState({ status: 'error', error: { code: 'scrape/no-embeds', message: 'no embeds' }, kind: 'noEmbeds' });
      // Spec §4: with exactly one embed it is scraped at once and the menu closes on success.
      if (embeds.length === 1) void runEmbed(embeds, 0, []);
      else setState({ status: 'list', embeds });
    })();
    return () => {
      const running = current.current;
      current.current = null;
      abort.current?.abort();
      if (running) void cancelScrape(running);
    };
    // Runs once per opened source.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sourceId]);

  const embeds = state.status === 'list' || state.status === 'embedLoading' || state.status === 'embedFailed' ? state.embeds : [];
  const failed = state.status === 'embedFailed' ? state.failed : [];
  return (
    <MenuCard title={menuSource.name || t('menus.source.embeds')} back="/source" testId="source-embeds-menu">
      {state.status === 'loading' && <p role="status">{t('menus.source.loading')}</p>}
      {state.status === 'error' && (
        <p role="alert" data-testid="source-menu-error" data-kind={state.kind}>
          {t(ERROR_TEXT[state.kind])}
        </p>
      )}
      {embeds.map((embed, i) => (
        <Option
          key={`${embed.embedId}-${i}`}
          type="button"
          onClick={() => void runEmbed(embeds, i, failed)}
          disabled={state.status === 'embedLoading'}
          data-testid="embed-option"
          data-status={state.status === 'embedLoading' && state.index === i ? 'loading' : failed.includes(i) ? 'failed' : undefined}
        >
          <span className="label">
            {embed.embedId} #{i + 1}
          </span>
          {state.status === 'embedLoading' && state.index === i && <span className="value">{t('loading')}</span>}
          {failed.includes(i) && (
            <span className="value" style={{ color: 'inherit' }} title={t('menus.source.failed')} data-testid="embed-failed-icon">
              <Icon name="error" size={18} />
            </span>
          )}
        </Option>
      ))}
    </MenuCard>
  );
}

function PlaybackMenu() {
  const { t } = useTranslation('player');
  const { engine } = usePlayer();
  const media = useSnapshot(engine.state);
  return (
    <MenuCard title={t('menus.playback.title')} back="/">
      <div role="group" aria-label={t('menus.playback.speed')} style={{ display: 'flex', gap: '0.25rem' }}>
        {PLAYBACK_SPEEDS.map((speed) => (
          <Choice key={speed} label={`${speed}x`} selected={media.rate === speed} onClick={() => engine.setRate(speed)} testId={`speed-${speed}`} />
        ))}
      </div>
    </MenuCard>
  );
}

function ThemeMenu() {
  const { t } = useTranslation('player');
  const host = useHostWith('theme');
  return (
    <MenuCard title={t('menus.theme.title')} back="/">
      {THEME_NAMES.map((theme) => (
        <Choice key={theme} label={t(`themes.${theme}`)} selected={host.state.theme === theme} onClick={() => host.actions.setTheme(theme)} />
      ))}
    </MenuCard>
  );
}

function LanguageMenu() {
  const { t } = useTranslation('player');
  const host = useHostWith('language');
  return (
    <MenuCard title={t('menus.language.title')} back="/">
      {LANGUAGES.map((language) => (
        <Choice key={language} label={LANGUAGE_NAMES[language]} selected={host.state.language === language} onClick={() => host.actions.setLanguage(language)} />
      ))}
    </MenuCard>
  );
}

function DownloadMenu({ platform }: { platform?: 'ios' | 'android' | 'pc' }) {
  const { t } = useTranslation('player');
  const { engine } = usePlayer();
  const media = useSnapshot(engine.state);
  const { config } = useHostServices();
  const { go } = useMenu();
  const url = currentUrl(media.source, media.quality);
  if (platform) {
    return (
      <MenuCard title={t(`menus.download.${platform}`)} back="/download">
        <p>{t(`menus.download.${platform}Text`)}</p>
      </MenuCard>
    );
  }
  const href = media.source?.type === 'hls' ? `${config.downloaderUrl}${encodeURIComponent(url)}` : url;
  return (
    <MenuCard title={t('menus.download.title')} back="/">
      <p>{t('menus.download.text')}</p>
      <LinkOption href={href} target="_blank" rel="noreferrer" data-testid="download-link">
        <span className="label">{media.source?.type === 'hls' ? t('menus.download.hls') : t('menus.download.file')}</span>
      </LinkOption>
      <Option type="button" onClick={() => void navigator.clipboard?.writeText(url).catch(() => {})}>
        <span className="label">{t('menus.download.copy')}</span>
      </Option>
      <Choice label={t('menus.download.ios')} onClick={() => go('/download/ios')} chevron />
      <Choice label={t('menus.download.android')} onClick={() => go('/download/android')} chevron />
      <Choice label={t('menus.download.pc')} onClick={() => go('/download/pc')} chevron />
    </MenuCard>
  );
}

export function SettingsMenu() {
  const { ui } = usePlayer();
  const view = useSnapshot(ui);
  switch (view.menu.route) {
    case '/quality':
      return <QualityMenu />;
    case '/audio':
      return <AudioMenu />;
    case '/captions':
    case '/captions/source':
      return <CaptionsMenu overlay={false} />;
    case '/captionsOverlay':
    case '/captions/sourceOverlay':
      return <CaptionsMenu overlay />;
    case '/captions/opensubtitles':
      return <OpenSubtitlesMenu overlay={false} />;
    case '/captions/opensubtitlesOverlay':
      return <OpenSubtitlesMenu overlay />;
    case '/captions/settings':
      return <CaptionSettingsMenu overlay={false} />;
    case '/captions/settingsOverlay':
      return <CaptionSettingsMenu overlay />;
    case '/source':
      return <SourceMenu />;
    case '/source/embeds':
      return <EmbedsMenu />;
    case '/playback':
      return <PlaybackMenu />;
    case '/theme':
      return <ThemeMenu />;
    case '/language':
      return <LanguageMenu />;
    case '/download':
      return <DownloadMenu />;
    case '/download/ios':
      return <DownloadMenu platform="ios" />;
    case '/download/android':
      return <DownloadMenu platform="android" />;
    case '/download/pc':
      return <DownloadMenu platform="pc" />;
    default:
      return <MainMenu />;
  }
}

/** Router `episodes`: season list (343x431), then the full-width episode strip (360 high). */
export function EpisodesMenu() {
  const { t } = useTranslation('player');
  const { ui, hooks } = usePlayer();
  const view = useSnapshot(ui);
  const host = useHostServices();
  const [seasons, setSeasons] = useState<Array<{ id: string; number: number; title: string }> | null | 'error'>(null);
  const [season, setSeason] = useState<SeasonDetails | null | 'error'>(null);
  const [chosen, setChosen] = useState<number | null>(view.meta?.episode?.seasonNumber ?? null);
  const tmdbId = view.meta?.media.tmdbId ?? '';
  const { go, close } = useMenu();
  useEffect(() => {
    const controller = new AbortController();
    host.catalog.details({ type: 'show', tmdbId }, { signal: controller.signal }).then(
      (d) => setSeasons((d.seasons ?? []).map((s) => ({ id: s.id, number: s.number, title: s.title }))),
      () => setSeasons('error'),
    );
    return () => controller.abort();
  }, [host.catalog, tmdbId]);
  useEffect(() => {
    if (chosen === null || view.menu.route !== '/episodes') return;
    const controller = new AbortController();
    setSeason(null);
    host.catalog.season(tmdbId, chosen, { signal: controller.signal }).then(setSeason, () => setSeason('error'));
    return () => controller.abort();
  }, [host.catalog, tmdbId, chosen, view.menu.route]);

  if (view.menu.route === '/episodes') {
    const today = new Date().toISOString().slice(0, 10);
    return (
      <Wide $w={0} $h={360} role="dialog" aria-label={t('episodes.title')} data-testid="episodes-menu" data-route="/episodes" data-router="episodes">
        <Head>
          <button type="button" aria-label={t('menus.back')} onClick={() => go('/')}>
            <Icon name="arrowLeft" />
          </button>
          <h2>{season && season !== 'error' ? season.title : t('episodes.title')}</h2>
          <button type="button" aria-label={t('menus.close')} onClick={close}>
            ✕
          </button>
        </Head>
        {season === null && <p style={{ padding: '1rem' }}>{t('episodes.loadingList')}</p>}
        {season === 'error' && <p style={{ padding: '1rem' }} role="alert">{t('episodes.loadingError')}</p>}
        {season && season !== 'error' && season.episodes.length === 0 && <p style={{ padding: '1rem' }}>{t('episodes.emptyState')}</p>}
        {season && season !== 'error' && (
          <EpisodeStrip>
            {season.episodes.map((ep) => {
              const aired = !!ep.airDate && ep.airDate <= today;
              return (
                <button
                  key={ep.id}
                  type="button"
                  disabled={!aired}
                  aria-current={view.meta?.episode?.episode.id === ep.id}
                  onClick={() => {
                    close();
                    hooks.current.goToEpisode?.(season.id, ep.id);
                  }}
                >
                  {ep.still ? <img src={ep.still} alt="" loading="lazy" /> : <img alt="" />}
                  <span className="title">
                    E{ep.number} · {ep.title}
                  </span>
                  <span className="overview">{aired ? ep.overview : (ep.airDate ?? t('episodes.unreleased'))}</span>
                </button>
              );
            })}
          </EpisodeStrip>
        )}
      </Wide>
    );
  }
  return (
    <Card $w={343} $h={431} role="dialog" aria-label={t('episodes.seasons')} data-testid="episodes-menu" data-route="/" data-router="episodes">
      <Head>
        <h2>{t('episodes.seasons')}</h2>
        <button type="button" aria-label={t('menus.close')} onClick={close}>
          ✕
        </button>
      </Head>
      <Body>
        {seasons === null && <p>{t('episodes.loadingList')}</p>}
        {seasons === 'error' && <p role="alert">{t('episodes.loadingError')}</p>}
        {Array.isArray(seasons) &&
          seasons.map((s) => (
            <Choice
              key={s.id}
              label={s.title}
              selected={view.meta?.episode?.seasonNumber === s.number}
              chevron
              onClick={() => {
                setChosen(s.number);
                go('/episodes');
              }}
            />
          ))}
      </Body>
    </Card>
  );
}
