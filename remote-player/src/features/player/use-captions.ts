/** Caption choices: the stream's captions, HLS renditions, and a custom file; selection and toggle. */
import { useEffect, useMemo, useRef } from 'react';
import { useHostServices, useHostWith } from 'shared-contracts';
import { useSnapshot } from 'valtio/react';
import { ref } from 'valtio/vanilla';
import { captionToggleAction, preferredCaption, rememberedCaption } from '../../core/captions/choice';
import { loadCaption, parseCaptionFile } from './captions';
import { usePlayer, type CaptionOption } from './player.store';

const languageName = (code: string, locale: string): string => {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
  } catch {
    // Not a language code Intl knows (e.g. 'custom'): show it as it is.
    return code;
  }
};

export function useCaptionOptions(): CaptionOption[] {
  const { engine } = usePlayer();
  const media = useSnapshot(engine.state);
  const { ui } = usePlayer();
  const view = useSnapshot(ui);
  const { state } = useHostWith('language');
  return useMemo(() => {
    const options: CaptionOption[] = [];
    for (const caption of media.source?.captions ?? []) {
      options.push({
        id: caption.id,
        language: caption.language,
        label: languageName(caption.language, state.language),
        kind: 'stream',
        ...(caption.opensubtitles ? { opensubtitles: true } : {}),
        caption: { ...caption },
      });
    }
    for (const track of media.hlsSubtitles) {
      options.push({ id: `hls-${track.id}`, language: track.language, label: `${track.label || languageName(track.language, state.language)} (HLS)`, kind: 'hls', url: track.url });
    }
    if (view.captions.custom) options.push({ ...view.captions.custom });
    return options;
  }, [media.source, media.hlsSubtitles, view.captions.custom, state.language]);
}

export function useCaptionActions() {
  const { ui, engine } = usePlayer();
  const host = useHostServices();
  const options = useCaptionOptions();
  return useMemo(() => {
    const select = async (option: CaptionOption | null) => {
      if (!option) {
        ui.captions.selectedId = null;
        ui.captions.cues = [];
        ui.captions.error = null;
        host.actions.setSubtitleSettings({ enabled: false });
        return;
      }
      if (option.kind === 'custom') {
        ui.captions.selectedId = option.id;
        ui.captions.language = option.language;
        ui.captions.cues = ui.captions.customCues;
        ui.captions.error = null;
        // Choosing a caption shows it, even when subtitles were hidden or off.
        host.actions.setSubtitleSettings({ enabled: true });
        return;
      }
      ui.captions.loadingId = option.id;
      ui.captions.error = null;
      const result = await loadCaption(option, { proxyUrls: host.state.proxyUrls, streamStartPts: engine.state.hlsStartPts });
      if (ui.captions.loadingId !== option.id) return; // another choice won
      ui.captions.loadingId = null;
      if (!result.ok) {
        ui.captions.error = result.error.message;
        return;
      }
      ui.captions.selectedId = option.id;
      ui.captions.language = option.language;
      ui.captions.cues = ref(result.value);
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
      if (!result) return; // spec §5: files without a supported extension are ignored
      if (!result.ok) {
        ui.captions.error = result.error.message;
        return;
      }
      const option: CaptionOption = { id: 'custom-caption', language: 'custom', label: file.name, kind: 'custom' };
      ui.captions.custom = option;
      ui.captions.customCues = ref(result.value);
      await select(option);
    };
    return { select, toggle, upload, options };
  }, [ui, engine, host, options]);
}

/**
 * Issue 22: each new stream (the next title, the next episode, another source) starts with captions in
 * the language the person chose last, while captions are on; once per stream, and never over a choice
 * made on it. HLS subtitle renditions arrive after the manifest: the choice waits for them.
 */
export function useRememberedCaption(actions: ReturnType<typeof useCaptionActions>): void {
  const { ui, engine } = usePlayer();
  const media = useSnapshot(engine.state);
  const host = useHostWith('subtitles');
  // The stream this was decided for: each load is a new source object (two episodes may play the same URL).
  const done = useRef<object | null>(null);
  const { enabled, lastSelectedLanguage, isOpenSubtitles } = host.state.subtitles;
  useEffect(() => {
    const key = engine.state.source;
    if (!media.source || !key) return;
    if (done.current === key) return;
    if (ui.captions.selectedId || ui.captions.loadingId) {
      done.current = key; // chosen on this stream already
      return;
    }
    const option = rememberedCaption(actions.options, { enabled, language: lastSelectedLanguage, isOpenSubtitles });
    if (!option) return;
    done.current = key;
    void actions.select(option);
  }, [media.source, engine, actions, ui, enabled, lastSelectedLanguage, isOpenSubtitles]);
}
