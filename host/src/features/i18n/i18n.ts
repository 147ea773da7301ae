import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

const en = {
  nav: { discover: 'Discover', settings: 'Settings', home: 'Home', skip: 'Skip to content' },
  footer: {
    disclaimer: 'This site does not host any files, it merely links to third-party services.',
    dmca: 'DMCA',
  },
  home: {
    title: 'What do you want to watch?',
    intro: 'Search and browse movies and TV shows, and keep your bookmarks and progress.',
  },
  notFound: {
    title: "Couldn't find that page",
    text: "We looked everywhere: under the bins, in the closet, behind the proxy but ultimately couldn't find the page you are looking for.",
    home: 'Go home',
  },
  overrides: {
    active: 'QA override active',
    reset: 'Reset overrides',
  },
};

export async function initI18n(): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { host: en } },
    defaultNS: 'host',
    ns: ['host'],
    interpolation: { escapeValue: false },
  });
  return i18next;
}
