/** Registration and login: a challenge, signed with the passphrase key, exchanged for a session and its token. */
import { randomUUID } from 'node:crypto';
import { newUserId, normalizePublicKey, signToken, verifyChallenge } from '../auth';
import type { BackendConfig } from '../config';
import type { Queryable } from '../db';
import { ApiError, parseBody } from '../http';
import { sessionDto, SESSION_COLUMNS, USER_COLUMNS, userDto, type SessionRow, type UserRow } from '../rows';
import * as S from '../schemas';
import type { Hono } from 'hono';
import type { RouteContext } from '../context';
import type { Env } from '../http';

export function authRoutes(app: Hono<Env>, ctx: RouteContext): void {
  const { db, config, rateLimit } = ctx;

  const newChallenge = async (flow: 'registration' | 'login', publicKey: string | null) => {
    const code = randomUUID();
    await db.query("INSERT INTO challenge_codes (code, flow, auth_type, public_key, expires_at) VALUES ($1, $2, 'mnemonic', $3, $4)", [
      code,
      flow,
      publicKey,
      new Date(Date.now() + config.challengeTtlMs),
    ]);
    return code;
  };

  /** Takes the challenge (single use: deleted whatever the outcome) and checks expiry and signature. */
  const consumeChallenge = async (flow: 'registration' | 'login', challenge: { code: string; signature: string }, publicKey: string) => {
    const { rows } = await db.query<{ expires_at: Date; public_key: string | null }>(
      "DELETE FROM challenge_codes WHERE code = $1 AND flow = $2 AND auth_type = 'mnemonic' RETURNING expires_at, public_key",
      [challenge.code, flow],
    );
    const row = rows[0];
    if (!row || (row.public_key !== null && row.public_key !== publicKey)) {
      throw new ApiError(401, 'Challenge Code Invalid');
    }
    if (new Date(row.expires_at).getTime() <= Date.now()) throw new ApiError(401, 'Challenge Code Expired');
    if (!verifyChallenge(challenge.code, challenge.signature, publicKey)) {
      throw new ApiError(401, 'Challenge Code Signature Invalid');
    }
  };

  const createSession = async (tx: Queryable, userId: string, device: string, userAgent: string) => {
    const { rows } = await tx.query<SessionRow>(
      `INSERT INTO sessions (id, user_id, expires_at, device, user_agent) VALUES ($1, $2, $3, $4, $5) RETURNING ${SESSION_COLUMNS}`,
      [randomUUID(), userId, new Date(Date.now() + config.sessionIdleMs), device, userAgent.slice(0, 1000)],
    );
    return rows[0]!;
  };

  app.post('/auth/register/start', async (c) => {
    await rateLimit(c, 'registerStart');
    const body = await parseBody(c, S.RegisterStart);
    if (config.captcha.enabled) {
      if (!body.captchaToken) throw new ApiError(400, 'captcha token is required');
      if (!(await verifyCaptcha(config, body.captchaToken))) throw new ApiError(400, 'captcha token is invalid');
    }
    return c.json({ challenge: await newChallenge('registration', null) } satisfies S.ChallengeResponse);
  });

  app.post('/auth/register/complete', async (c) => {
    await rateLimit(c, 'registerComplete');
    const body = await parseBody(c, S.RegisterComplete);
    const publicKey = normalizePublicKey(body.publicKey);
    if (!publicKey) throw new ApiError(401, 'Challenge Code Signature Invalid');
    await consumeChallenge('registration', body.challenge, publicKey);
    const result = await db.transaction(async (tx) => {
      const { rows } = await tx.query<UserRow>(
        `INSERT INTO users (id, public_key, namespace, profile, last_logged_in) VALUES ($1, $2, $3, $4::jsonb, now())
           ON CONFLICT (public_key) DO NOTHING RETURNING ${USER_COLUMNS}`,
        [newUserId(), publicKey, body.namespace, JSON.stringify(body.profile)],
      );
      const user = rows[0];
      if (!user) throw new ApiError(409, 'User already exists');
      const session = await createSession(tx, user.id, body.device, c.req.header('user-agent') ?? '');
      return { user, session };
    });
    return c.json({
      user: userDto(result.user),
      session: sessionDto(result.session),
      token: await signToken(result.session.id, config.jwtSecret),
    } satisfies S.AuthResponse);
  });

  app.post('/auth/login/start', async (c) => {
    await rateLimit(c, 'loginStart');
    const body = await parseBody(c, S.LoginStart);
    const publicKey = normalizePublicKey(body.publicKey);
    const { rows } = publicKey ? await db.query('SELECT 1 FROM users WHERE public_key = $1', [publicKey]) : { rows: [] };
    if (!rows.length || !publicKey) throw new ApiError(401, 'User cannot be found');
    return c.json({ challenge: await newChallenge('login', publicKey) } satisfies S.ChallengeResponse);
  });

  app.post('/auth/login/complete', async (c) => {
    await rateLimit(c, 'loginComplete');
    const body = await parseBody(c, S.LoginComplete);
    const publicKey = normalizePublicKey(body.publicKey);
    if (!publicKey) throw new ApiError(401, 'User cannot be found');
    await consumeChallenge('login', body.challenge, publicKey);
    const result = await db.transaction(async (tx) => {
      const { rows } = await tx.query<UserRow>(`UPDATE users SET last_logged_in = now() WHERE public_key = $1 RETURNING ${USER_COLUMNS}`, [
        publicKey,
      ]);
      const user = rows[0];
      if (!user) throw new ApiError(401, 'User cannot be found');
      const session = await createSession(tx, user.id, body.device, c.req.header('user-agent') ?? '');
      return { user, session };
    });
    return c.json({
      user: userDto(result.user),
      session: sessionDto(result.session),
      token: await signToken(result.session.id, config.jwtSecret),
    } satisfies S.AuthResponse);
  });
}

async function verifyCaptcha(config: BackendConfig, token: string): Promise<boolean> {
  try {
    const response = await fetch(config.captcha.verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: config.captcha.secret ?? '', response: token }),
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) return false;
    const result = (await response.json()) as { success?: unknown };
    return result.success === true;
  } catch {
    return false;
  }
}
