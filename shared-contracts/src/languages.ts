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
