/**
 * The host runs the account sync engine (the account-sync package); the account remote keeps its pages
 * and reaches the account through HostApi.accountService. Only the service it keeps for contracts 1.3
 * hosts (remove in 1.5) builds an engine there.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './site.ts';

const ENGINE_FILES = ['sync-engine', 'merge', 'push', 'retry', 'sync-memory', 'api', 'account-service'];
const ENGINE_IMPORTS =
  /from '(account-sync\/(?:service|engine|push|retry|sync-memory))'|import\((?:\/\*[^*]*\*\/\s*)?'(account-sync\/(?:service|engine))'\)/g;
const LEGACY_ADAPTER = 'remote-account/src/features/account/legacy-account-service.ts';

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true }).flatMap((entry) => {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) return [];
    return [path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')];
  });
}

/** What a file imports of the engine, by subpath. */
const engineImports = (file: string) =>
  [...fs.readFileSync(path.join(ROOT, file), 'utf8').matchAll(ENGINE_IMPORTS)].map((match) => match[1] ?? match[2]);

describe('the account sync engine lives in account-sync, run by the host', () => {
  it('the account remote holds none of its files', () => {
    const found = sourceFiles('remote-account/src').filter((file) =>
      ENGINE_FILES.some((name) => path.basename(file).replace(/\.(test\.)?tsx?$/, '') === name),
    );
    expect(found).toEqual([]);
  });

  it("the account remote's pages do not import it; only its 1.3 adapter does", () => {
    const shipped = sourceFiles('remote-account/src').filter((file) => !/\.test\.tsx?$/.test(file));
    const importers = shipped.filter((file) => engineImports(file).length > 0);
    expect(importers).toEqual([LEGACY_ADAPTER]);
  });

  it('the host creates the account service from account-sync', () => {
    expect(engineImports('host/src/features/account-service/account-service.ts')).toEqual(['account-sync/service']);
  });
});
