import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, DEFAULT_SUBTITLE_SETTINGS, type Preferences } from 'shared-contracts';
import { buildExport, parseExport } from './export';

const preferences: Preferences = {
  ...DEFAULT_PREFERENCES,
  sourceOrder: ['archive'],
  enableThumbnails: true,
  mediaServerUrl: 'https://media-user:media-password@jf.example/base',
  mediaServerApiKey: 'jellyfin-api-key-123',
  febboxKey: 'febbox-token-456',
};
const account = {
  token: 'jwt-token-789',
  userId: 'u',
  sessionId: 's',
  deviceName: 'iv.ct.tag',
  seed: 'c2VlZC1ieXRlcy1zZWVkLWJ5dGVzLXNlZWQtYnl0ZXM=',
  profile: { colorA: '#000', colorB: '#fff', icon: 'cat' },
};

function exported() {
  const data = {
    bookmarks: { '19': { type: 'movie' as const, title: 'Metropolis', year: 1927, updatedAt: 1 } },
    progress: {},
    settings: {
      language: 'de',
      theme: 'red' as const,
      preferences,
      subtitles: { ...DEFAULT_SUBTITLE_SETTINGS, lastSelectedLanguage: 'nl' },
    },
    // What a careless caller could hand in along with the data.
    account,
    auth: { account, backendUrl: null },
  };
  return buildExport(data, new Date('2024-05-01T00:00:00Z'));
}

describe('export file', () => {
  it('holds no credential: no febbox token, media server API key or password, account token or seed', () => {
    const text = JSON.stringify(exported());
    for (const secret of [
      'febbox-token-456',
      'jellyfin-api-key-123',
      'media-password',
      'media-user',
      'jwt-token-789',
      account.seed,
      'iv.ct.tag',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    const file = exported();
    expect(Object.keys(file).sort()).toEqual(['bookmarks', 'exportedAt', 'format', 'progress', 'settings', 'version']);
    expect(file.settings.preferences).not.toHaveProperty('febboxKey');
    expect(file.settings.preferences).not.toHaveProperty('mediaServerApiKey');
  });

  it('keeps everything else, and reads back', () => {
    const file = exported();
    expect(file.settings).toMatchObject({ language: 'de', theme: 'red', subtitles: { lastSelectedLanguage: 'nl' } });
    expect(file.settings.preferences).toMatchObject({
      enableThumbnails: true,
      sourceOrder: ['archive'],
      mediaServerUrl: 'https://jf.example/base',
    });
    const parsed = parseExport(JSON.stringify(file));
    expect(parsed).toMatchObject({ ok: true, skipped: 0, file: { bookmarks: { '19': { title: 'Metropolis' } } } });
  });
});
