import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
    fs.writeFileSync(file, JSON.stringify({ BACKEND_NAME: 'from file', BACKEND_SESSION_IDLE_DAYS: 7, BACKEND_CORS_ORIGINS: 'https://a.example' }));
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
