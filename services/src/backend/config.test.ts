import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backend-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('backend configuration', () => {
  it('has the documented defaults and persists a generated signing secret', () => {
    const dir = tempDir();
    const config = loadConfig({}, dir);
    expect(config).toMatchObject({
      databaseUrl: undefined,
      pgliteDir: path.join(dir, 'pglite'),
      sessionIdleMs: 21 * 86_400_000,
      challengeTtlMs: 300_000,
      corsOrigins: ['http://localhost:3000'],
      corsAnyLocalhost: true,
      corsAnyOrigin: false,
      captcha: { enabled: false },
      rateLimits: { enabled: true, registerStart: 10, loginStart: 20, progressImport: 5 },
    });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({}, dir).jwtSecret).toBe(config.jwtSecret);
    expect(fs.statSync(path.join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(loadConfig({ NODE_ENV: 'production' }, dir).corsAnyLocalhost).toBe(false);
  });

  it('reads the environment, then a JSON file under it, and refuses bad values by name', () => {
    const dir = tempDir();
    const file = path.join(dir, 'backend.json');
    fs.writeFileSync(
      file,
      JSON.stringify({ BACKEND_NAME: 'from file', BACKEND_SESSION_IDLE_DAYS: 7, BACKEND_CORS_ORIGINS: 'https://a.example' }),
    );
    const config = loadConfig(
      { BACKEND_CONFIG_FILE: file, BACKEND_SESSION_IDLE_DAYS: '2', BACKEND_JWT_SECRET: 's'.repeat(32), BACKEND_CORS_ORIGINS: '' },
      dir,
    );
    expect(config.name).toBe('from file');
    expect(config.sessionIdleMs).toBe(2 * 86_400_000);
    expect(config.corsOrigins).toEqual(['https://a.example']);
    expect(config.jwtSecret).toBe('s'.repeat(32));
    expect(() => loadConfig({ BACKEND_JWT_SECRET: 'short' }, dir)).toThrow(/BACKEND_JWT_SECRET/);
    expect(() => loadConfig({ BACKEND_SESSION_IDLE_DAYS: 'soon' }, dir)).toThrow(/BACKEND_SESSION_IDLE_DAYS/);
    expect(() => loadConfig({ BACKEND_CAPTCHA_ENABLED: 'true' }, dir)).toThrow(/BACKEND_CAPTCHA_SECRET/);
    expect(loadConfig({ BACKEND_CORS_ORIGINS: 'http://a.example, *' }, dir)).toMatchObject({
      corsOrigins: ['http://a.example'],
      corsAnyOrigin: true,
    });
  });
});

describe('configuration table of docs/account-server.md', () => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const read = (file: string) => fs.readFileSync(path.join(here, file), 'utf8');
  /**
   * Read by config.ts but not settings of this server: set by the platform or npm, and named in the
   * document next to the setting they change (BACKEND_CORS_ANY_LOCALHOST, BACKEND_VERSION).
   */
  const GENERAL = ['NODE_ENV', 'npm_package_version'];

  /** The variables config.ts reads: the keys of EnvSchema, and any other `env.X`-style read. */
  const configVariables = () => {
    const source = read('config.ts');
    const schema = /const EnvSchema = v\.object\(\{\n([\s\S]*?)\n\}\);/.exec(source);
    expect(schema, 'EnvSchema in config.ts').not.toBeNull();
    const keys = [...schema![1]!.matchAll(/^ {2}([A-Za-z_]\w*):/gm)].map((m) => m[1]!);
    const reads = [...source.matchAll(/\b(?:e|env|defined|merged)\.([A-Z_a-z]\w*)/g)].map((m) => m[1]!);
    return { keys, all: [...new Set([...keys, ...reads])].sort() };
  };

  /** The configuration is documented in docs/account-server.md. */
  const DOC = '../../../docs/account-server.md';

  /** The first column of the table under "## Configuration"; `_SUFFIX` continues the name before it. */
  const readmeVariables = () => {
    const section = read(DOC)
      .split(/^## /m)
      .find((s) => s.startsWith('Configuration'));
    expect(section, `## Configuration in ${DOC}`).toBeDefined();
    const names: string[] = [];
    for (const line of section!.split('\n')) {
      const cell = /^\|([^|]*)\|/.exec(line)?.[1];
      if (!cell || !cell.includes('`')) continue;
      for (const [, name] of cell.matchAll(/`([A-Za-z_]\w*)`/g)) {
        if (name!.startsWith('_')) {
          const previous = names[names.length - 1]!.split('_');
          const suffix = name!.split('_').slice(1);
          names.push([...previous.slice(0, previous.length - suffix.length), ...suffix].join('_'));
        } else names.push(name!);
      }
    }
    return names;
  };

  it('names exactly the variables config.ts reads', () => {
    const { keys, all } = configVariables();
    const documented = readmeVariables();
    expect(keys.length).toBeGreaterThan(20);
    expect(new Set(documented).size, 'a variable listed twice').toBe(documented.length);
    expect([...documented].sort()).toEqual(all.filter((name) => !GENERAL.includes(name)));
    // the general ones are read, and the document says where they matter
    for (const name of GENERAL) {
      expect(all).toContain(name);
      expect(read(DOC)).toContain(name === 'NODE_ENV' ? 'NODE_ENV=production' : name);
    }
  });

  it('lists names that loadConfig really reads: a bad value of each checked one is refused by name', () => {
    const dir = tempDir();
    const checked = readmeVariables().filter((name) =>
      /(_DAYS|_SECONDS|_BYTES|_SIZE|_RATE_LIMIT_\w+|_LIMITS|_ENABLED|_PROXY|_LOCALHOST|_JWT_SECRET|_VERIFY_URL)$/.test(name),
    );
    expect(checked.length).toBeGreaterThanOrEqual(15);
    for (const name of checked) expect(() => loadConfig({ [name]: 'nonsense' }, dir), name).toThrow(name);
  });
});
