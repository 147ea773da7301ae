/**
 * The translations read as one voice: one term per concept per language (the glossary), one way of
 * addressing the person, French and Japanese punctuation, and plural forms where a language needs them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from 'shared-contracts';
import { GLOSSARY, REGISTER } from './glossary';

const here = path.dirname(fileURLToPath(import.meta.url));
const folders: Record<string, string> = {
  host: path.resolve(here, '../../locales'),
  discover: path.resolve(here, '../../../../remote-discover/src/locales'),
  player: path.resolve(here, '../../../../remote-player/src/locales'),
  account: path.resolve(here, '../../../../remote-account/src/locales'),
  settings: path.resolve(here, '../../../../remote-settings/src/locales'),
};

function flatten(value: unknown, prefix: string, out: Map<string, string>): Map<string, string> {
  if (typeof value === 'string') out.set(prefix, value);
  else
    for (const [key, child] of Object.entries(value as Record<string, unknown>))
      flatten(child, prefix.endsWith(':') ? `${prefix}${key}` : `${prefix}.${key}`, out);
  return out;
}

/** Every text of a language, by `namespace:key`. */
function texts(language: Language): Map<string, string> {
  const out = new Map<string, string>();
  for (const [namespace, dir] of Object.entries(folders))
    flatten(JSON.parse(fs.readFileSync(path.join(dir, `${language}.json`), 'utf8')), `${namespace}:`, out);
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** The text of a key, or of its plural forms. */
const textsOf = (all: Map<string, string>, key: string) => [...all].filter(([k]) => k === key || k.replace(PLURAL, '') === key);
/** A key and its text, as a failure lists it. */
const listed = ([key, text]: [string, string]) => `${key}: ${text}`;
/** Text with its placeholders and web addresses taken out: what a reader reads around the values. */
const prose = (text: string) => text.replace(/\{\{[^}]*\}\}/g, ' ').replace(/\b[a-z]+:\/\/\S*/gi, ' ');

describe.each(LANGUAGES)('%s', (language) => {
  const all = texts(language);

  it.each(Object.entries(GLOSSARY))('names "%s" with one term', (_name, concept) => {
    const term = concept.terms[language];
    const problems: string[] = [];
    if (term) {
      const re = new RegExp(term, 'iu');
      for (const key of concept.keys) {
        const found = textsOf(all, key);
        if (found.length === 0) problems.push(`${key} is missing`);
        for (const [k, text] of found) if (!re.test(text)) problems.push(`${k} does not say "${term}": ${text}`);
      }
    }
    for (const word of concept.avoid?.[language] ?? [])
      for (const [k, text] of all) if (text.toLowerCase().includes(word.toLowerCase())) problems.push(`${k} says "${word}": ${text}`);
    for (const other of concept.distinct ?? []) {
      const otherTerm = GLOSSARY[other]!.terms[language];
      if (!otherTerm) continue;
      const re = new RegExp(otherTerm, 'iu');
      for (const key of concept.keys)
        for (const [k, text] of textsOf(all, key))
          if (re.test(text)) problems.push(`${k} uses the term for ${other} ("${otherTerm}"): ${text}`);
    }
    expect(problems).toEqual([]);
  });

  it('has the plural forms the language needs', () => {
    // The forms a count of titles, seconds or devices can take (French "many" is for millions).
    const rules = new Intl.PluralRules(language);
    const needed = [...new Set(Array.from({ length: 1001 }, (_, n) => rules.select(n)))];
    const plural = new Set([...all.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')));
    const missing = [...plural].flatMap((base) => needed.filter((form) => !all.has(`${base}_${form}`)).map((form) => `${base}_${form}`));
    expect(missing).toEqual([]);
  });
});

describe.each(Object.entries(REGISTER))('%s addresses the person in one register', (language, { rule, avoid }) => {
  it(rule, () => {
    const re = new RegExp(avoid, 'u');
    const offenders = [...texts(language as Language)].filter(([, text]) => re.test(text));
    expect(offenders.map(listed)).toEqual([]);
  });
});

describe('a number said with a noun', () => {
  // "3 bookmarks" needs the language's plural forms, so it is a plural message of its own ({{count}});
  // a sentence with two such numbers puts each in its own plural message. These placeholders are not
  // counts: a name, a version, and a vote figure already written out ("12K+").
  const notCounts = new Set(['name', 'version', 'votes']);
  it('is a plural message in English', () => {
    const offenders = [...texts('en')].filter(
      ([key, text]) => !PLURAL.test(key) && [...text.matchAll(/\{\{\s*(\w+)\s*\}\} [a-z]+s\b/g)].some((m) => !notCounts.has(m[1]!)),
    );
    expect(offenders.map(listed)).toEqual([]);
  });
});

describe('French punctuation', () => {
  // A space before : ; ! ? » and after « must not break: a narrow no-break space (or a no-break space).
  const all = texts('fr');
  it('no breakable space before : ; ! ? » or after «', () => {
    const offenders = [...all].filter(([, text]) => / [:;!?»]|« /.test(prose(text)));
    expect(offenders.map(listed)).toEqual([]);
  });
  it('a space before ; ! ? (none glued to the word)', () => {
    const offenders = [...all].filter(([, text]) => /[\p{L}\p{N})][;!?]/u.test(prose(text)));
    expect(offenders.map(listed)).toEqual([]);
  });
});

describe('Japanese punctuation', () => {
  // Next to Japanese text, punctuation is full width: ！？：；、（）, not ! ? : ; , ( ).
  const japanese = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}ー。、「」]/u;
  it('no half-width punctuation next to Japanese text', () => {
    const offenders = [...texts('ja')].filter(([, text]) => {
      const t = prose(text);
      for (let i = 0; i < t.length; i++) {
        if (!/[!?:;,()]/.test(t[i]!)) continue;
        const before = t.slice(0, i).trimEnd().slice(-1);
        const after = t
          .slice(i + 1)
          .trimStart()
          .slice(0, 1);
        if (japanese.test(before) || japanese.test(after)) return true;
      }
      return false;
    });
    expect(offenders.map(listed)).toEqual([]);
  });
});
