/** Caption choices: the stream's captions, HLS renditions, OpenSubtitles' files, and a custom file; selection and toggle. */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useHostServices, useHostWith, type HostApi } from 'shared-contracts';
import { useSnapshot } from 'valtio/react';
import { captionToggleAction, preferredCaption, rememberedCaption } from '../../core/captions/choice';
import {
  searchOpenSubtitles,
  type OpenSubtitlesConfig,
  type OpenSubtitlesFile,
  type OpenSubtitlesQuery,
} from '../../core/captions/opensubtitles';
import { loadCaption, parseCaptionFile } from './captions';
import {
  clearCaption,
  finishCaptionLoad,
  finishExternalCaptionSearch,
  selectCustomCaption,
  setCaptionError,
  setCustomCaption,
  startCaptionLoad,
  startExternalCaptionSearch,
} from './player.actions';
import { usePlayer, type CaptionOption, type PlayerMeta } from './player.store';

const languageName = (code: string, locale: string): string => {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
  } catch {
    // Not a language code Intl knows (e.g. 'custom'): show it as it is.
    return code;
  }
};

/** The site's OpenSubtitles API, or null when it has no key (then only captions a source flags are listed). */
export function opensubtitlesConfig(config: HostApi['config']): OpenSubtitlesConfig | null {
  return config.opensubtitlesApiKey && config.opensubtitlesUrl
    ? { baseUrl: config.opensubtitlesUrl, apiKey: config.opensubtitlesApiKey }
    : null;
}

/** What to search OpenSubtitles for: the movie, or the show's episode; null when nothing plays. */
export function opensubtitlesQuery(meta: PlayerMeta | null, languages: readonly string[]): OpenSubtitlesQuery | null {
  if (!meta) return null;
  const ids = { tmdbId: meta.media.tmdbId, ...(meta.imdbId ? { imdbId: meta.imdbId } : {}), languages };
  if (meta.media.type === 'show') {
    if (!meta.episode) return null;
    return { type: 'episode', ...ids, season: meta.episode.seasonNumber, episode: meta.episode.episodeNumber };
  }
  return { type: 'movie', ...ids };
}

/** Which title (and episode) a query is for: results are kept per title, whatever languages were searched. */
const queryKey = (query: OpenSubtitlesQuery): string =>
  JSON.stringify([query.type, query.tmdbId ?? null, query.imdbId ?? null, query.type === 'episode' ? [query.season, query.episode] : null]);

/**
 * The languages searched: the interface language, the caption language chosen last, and English (the
 * language most subtitles exist in). The API would otherwise answer with its most downloaded files in
 * any language, a page of which rarely holds the one wanted.
 */
function searchLanguages(host: Pick<HostApi, 'state'>, pageLanguage: string): string[] {
  const base = (code: string | null | undefined) => (code ? code.split('-')[0]!.toLowerCase() : null);
  const wanted = [base(pageLanguage), base(host.state.subtitles.lastSelectedLanguage), 'en'];
  return [...new Set(wanted.filter((l): l is string => !!l && l !== 'custom'))];
}

/** A file found on OpenSubtitles as a caption option (its label, the language's name, is given when listed). */
const toOption = (file: OpenSubtitlesFile): CaptionOption => ({
  id: `opensubtitles-${file.fileId}`,
  language: file.language,
  label: file.language,
  kind: 'opensubtitles',
  opensubtitles: true,
  fileId: file.fileId,
  detail: file.hearingImpaired ? `${file.release} · HI` : file.release,
});

export function useCaptionOptions(): CaptionOption[] {
  const { engine } = usePlayer();
  const media = useSnapshot(engine.state);
  const { ui } = usePlayer();
  const view = useSnapshot(ui);
  // Language names in the language the page is shown in (a watch link's ?language= included).
  const { i18n } = useTranslation();
  const language = i18n.language;
  const external = view.captions.external;
  const currentSearch = useCurrentSearch();
  return useMemo(() => {
    const options: CaptionOption[] = [];
    for (const caption of media.source?.captions ?? []) {
      options.push({
        id: caption.id,
        language: caption.language,
        label: languageName(caption.language, language),
        kind: 'stream',
        ...(caption.opensubtitles ? { opensubtitles: true } : {}),
        caption: { ...caption },
      });
    }
    for (const track of media.hlsSubtitles) {
      options.push({
        id: `hls-${track.id}`,
        language: track.language,
        label: `${track.label || languageName(track.language, language)} (HLS)`,
        kind: 'hls',
        url: track.url,
      });
    }
    // Found on OpenSubtitles for this very title (a search for the previous one is not listed).
    if (external.status === 'ready' && currentSearch && external.key === currentSearch.key) {
      for (const option of external.options) options.push({ ...option, label: languageName(option.language, language) });
    }
    if (view.captions.custom) options.push({ ...view.captions.custom });
    return options;
  }, [media.source, media.hlsSubtitles, view.captions.custom, language, external, currentSearch]);
}

/** The OpenSubtitles search for what plays now (config, key, query), or null when there is none to run. */
function useCurrentSearch(): { config: OpenSubtitlesConfig; key: string; query: () => OpenSubtitlesQuery } | null {
  const { ui } = usePlayer();
  const view = useSnapshot(ui);
  const host = useHostServices();
  const meta = view.meta;
  // The language the page is shown in (a watch link's ?language= included), not only the saved one.
  const { i18n } = useTranslation();
  return useMemo(() => {
    const config = opensubtitlesConfig(host.config);
    const probe = config ? opensubtitlesQuery(meta, []) : null;
    if (!config || !probe) return null;
    // The languages are read when the search runs (host state read live): choosing a caption does not start another search.
    return { config, key: queryKey(probe), query: () => opensubtitlesQuery(meta, searchLanguages(host, i18n.language)) ?? probe };
  }, [meta, host, i18n]);
}

