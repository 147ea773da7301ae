import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Settings of the account server; every field comes from an environment variable (see README.md). */
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

const bool = z.enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off']).transform((v) => ['1', 'true', 'yes', 'on'].includes(v));
const positive = z.coerce.number().positive();
const count = z.coerce.number().int().min(0);

const EnvSchema = z.object({
  BACKEND_CONFIG_FILE: z.string().optional(),
  BACKEND_NAME: z.string().min(1).max(200).default('movie-web local backend'),
  BACKEND_DESCRIPTION: z
    .string()
    .max(1000)
    .default('Stores your public key, encrypted device names and what you sync: bookmarks, watch progress and settings.'),
  BACKEND_VERSION: z.string().max(50).optional(),
  DATABASE_URL: z.string().min(1).optional(),
  BACKEND_JWT_SECRET: z.string().min(32, 'BACKEND_JWT_SECRET must be at least 32 characters').optional(),
  BACKEND_SESSION_IDLE_DAYS: positive.default(21),
  BACKEND_CHALLENGE_TTL_SECONDS: positive.default(300),
  BACKEND_CORS_ORIGINS: z.string().default('http://localhost:3000'),
  BACKEND_CORS_ANY_LOCALHOST: bool.optional(),
  BACKEND_TRUST_PROXY: bool.default(false),
  BACKEND_BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(2 * 1024 * 1024),
  BACKEND_MAX_BOOKMARKS: z.coerce.number().int().min(1).default(20_000),
  BACKEND_MAX_PROGRESS_ITEMS: z.coerce.number().int().min(1).default(100_000),
  BACKEND_RATE_LIMITS: bool.default(true),
  BACKEND_RATE_LIMIT_WINDOW_SECONDS: positive.default(600),
  BACKEND_RATE_LIMIT_REGISTER_START: count.default(10),
  BACKEND_RATE_LIMIT_REGISTER_COMPLETE: count.default(10),
  BACKEND_RATE_LIMIT_LOGIN_START: count.default(20),
  BACKEND_RATE_LIMIT_LOGIN_COMPLETE: count.default(20),
  BACKEND_RATE_LIMIT_PROGRESS_IMPORT: count.default(5),
  BACKEND_RATE_LIMIT_METRICS_WINDOW_SECONDS: positive.default(1800),
  BACKEND_RATE_LIMIT_PROVIDER_METRICS: count.default(300),
  BACKEND_RATE_LIMIT_CAPTCHA_METRICS: count.default(300),
  BACKEND_CAPTCHA_ENABLED: bool.default(false),
  BACKEND_CAPTCHA_SECRET: z.string().min(1).optional(),
  BACKEND_CAPTCHA_CLIENT_KEY: z.string().min(1).optional(),
  BACKEND_CAPTCHA_VERIFY_URL: z.string().url().default('https://www.google.com/recaptcha/api/siteverify'),
  BACKEND_PG_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  NODE_ENV: z.string().optional(),
  npm_package_version: z.string().optional(),
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
  const result = EnvSchema.safeParse(merged);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`backend configuration is invalid: ${problems}`);
  }
  const e = result.data;
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
