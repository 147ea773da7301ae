/** What the production builds publish: nothing that names the machine they were built on. */
import { test, expect } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { APP_NAMES } from '../../scripts/apps.ts';
import { distOf, ROOT } from '../../scripts/site.ts';

const filesUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : /\.(js|map|html|json|css|txt)$/.test(entry.name) ? [full] : [];
  });

test('no built file or source map carries the build machine’s absolute paths', () => {
  const forms = [ROOT, encodeURIComponent(ROOT)];
  const leaking: string[] = [];
  for (const app of APP_NAMES)
    for (const file of filesUnder(distOf(app))) {
      const text = fs.readFileSync(file, 'utf8');
      if (forms.some((form) => text.includes(form))) leaking.push(path.relative(ROOT, file));
      if (file.endsWith('.map')) {
        const { sources } = JSON.parse(text) as { sources: string[] };
        const absolute = sources.filter((s) => s.startsWith('/') || /^webpack:\/\/[^/]*\/\//.test(s));
        if (absolute.length) leaking.push(`${path.relative(ROOT, file)}: ${absolute[0]}`);
      }
    }
  expect(leaking).toEqual([]);
});
