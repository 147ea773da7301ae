/** The inline app shell in index.html must say what the home page will say. */
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import { homeMoment } from './home-titles';

const html = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../index.html'), 'utf8');
const script = /<script id="app-shell">([\s\S]*?)<\/script>/.exec(html)![1]!;

function runShell(): { moment: (d: Date) => string; titles: Record<string, string> } {
  const window: Record<string, unknown> = {};
  vm.runInNewContext(script, {
    window,
    location: { pathname: '/nope', hash: '' },
    localStorage: { getItem: () => null },
    navigator: { language: 'en' },
    document: {},
  });
  return { moment: window.__mwShellMoment as (d: Date) => string, titles: window.__mwShellTitles as Record<string, string> };
}

describe('app shell', () => {
  const shell = runShell();
  it('uses the English home titles', () => expect(shell.titles).toEqual(en.home.titles));
  it.each([
    '2026-03-10T06:00:00',
    '2026-03-10T12:30:00',
    '2026-03-10T19:00:00',
    '2026-03-10T02:00:00',
    '2026-10-31T10:00:00',
    '2026-12-24T10:00:00',
    '2027-01-01T10:00:00',
  ])('picks the same moment as the app at %s', (iso) => expect(shell.moment(new Date(iso))).toBe(homeMoment(new Date(iso))));
});