/**
 * Searches OpenSubtitles for what plays when a captions menu page opens, or when a new title
 * should start with the OpenSubtitles caption chosen last (`auto`): once per title and episode, again by
 * `retry` after a failure. The results join the caption options; a failure is shown in the menu and
 * leaves playback alone.
 */
export function useOpenSubtitlesSearch(auto = true): {
  enabled: boolean;
  status: 'idle' | 'loading' | 'ready' | 'failed';
  errorCode: string | null;
  retry: () => void;
} {
  const player = usePlayer();
  const { ui } = player;
  const view = useSnapshot(ui);
  const search = useCurrentSearch();
  const run = useCallback(() => {
    if (!search) return;
    const { key, config, query } = search;
    startExternalCaptionSearch(player, key);
    void searchOpenSubtitles(config, query()).then((result) => {
      if (ui.captions.external.key !== key) return; // another title's search took over
      finishExternalCaptionSearch(player, key, result.ok ? { ok: true, value: result.value.map(toOption) } : result);
    });
  }, [player, ui, search]);
  useEffect(() => {
    if (auto && search && ui.captions.external.key !== search.key) run();
  }, [auto, search, ui, run]);
  const external = view.captions.external;
  const current = !!search && external.key === search.key;
  // Not searched yet for this title: about to be, when this hook runs it.
  const pending = auto && !!search ? 'loading' : 'idle';
  return { enabled: !!search, status: current ? external.status : pending, errorCode: current ? external.errorCode : null, retry: run };
}

export function useCaptionActions() {
  const player = usePlayer();
  const { ui, engine } = player;
  const host = useHostServices();
  const options = useCaptionOptions();
  return useMemo(() => {
    const select = async (option: CaptionOption | null) => {
      if (!option) {
        clearCaption(player);
        host.actions.setSubtitleSettings({ enabled: false });
        return;
      }
      if (option.kind === 'custom') {
        selectCustomCaption(player, option);
        // Choosing a caption shows it, even when subtitles were hidden or off.
        host.actions.setSubtitleSettings({ enabled: true });
        return;
      }
      startCaptionLoad(player, option.id);
      const result = await loadCaption(option, {
        proxyUrls: host.state.proxyUrls,
        streamStartPts: engine.state.hlsStartPts,
        opensubtitles: opensubtitlesConfig(host.config),
      });
      if (ui.captions.loadingId !== option.id) return; // another choice won
      finishCaptionLoad(player, option, result);
      if (!result.ok) return;
      host.actions.setSubtitleSettings({ enabled: true, lastSelectedLanguage: option.language, isOpenSubtitles: !!option.opensubtitles });
    };
    /** The `c` key and the menu's subtitle toggle: off when shown, shown again when hidden, else the preferred caption. */
    const toggle = async () => {
      const { enabled, lastSelectedLanguage, isOpenSubtitles } = host.state.subtitles;
      switch (captionToggleAction(ui.captions.selectedId, enabled)) {
        case 'off':
          return select(null);
        case 'show':
          host.actions.setSubtitleSettings({ enabled: true });
          return;
        case 'choose':
          return select(preferredCaption(options, { language: lastSelectedLanguage, isOpenSubtitles }) ?? null);
      }
    };
    const upload = async (file: File) => {
      const result = await parseCaptionFile(file);
      if (!result) return; // files without a supported extension are ignored
      if (!result.ok) {
        setCaptionError(player, result.error);
        return;
      }
      const option: CaptionOption = { id: 'custom-caption', language: 'custom', label: file.name, kind: 'custom' };
      setCustomCaption(player, option, result.value);
      await select(option);
    };
    return { select, toggle, upload, options };
  }, [player, ui, engine, host, options]);
}

/**
 * Each new stream (the next title, the next episode, another source) starts with captions in
 * the language the person chose last, while captions are on; once per stream, and never over a choice
 * made on it. HLS subtitle renditions arrive after the manifest: the choice waits for them; a language
 * chosen from OpenSubtitles waits for this title's OpenSubtitles search (the stream's own caption in that
 * language is taken when the search finds none or fails).
 */
export function useRememberedCaption(actions: ReturnType<typeof useCaptionActions>): void {
  const { ui, engine } = usePlayer();
  const media = useSnapshot(engine.state);
  const host = useHostWith('subtitles');
  // The stream this was decided for: each load is a new source object (two episodes may play the same URL).
  const done = useRef<object | null>(null);
  const { enabled, lastSelectedLanguage, isOpenSubtitles } = host.state.subtitles;
  // Chosen last from OpenSubtitles: search this title too, and decide once the search has answered.
  const wantsOpenSubtitles = enabled && isOpenSubtitles && !!lastSelectedLanguage && lastSelectedLanguage !== 'custom';
  const search = useOpenSubtitlesSearch(wantsOpenSubtitles);
  const searching = wantsOpenSubtitles && search.status === 'loading';
  useEffect(() => {
    const key = engine.state.source;
    if (!media.source || !key) return;
    if (done.current === key) return;
    if (ui.captions.selectedId || ui.captions.loadingId) {
      done.current = key; // chosen on this stream already
      return;
    }
    if (searching) return;
    const option = rememberedCaption(actions.options, { enabled, language: lastSelectedLanguage, isOpenSubtitles });
    if (!option) return;
    done.current = key;
    void actions.select(option);
  }, [media.source, engine, actions, ui, enabled, lastSelectedLanguage, isOpenSubtitles, searching]);
}
