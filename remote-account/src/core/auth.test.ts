/** The account flows' errors, as the person reads them. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BackendError } from 'account-sync/api';
import { describe, expect, it } from 'vitest';
import { toAccountError } from 'account-sync/auth';

describe('an unexpected answer, for the user', () => {
  const locales = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../locales');
  const read = (file: string) => JSON.parse(fs.readFileSync(path.join(locales, file), 'utf8')) as { errors: Record<string, string> };

  it('has its own message, in all 13 languages', () => {
    const error = toAccountError(
      new BackendError('unexpected-response', 'unexpected answer to GET /users/@me: user: expected object, got nothing', 200),
    );
    expect(error.code).toBe('unexpected-response');
    const files = fs.readdirSync(locales).filter((f) => f.endsWith('.json'));
    expect(files).toHaveLength(13);
    const en = read('en.json').errors;
    expect(en[error.code]).toBe('The server sent an answer this site cannot read. Try again later or use another server.');
    for (const file of files.filter((f) => f !== 'en.json')) {
      const text = read(file).errors[error.code];
      expect(text, file).toBeTruthy();
      expect(text, file).not.toBe(en[error.code]);
    }
  });
});
