import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';

/** Settings of the account server; every field comes from an environment variable (see docs/account-server.md). */
export interface BackendConfig {
  name: string;
  description: string | undefined;
  version: string;
  databaseUrl: string | undefined;
  /** Folder of the embedded database when no DATABASE_URL is set. */
  pgliteDir: string;
  jwtSecret: string;
  /** False when jwtSecret was generated: on a PostgreSQL server the instances then agree on one kept in the database. */
  jwtSecretConfigured: boolean;
  sessionIdleMs: number;
  challengeTtlMs: number;
  corsOrigins: string[];
  corsAnyLocalhost: boolean;
  corsAnyOrigin: boolean;
  trustProxy: boolean;
  bodyLimitBytes: number;
  /** Rows one account may keep (bulk writes that would pass them answer 413). */
  maxBookmarks: number;
  maxProgressItems: number;
  rateLimits: RateLimits;
  captcha: { enabled: boolean; secret: string | undefined; clientKey: string | undefined; verifyUrl: string };
  pgPoolSize: number;
}

export interface RateLimits {
  enabled: boolean;
  windowMs: number;
  registerStart: number;
  registerComplete: number;
  loginStart: number;
  loginComplete: number;
  progressImport: number;
  /** Window of the two metrics buckets (upstream: 30 min). */
  metricsWindowMs: number;
  /** Reported provider items per metrics window. */
  providerMetrics: number;
  captchaMetrics: number;
}

const bool = v.pipe(
  v.picklist(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off']),
  v.transform((value) => ['1', 'true', 'yes', 'on'].includes(value)),
);
const number = v.pipe(v.string(), v.toNumber(), v.number());
const positive = v.pipe(number, v.gtValue(0));
const count = v.pipe(number, v.integer(), v.minValue(0));
const atLeast = (min: number) => v.pipe(number, v.integer(), v.minValue(min));
const text = (min: number, max: number) => v.pipe(v.string(), v.minLength(min), v.maxLength(max));
/** A setting with its default, written as the environment would give it. */
const or = <S extends v.GenericSchema<string, unknown>>(schema: S, fallback: number | boolean | string) =>
  v.optional(schema, String(fallback));

const EnvSchema = v.object({
  BACKEND_CONFIG_FILE: v.optional(v.string()),
  BACKEND_NAME: or(text(1, 200), 'movie-web local backend'),
  BACKEND_DESCRIPTION: or(
    text(0, 1000),
    'Stores your public key, encrypted device names and what you sync: bookmarks, watch progress and settings.',
  ),
  BACKEND_VERSION: v.optional(text(0, 50)),
  DATABASE_URL: v.optional(text(1, Infinity)),
  BACKEND_JWT_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'BACKEND_JWT_SECRET must be at least 32 characters'))),
  BACKEND_SESSION_IDLE_DAYS: or(positive, 21),
  BACKEND_CHALLENGE_TTL_SECONDS: or(positive, 300),
  BACKEND_CORS_ORIGINS: or(v.string(), 'http://localhost:3000'),
  BACKEND_CORS_ANY_LOCALHOST: v.optional(bool),
  BACKEND_TRUST_PROXY: or(bool, false),
  BACKEND_BODY_LIMIT_BYTES: or(atLeast(1024), 2 * 1024 * 1024),
  BACKEND_MAX_BOOKMARKS: or(atLeast(1), 20_000),
  BACKEND_MAX_PROGRESS_ITEMS: or(atLeast(1), 100_000),
  BACKEND_RATE_LIMITS: or(bool, true),
  BACKEND_RATE_LIMIT_WINDOW_SECONDS: or(positive, 600),
  BACKEND_RATE_LIMIT_REGISTER_START: or(count, 10),
  BACKEND_RATE_LIMIT_REGISTER_COMPLETE: or(count, 10),
  BACKEND_RATE_LIMIT_LOGIN_START: or(count, 20),
  BACKEND_RATE_LIMIT_LOGIN_COMPLETE: or(count, 20),
  BACKEND_RATE_LIMIT_PROGRESS_IMPORT: or(count, 5),
  BACKEND_RATE_LIMIT_METRICS_WINDOW_SECONDS: or(positive, 1800),
  BACKEND_RATE_LIMIT_PROVIDER_METRICS: or(count, 300),
  BACKEND_RATE_LIMIT_CAPTCHA_METRICS: or(count, 300),
  BACKEND_CAPTCHA_ENABLED: or(bool, false),
  BACKEND_CAPTCHA_SECRET: v.optional(text(1, Infinity)),
  BACKEND_CAPTCHA_CLIENT_KEY: v.optional(text(1, Infinity)),
  BACKEND_CAPTCHA_VERIFY_URL: or(v.pipe(v.string(), v.url()), 'https://www.google.com/recaptcha/api/siteverify'),
  BACKEND_PG_POOL_SIZE: or(v.pipe(atLeast(1), v.maxValue(200)), 10),
  NODE_ENV: v.optional(v.string()),
  npm_package_version: v.optional(v.string()),
});

