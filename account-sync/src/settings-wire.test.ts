import { describe, expect, it } from 'vitest';
import type { AccountSettings } from 'shared-contracts';
import { settingsDiff, settingsFromServer } from './sync-engine';

const local = (applicationTheme: AccountSettings['applicationTheme']): AccountSettings => ({
  applicationLanguage: 'en',
  applicationTheme,
  defaultSubtitleLanguage: null,
  proxyUrls: null,
});

describe('the theme between this device and the backend', () => {
  it.each([
    [null, 'default'],
    [undefined, 'default'],
    ['', 'default'],
    ['default', 'default'],
    ['mocha', 'mocha'],
    ['neon', 'default'],
  ])("the server's %j reads as %s", (applicationTheme, expected) => {
    expect(settingsFromServer({ id: 'u', applicationTheme }).applicationTheme).toBe(expected);
  });

  it('a change to the default theme goes to the server as null, another theme by its name', () => {
    expect(settingsDiff(local('default'), local('teal'))).toEqual({ applicationTheme: null });
    expect(settingsDiff(local('teal'), local('default'))).toEqual({ applicationTheme: 'teal' });
    // What the server's null reads as is what this device holds: nothing to push.
    expect(settingsDiff(local('default'), settingsFromServer({ id: 'u', applicationTheme: null }))).not.toHaveProperty('applicationTheme');
  });
});
