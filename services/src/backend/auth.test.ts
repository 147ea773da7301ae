import { createHmac, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from './auth';

const SECRET = 'a-secret-of-this-server';
/** A token as the upstream backend (jsonwebtoken) writes it: HS256, `{sid, iat}`, no exp. */
function upstreamToken(payload: object, secret = SECRET, header: object = { alg: 'HS256', typ: 'JWT' }): string {
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const body = `${encode(header)}.${encode(payload)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

describe('session tokens (jose, HS256)', () => {
  it('round-trip a session id, and read tokens written the upstream way', async () => {
    const sid = randomUUID();
    const token = await signToken(sid, SECRET);
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString())).toEqual({ sid, iat: expect.any(Number) });
    expect(await verifyToken(token, SECRET)).toBe(sid);
    expect(await verifyToken(upstreamToken({ sid, iat: 1_700_000_000 }), SECRET)).toBe(sid);
  });

  it('refuse a wrong secret, a changed payload, another algorithm, no signature, and garbage', async () => {
    const sid = randomUUID();
    const token = await signToken(sid, SECRET);
    const [header, , signature] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ sid: randomUUID(), iat: 1 })).toString('base64url');
    for (const bad of [
      await signToken(sid, 'another secret'),
      `${header}.${forgedPayload}.${signature}`,
      upstreamToken({ sid }, SECRET, { alg: 'HS512', typ: 'JWT' }),
      upstreamToken({ sid }, SECRET, { alg: 'none', typ: 'JWT' }).split('.').slice(0, 2).join('.') + '.',
      upstreamToken({ sid: 'not-a-uuid' }),
      upstreamToken({ sid, exp: 1 }),
      'a.b.c',
      '',
      'x'.repeat(10_000),
    ])
      expect(await verifyToken(bad, SECRET), bad.slice(0, 40)).toBeNull();
  });
});