/** Reads the optional JSON file (`BACKEND_CONFIG_FILE`): an object of the same variable names; the environment wins. */
function readConfigFile(file: string | undefined): Record<string, string> {
  if (!file) return {};
  const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`${file}: expected a JSON object`);
  return Object.fromEntries(Object.entries(parsed).map(([key, value]) => [key, String(value)]));
}

export function loadConfig(env: Record<string, string | undefined>, dataDir: string): BackendConfig {
  const defined = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const merged = { ...readConfigFile(defined.BACKEND_CONFIG_FILE), ...defined };
  const result = v.safeParse(EnvSchema, merged);
  if (!result.success) {
    const problems = result.issues.map((issue) => `${v.getDotPath(issue) ?? ''}: ${issue.message}`).join('; ');
    throw new Error(`backend configuration is invalid: ${problems}`);
  }
  const e = result.output;
  const production = e.NODE_ENV === 'production';
  const origins = e.BACKEND_CORS_ORIGINS.split(/[\s,]+/).filter(Boolean);
  if (e.BACKEND_CAPTCHA_ENABLED && !e.BACKEND_CAPTCHA_SECRET) {
    throw new Error('backend configuration is invalid: BACKEND_CAPTCHA_ENABLED needs BACKEND_CAPTCHA_SECRET');
  }
  return {
    name: e.BACKEND_NAME,
    description: e.BACKEND_DESCRIPTION,
    version: e.BACKEND_VERSION ?? e.npm_package_version ?? '1.3.1-local',
    databaseUrl: e.DATABASE_URL,
    pgliteDir: path.join(dataDir, 'pglite'),
    jwtSecret: e.BACKEND_JWT_SECRET ?? persistentSecret(dataDir),
    jwtSecretConfigured: e.BACKEND_JWT_SECRET !== undefined,
    sessionIdleMs: e.BACKEND_SESSION_IDLE_DAYS * 86_400_000,
    challengeTtlMs: e.BACKEND_CHALLENGE_TTL_SECONDS * 1000,
    corsOrigins: origins.filter((o) => o !== '*'),
    corsAnyOrigin: origins.includes('*'),
    corsAnyLocalhost: e.BACKEND_CORS_ANY_LOCALHOST ?? !production,
    trustProxy: e.BACKEND_TRUST_PROXY,
    bodyLimitBytes: e.BACKEND_BODY_LIMIT_BYTES,
    maxBookmarks: e.BACKEND_MAX_BOOKMARKS,
    maxProgressItems: e.BACKEND_MAX_PROGRESS_ITEMS,
    rateLimits: {
      enabled: e.BACKEND_RATE_LIMITS,
      windowMs: e.BACKEND_RATE_LIMIT_WINDOW_SECONDS * 1000,
      registerStart: e.BACKEND_RATE_LIMIT_REGISTER_START,
      registerComplete: e.BACKEND_RATE_LIMIT_REGISTER_COMPLETE,
      loginStart: e.BACKEND_RATE_LIMIT_LOGIN_START,
      loginComplete: e.BACKEND_RATE_LIMIT_LOGIN_COMPLETE,
      progressImport: e.BACKEND_RATE_LIMIT_PROGRESS_IMPORT,
      metricsWindowMs: e.BACKEND_RATE_LIMIT_METRICS_WINDOW_SECONDS * 1000,
      providerMetrics: e.BACKEND_RATE_LIMIT_PROVIDER_METRICS,
      captchaMetrics: e.BACKEND_RATE_LIMIT_CAPTCHA_METRICS,
    },
    captcha: {
      enabled: e.BACKEND_CAPTCHA_ENABLED,
      secret: e.BACKEND_CAPTCHA_SECRET,
      clientKey: e.BACKEND_CAPTCHA_CLIENT_KEY,
      verifyUrl: e.BACKEND_CAPTCHA_VERIFY_URL,
    },
    pgPoolSize: e.BACKEND_PG_POOL_SIZE,
  };
}

/** A random signing secret kept in dataDir, so tokens stay valid across restarts. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, secret, { mode: 0o600 });
  fs.renameSync(temp, file);
  return fs.readFileSync(file, 'utf8').trim();
}
