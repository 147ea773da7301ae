/** Helpers for the backend tests and the bench: a server on a free port, an HTTP client, the account flows. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { encryptDeviceName, generatePassphrase, keysFromPassphrase, keysFromSeed, signChallenge, type AccountKeys } from 'account-crypto';
import { start } from './index';

const here = path.dirname(fileURLToPath(import.meta.url));
export const servicesDir = path.resolve(here, '..', '..');

export interface TestServer {
  url: string;
  dataDir: string;
  close(): Promise<void>;
}

/** Env for tests: rate limits off unless a test turns them on. */
export const TEST_ENV = { BACKEND_RATE_LIMITS: 'false', BACKEND_NAME: 'test backend' };

/**
 * Starts the backend on 127.0.0.1:0 with a temp dataDir. PGlite's first start runs initdb (seconds), so
 * unless `fresh` is set the embedded cluster is copied from a template initialised once per machine.
 */
export async function startBackend(
  env: Record<string, string | undefined> = {},
  options: { fresh?: boolean; dataDir?: string } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'backend-test-'));
  const merged: Record<string, string | undefined> = { ...TEST_ENV, ...env };
  if (!merged.DATABASE_URL && !options.fresh && !fs.existsSync(path.join(dataDir, 'pglite'))) {
    fs.cpSync(await pgliteTemplate(), path.join(dataDir, 'pglite'), { recursive: true });
  }
  const service = await start({ port: 0, host: '127.0.0.1', dataDir, urls: {}, log: () => {}, env: merged });
  return {
    url: service.url,
    dataDir,
    close: async () => {
      await service.close();
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A throwaway PGlite folder (`<dir>/pglite`, copied from the template) and its removal. */
export async function pgliteTestDir(): Promise<{ dir: string; remove: () => void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backend-pglite-'));
  fs.cpSync(await pgliteTemplate(), path.join(dir, 'pglite'), { recursive: true });
  return { dir: path.join(dir, 'pglite'), remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

async function pgliteTemplate(): Promise<string> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const { version } = JSON.parse(fs.readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  const template = path.join(os.tmpdir(), `mw-backend-pglite-template-${version}`);
  if (fs.existsSync(path.join(template, 'pgdata', 'PG_VERSION'))) return template;
  const building = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-backend-pglite-build-'));
  const service = await start({ port: 0, host: '127.0.0.1', dataDir: building, urls: {}, log: () => {}, env: TEST_ENV });
  await service.close();
  try {
    fs.renameSync(path.join(building, 'pglite'), template);
  } catch {
    // another test file built it at the same time
  }
  fs.rmSync(building, { recursive: true, force: true });
  return template;
}

/** A running `with-postgres.sh` cluster (or DATABASE_URL), or the reason there is none. */
export interface Postgres {
  url: string | undefined;
  reason: string;
  stop(): Promise<void>;
}

/** `tmpdir`: where with-postgres.sh makes its throwaway cluster (TMPDIR, /tmp by default). */
export async function findPostgres(options: { tmpdir?: string } = {}): Promise<Postgres> {
  if (process.env.DATABASE_URL) {
    return { url: process.env.DATABASE_URL, reason: 'DATABASE_URL', stop: async () => {} };
  }
  const script = path.join(servicesDir, 'scripts', 'with-postgres.sh');
  const child: ChildProcess = spawn(
    'bash',
    [
      script,
      process.execPath,
      '-e',
      'console.log("DATABASE_URL=" + process.env.DATABASE_URL); process.stdin.resume(); process.stdin.on("end", () => process.exit(0));',
    ],
    { stdio: ['pipe', 'pipe', 'pipe'], env: options.tmpdir ? { ...process.env, TMPDIR: options.tmpdir } : process.env },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
  const url = await new Promise<string | undefined>((resolve) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /DATABASE_URL=(\S+)/.exec(out);
      if (match) resolve(match[1]);
    });
    void exited.then(() => resolve(undefined));
  });
  if (!url) {
    const code = await exited;
    return {
      url: undefined,
      reason:
        code === 3
          ? 'no PostgreSQL server installed and DATABASE_URL unset (apt-get install -y postgresql)'
          : `with-postgres.sh failed (${code}): ${stderr.trim().slice(0, 500)}`,
      stop: async () => {},
    };
  }
  return {
    url,
    reason: stderr.trim(),
    stop: async () => {
      child.stdin!.end();
      await exited;
    },
  };
}

export interface Response<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** JSON over HTTP with a User-Agent (upstream needs one on the auth routes) and an optional bearer token. */
export async function call<T = any>(
  base: string,
  method: string,
  pathname: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: string } = {},
): Promise<Response<T>> {
  const headers: Record<string, string> = { 'user-agent': 'backend-test/1.0', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let payload: string | undefined = options.raw;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(options.body);
  }
  const response = await fetch(base + pathname, { method, headers, body: payload });
  const text = await response.text();
  let body: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('json') && text) body = JSON.parse(text);
  return { status: response.status, body: body as T, headers: response.headers };
}

