/**
 * Which captions a menu page lists and which one the captions toggle picks (routes /captions/source and
 * /captions/opensubtitles; subtitle settings lastSelectedLanguage and isOpenSubtitles:
 * docs/behaviour.md#captions-sources).
 */

/** What choosing needs to know of a caption. */
export interface CaptionChoice {
  language: string;
  /** Found on OpenSubtitles (listed on its own page) rather than with the stream. */
  opensubtitles?: boolean;
}

/** The stream's own captions (and HLS renditions, custom files) apart from those flagged OpenSubtitles. */
export function groupCaptions<T extends CaptionChoice>(options: readonly T[]): { source: T[]; opensubtitles: T[] } {
  return { source: options.filter((o) => !o.opensubtitles), opensubtitles: options.filter((o) => o.opensubtitles) };
}

/**
 * The caption the toggle turns on: the last chosen language from the last chosen kind (OpenSubtitles or
 * the stream's), then that language from either, then English (stream first), then the first.
 */
export function preferredCaption<T extends CaptionChoice>(
  options: readonly T[],
  last: { language: string | null; isOpenSubtitles: boolean },
): T | undefined {
  const sameKind = (o: T) => !!o.opensubtitles === last.isOpenSubtitles;
  return (
    options.find((o) => o.language === last.language && sameKind(o)) ??
    options.find((o) => o.language === last.language) ??
    options.find((o) => o.language === 'en' && !o.opensubtitles) ??
    options.find((o) => o.language === 'en') ??
    options[0]
  );
}

/**
 * The caption remembered by lastSelectedLanguage (docs/behaviour.md#captions-sources): the caption a new
 * stream starts with on its own — one in the language the person chose last (of the same kind,
 * OpenSubtitles or not, when there is one), only while captions are on. None otherwise: captions are never
 * turned on in a language nobody chose.
 */
export function rememberedCaption<T extends CaptionChoice>(
  options: readonly T[],
  settings: { enabled: boolean; language: string | null; isOpenSubtitles: boolean },
): T | undefined {
  const { enabled, language, isOpenSubtitles } = settings;
  if (!enabled || !language || language === 'custom') return undefined;
  return (
    options.find((o) => o.language === language && !!o.opensubtitles === isOpenSubtitles) ?? options.find((o) => o.language === language)
  );
}

/**
 * Whether the overlay shows cues: a caption is chosen and subtitles are not hidden
 * (`subtitles.enabled`, docs/behaviour.md#captions-styling; written by "Hide subtitles" on
 * /captions/settings opened from the captions tab).
 */
export function captionsShown(selectedId: string | null, enabled: boolean): boolean {
  return selectedId !== null && enabled;
}

/**
 * What the `c` key and the menu's subtitle toggle do: captions on screen go off; a chosen caption that
 * is hidden shows again; with none chosen, the preferred one is chosen (which shows it).
 */
export function captionToggleAction(selectedId: string | null, enabled: boolean): 'off' | 'show' | 'choose' {
  if (captionsShown(selectedId, enabled)) return 'off';
  return selectedId !== null ? 'show' : 'choose';
}
