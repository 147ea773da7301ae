/**
 * i18next: one resource file per language, a namespace per app ('host', and each remote's own name),
 * loaded on demand. Remotes register their namespace loader when they load.
 */
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { i18nInterpolation, LANGUAGES, RTL_LANGUAGES, isLanguage, type Language } from 'shared-contracts';
import en from '../../locales/en.json';

type Loader = (language: string) => Promise<Record<string, unknown>>;

const hostLoader: Loader = (language) =>
  language === 'en'
    ? Promise.resolve(en)
    : import(/* webpackChunkName: "locale-[request]" */ `../../locales/${language}.json`).then(
        (m: { default: Record<string, unknown> }) => m.default,
      );

const loaders = new Map<string, Loader>([['host', hostLoader]]);

/** A remote's namespace becomes loadable (and is loaded for the current language) when the remote arrives. */
const registered = new Map<string, Promise<void>>();
export function registerNamespace(namespace: string, loader: Loader): Promise<void> {
  // A second caller (a preload, then the page's slot) waits for the same first load.
  let pending = registered.get(namespace);
  if (!pending) {
    loaders.set(namespace, loader);
    pending = i18next.loadNamespaces(namespace);
    registered.set(namespace, pending);
  }
  return pending;
}

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const loader = loaders.get(namespace);
    if (!loader) return callback(null, {});
    loader(language).then(
      (resources) => callback(null, resources),
      (error: unknown) => {
        console.error(`[i18n] ${namespace}/${language} failed to load`, error);
        callback(error as Error, false);
      },
    );
  },
};

export function applyDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
  document.documentElement.dir = RTL_LANGUAGES.includes(language as Language) ? 'rtl' : 'ltr';
}

export async function initI18n(language: string): Promise<typeof i18next> {
  await i18next
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: isLanguage(language) ? language : 'en',
      fallbackLng: 'en',
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      ns: ['host'],
      defaultNS: 'host',
      interpolation: i18nInterpolation(() => i18next.language),
      react: { useSuspense: true },
      returnNull: false,
    });
  applyDocumentLanguage(i18next.language);
  i18next.on('languageChanged', applyDocumentLanguage);
  return i18next;
}
