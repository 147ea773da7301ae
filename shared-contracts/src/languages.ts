/** Interface languages (BCP 47 codes) every app ships translations for; the first is the fallback. */
export const LANGUAGES = ['en', 'ar', 'de', 'es', 'fr', 'he', 'it', 'ja', 'nl', 'pl', 'pt-BR', 'tr', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Names of the languages in themselves, for the language pickers. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  ar: 'العربية',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  he: 'עברית',
  it: 'Italiano',
  ja: '日本語',
  nl: 'Nederlands',
  pl: 'Polski',
  'pt-BR': 'Português (Brasil)',
  tr: 'Türkçe',
  zh: '中文',
};

export const RTL_LANGUAGES: readonly Language[] = ['ar', 'he'];

export const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

/** The best supported language for a list of preferred tags (navigator.languages), else English. */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    if (isLanguage(tag)) return tag;
    const exact = LANGUAGES.find((l) => l.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const base = tag.split('-')[0]!.toLowerCase();
    const byBase = LANGUAGES.find((l) => l.split('-')[0]!.toLowerCase() === base);
    if (byBase) return byBase;
  }
  return 'en';
}

/** First Strong Isolate / Pop Directional Isolate: the text between them takes its own direction. */
export const FSI = '\u2068';
export const PDI = '\u2069';

/**
 * The value interpolated into a right-to-left language's text, isolated: a Latin title, a URL, a
 * count or a negative delay keeps its own direction and does not pull the translated words around it
 * ("+Apple TV", digits glued to the neighbouring number). Other languages get the value unchanged.
 */
export function isolateValue(value: unknown, language: string | undefined): unknown {
  if (value === undefined || value === null || value === '') return value;
  if (typeof value !== 'string' && typeof value !== 'number') return value;
  if (!language || !RTL_LANGUAGES.includes(language as Language)) return value;
  return `${FSI}${String(value)}${PDI}`;
}

/**
 * i18next's interpolation options for every app (the host and each remote's standalone page), given
 * how to read the language being shown. i18next passes every interpolated value through `escape`
 * (React escapes markup itself, so nothing is HTML-escaped here): in a right-to-left language each
 * value comes out isolated.
 */
export function i18nInterpolation(language: () => string | undefined) {
  return {
    escapeValue: true,
    escape: (value: string): string => isolateValue(value, language()) as string,
  };
}
