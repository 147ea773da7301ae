import * as ed from '@noble/ed25519';
import { sha512 } from '@noble/hashes/sha2.js';
import { jwtVerify, SignJWT } from 'jose';
import { randomBytes } from 'node:crypto';

ed.hashes.sha512 = sha512;

/** HS256 JWT `{sid, iat}` with no `exp`, as upstream: validity lives in the session row. */
export async function signToken(sessionId: string, secret: string): Promise<string> {
  return new SignJWT({ sid: sessionId }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt().sign(keyOf(secret));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

const keys = new Map<string, Uint8Array>();
const keyOf = (secret: string): Uint8Array => {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = new TextEncoder().encode(secret)));
  return key;
};

/** The session id of a valid token, or null when the token is malformed, not HS256, or its signature is wrong. */
export async function verifyToken(token: string, secret: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ['HS256'] });
    return typeof payload.sid === 'string' && isUuid(payload.sid) ? payload.sid : null;
  } catch {
    return null; // jose: malformed, wrong signature, wrong algorithm, or expired (our tokens carry no exp)
  }
}

/** Strict base64 / base64url decoding (Node's decoder silently skips bad characters). */
function decode(text: string): Buffer | null {
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(text)) return null;
  return Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}

/**
 * Public keys are 32 raw bytes, sent base64url unpadded. Like upstream, standard base64 (padded or
 * not) decodes too; unlike upstream, every form is stored as base64url unpadded, so a user who
 * registered with one form can log in with another. Null when it is not a 32-byte key.
 */
export function normalizePublicKey(text: string): string | null {
  const bytes = decode(text);
  return bytes && bytes.length === 32 ? bytes.toString('base64url') : null;
}

/** Ed25519 signature (base64url) over the UTF-8 bytes of the challenge code. */
export function verifyChallenge(code: string, signature: string, publicKey: string): boolean {
  const sig = decode(signature);
  const key = decode(publicKey);
  if (!sig || !key || sig.length !== 64 || key.length !== 32) return false;
  try {
    return ed.verify(sig, new TextEncoder().encode(code), key);
  } catch {
    return false;
  }
}

const ID_ALPHABET = 'useandom-26T198340PX75pxJACKVERYMINDBUSHWOLF_GQZbfghjklqvwyzrict';

/** A 12-character URL-safe id, like upstream's nanoid(12). */
export function newUserId(): string {
  const bytes = randomBytes(12);
  let id = '';
  for (const byte of bytes) id += ID_ALPHABET[byte & 63];
  return id;
}
