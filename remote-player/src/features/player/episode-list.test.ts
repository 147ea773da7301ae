import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import ar from '../../locales/ar.json';
import en from '../../locales/en.json';
import es from '../../locales/es.json';
import zh from '../../locales/zh.json';
import { episodeList } from './episode-list';

const i18n = createInstance();
await i18n.init({
  lng: 'en',
  resources: { en: { player: en }, es: { player: es }, zh: { player: zh }, ar: { player: ar } },
  defaultNS: 'player',
});

describe('episodeList', () => {
  it.each([
    ['en', 'S1 E2 and S1 E3'],
    ['es', 'T1 E2 y T1 E3'],
    ['zh', '第1季 第2集和第1季 第3集'],
    ['ar', 'م1 ح2 وم1 ح3'],
  ])('%s writes the episodes its own way', (language, expected) => {
    const t = i18n.getFixedT(language, 'player');
    expect(
      episodeList(t, language, [
        { season: 1, episode: 2 },
        { season: 1, episode: 3 },
      ]),
    ).toBe(expected);
  });
});
