// @vitest-environment jsdom
/** In right-to-left languages every interpolated value keeps its own direction, isolated by the one i18next set-up. */
import i18next from 'i18next';
import { FSI, PDI } from 'shared-contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from './i18n';

beforeAll(async () => {
  await initI18n('ar');
});

describe('interpolated values', () => {
  it.each([
    ['ar', 'remotes.unavailableTitle', { name: 'Discover' }, 'Discover'],
    ['he', 'pageTitles.search', { query: 'Apple TV+' }, 'Apple TV+'],
    ['ar', 'media.watchTitle', { title: 'The Velvet Lantern', season: 1, episode: 2 }, 'The Velvet Lantern'],
    ['he', 'footer.version', { version: '4.9.4' }, '4.9.4'],
  ])('%s: %s isolates its value', async (lng, key, values, value) => {
    await i18next.changeLanguage(lng);
    expect(i18next.t(key, values)).toContain(`${FSI}${value}${PDI}`);
  });

  it('isolates counts and numbers as well as names', async () => {
    await i18next.changeLanguage('ar');
    expect(i18next.t('home.search.resultsCount', { count: 5 })).toContain(`${FSI}5${PDI}`);
    const title = i18next.t('media.watchTitle', { title: 'Nosferatu', season: 1, episode: 12 });
    expect(title).toContain(`${FSI}12${PDI}`);
  });

  it.each(['en', 'fr'])('%s (left to right) gets the values as they are', async (lng) => {
    await i18next.changeLanguage(lng);
    const text = i18next.t('remotes.unavailableTitle', { name: 'Apple TV+' });
    expect(text).toContain('Apple TV+');
    expect(text).not.toMatch(/[\u2068\u2069]/);
  });

  it('an absent value is not isolated as text', async () => {
    await i18next.changeLanguage('ar');
    expect(i18next.t('remotes.unavailableTitle')).not.toContain(`${FSI}undefined`);
  });
});
