/** Every language has every key of English (a test fails on a missing key), with the same placeholders. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from 'shared-contracts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Namespaces: the host's, and each remote's once it has translations. */
const namespaces = [
  { name: 'host', dir: path.resolve(here, '../../locales') },
  ...['discover', 'player', 'account', 'settings']
    .map((remote) => ({ name: remote, dir: path.resolve(here, `../../../../remote-${remote}/src/locales`) }))
    .filter((ns) => fs.existsSync(path.join(ns.dir, 'en.json'))),
];

const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  const out: Record<string, string> = {};
  for (const [key, child] of Object.entries(value as Record<string, unknown>))
    Object.assign(out, flatten(child, prefix ? `${prefix}.${key}` : key));
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const base = (key: string) => key.replace(PLURAL, '');

describe.each(namespaces)('translations of $name', ({ dir }) => {
  const english = flatten(JSON.parse(fs.readFileSync(path.join(dir, 'en.json'), 'utf8')));
  const englishBases = new Set(Object.keys(english).map(base));

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has every key, no stray keys, the same placeholders', (language) => {
    const file = path.join(dir, `${language}.json`);
    expect(fs.existsSync(file), `${file} exists`).toBe(true);
    const translated = flatten(JSON.parse(fs.readFileSync(file, 'utf8')));
    const translatedBases = new Set(Object.keys(translated).map(base));
    const missing = [...englishBases].filter((key) => !translatedBases.has(key));
    const stray = [...translatedBases].filter((key) => !englishBases.has(key));
    expect(missing, 'missing keys').toEqual([]);
    expect(stray, 'keys English does not have').toEqual([]);
    for (const [key, text] of Object.entries(translated)) {
      expect(text.trim(), `${language}: ${key} is empty`).not.toBe('');
      const source = english[key] ?? english[`${base(key)}_other`] ?? english[base(key)];
      // {{count}} may be spelled out in a plural form ("one result"); every other placeholder must stay.
      const named = (s: string) => placeholders(s).filter((p) => p !== 'count');
      if (source) expect(named(text), `${language}: ${key} placeholders`).toEqual(named(source));
    }
    for (const key of Object.keys(english).filter((k) => PLURAL.test(k))) {
      expect(translated[`${base(key)}_other`], `${language}: ${base(key)}_other`).toBeTruthy();
    }
  });
});