export interface Account {
  passphrase: string | undefined;
  keys: AccountKeys;
  userId: string;
  sessionId: string;
  token: string;
}

const PROFILE = { colorA: '#2E65CF', colorB: '#2E65CF', icon: 'couch' };

/** The client's register flow (docs/behaviour.md#account-crypto): challenge, signature over its UTF-8 bytes, keys in base64url. */
export async function register(
  base: string,
  options: { passphrase?: string; seed?: Uint8Array; device?: string; captchaToken?: string } = {},
): Promise<Account> {
  const passphrase = options.seed ? undefined : (options.passphrase ?? generatePassphrase());
  const keys = options.seed ? keysFromSeed(options.seed) : keysFromPassphrase(passphrase!);
  const started = await call(base, 'POST', '/auth/register/start', {
    body: options.captchaToken ? { captchaToken: options.captchaToken } : {},
  });
  if (started.status !== 200) throw new Error(`register/start ${started.status} ${JSON.stringify(started.body)}`);
  const code: string = started.body.challenge;
  const done = await call(base, 'POST', '/auth/register/complete', {
    body: {
      publicKey: keys.publicKeyWire,
      challenge: { code, signature: signChallenge(code, keys.seed) },
      namespace: 'movie-web',
      device: await encryptDeviceName(options.device ?? 'Test device', keys.seed),
      profile: PROFILE,
    },
  });
  if (done.status !== 200) throw new Error(`register/complete ${done.status} ${JSON.stringify(done.body)}`);
  return { passphrase, keys, userId: done.body.user.id, sessionId: done.body.session.id, token: done.body.token };
}

export async function login(base: string, keys: AccountKeys, device = 'Second device'): Promise<Account & { response: any }> {
  const started = await call(base, 'POST', '/auth/login/start', { body: { publicKey: keys.publicKeyWire } });
  if (started.status !== 200) throw new Error(`login/start ${started.status} ${JSON.stringify(started.body)}`);
  const code: string = started.body.challenge;
  const done = await call(base, 'POST', '/auth/login/complete', {
    body: {
      namespace: 'movie-web',
      publicKey: keys.publicKeyWire,
      challenge: { code, signature: signChallenge(code, keys.seed) },
      device: await encryptDeviceName(device, keys.seed),
    },
  });
  if (done.status !== 200) throw new Error(`login/complete ${done.status} ${JSON.stringify(done.body)}`);
  return {
    passphrase: undefined,
    keys,
    userId: done.body.user.id,
    sessionId: done.body.session.id,
    token: done.body.token,
    response: done.body,
  };
}

export const movieMeta = (title = 'Fight Club') => ({ title, year: 1999, poster: '/p.jpg', type: 'movie' as const });
export const showMeta = (title = 'Game of Thrones') => ({ title, year: 2011, poster: '/s.jpg', type: 'show' as const });
