import { createDecipheriv, createPrivateKey, createPublicKey, pbkdf2Sync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  decodeBase64,
  decryptDeviceName,
  encodeBase64,
  encodeBase64Url,
  encryptDeviceName,
  generatePassphrase,
  isValidPassphrase,
  keysFromPassphrase,
  normalizePassphrase,
  seedFromPassphrase,
  seedToStorage,
  signChallenge,
} from './index';

// Checked against Node's own crypto (OpenSSL), an implementation independent of @noble and @scure.
const PHRASE = 'legal winner thank year wave sausage worth useful legal winner thank yellow';

/** Node needs an ed25519 private key as PKCS#8: a fixed 16-byte prefix, then the 32-byte seed. */
const nodeKey = (seed: Uint8Array) =>
  createPrivateKey({
    key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.from(seed)]),
    format: 'der',
    type: 'pkcs8',
  });

describe('account crypto against OpenSSL', () => {
  it('derives the seed with PBKDF2-HMAC-SHA256, salt "mnemonic", 2048 iterations, 32 bytes', () => {
    const seed = seedFromPassphrase(PHRASE);
    expect(Buffer.from(seed)).toEqual(pbkdf2Sync(PHRASE, 'mnemonic', 2048, 32, 'sha256'));
    expect(seedToStorage(seed)).toBe(Buffer.from(seed).toString('base64'));
    expect(seedToStorage(seed)).toHaveLength(44);
  });

  it('uses the seed as the RFC 8032 private key; public key and signature in base64url without padding', () => {
    const keys = keysFromPassphrase(PHRASE);
    const jwk = createPublicKey(nodeKey(keys.seed)).export({ format: 'jwk' });
    expect(keys.publicKeyWire).toBe(jwk.x);
    expect(keys.publicKeyWire).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const code = '7f0b2c1e-3d4a-4b5c-8d6e-9f0a1b2c3d4e';
    const signature = signChallenge(code, keys.seed);
    expect(signature).toMatch(/^[A-Za-z0-9_-]{86}$/);
    expect(signature).toBe(sign(null, Buffer.from(code, 'utf8'), nodeKey(keys.seed)).toString('base64url'));
  });

  it('generates and validates 12-word English passphrases', () => {
    const phrase = generatePassphrase();
    expect(phrase.split(' ')).toHaveLength(12);
    expect(isValidPassphrase(phrase)).toBe(true);
    expect(isValidPassphrase(phrase.replace(/\w+$/, 'zzz'))).toBe(false);
    expect(isValidPassphrase(phrase.split(' ').slice(0, 11).join(' '))).toBe(false);
    expect(isValidPassphrase(`  ${phrase.toUpperCase()} `)).toBe(false);
    expect(normalizePassphrase(`  ${phrase.toUpperCase().replace(/ /g, '   ')} `)).toBe(phrase);
  });

  it('encrypts device names as base64(iv16).base64(ct).base64(tag) with AES-256-GCM and the seed', async () => {
    const seed = seedFromPassphrase(PHRASE);
    const blob = await encryptDeviceName('Living room TV', seed);
    const [iv, ct, tag] = blob.split('.').map((part) => Buffer.from(part, 'base64')) as [Buffer, Buffer, Buffer];
    expect(iv).toHaveLength(16);
    expect(tag).toHaveLength(16);
    const decipher = createDecipheriv('aes-256-gcm', seed, iv);
    decipher.setAuthTag(tag);
    expect(Buffer.concat([decipher.update(ct), decipher.final()]).toString('utf8')).toBe('Living room TV');
    expect(await decryptDeviceName(blob, seed)).toBe('Living room TV');
    await expect(decryptDeviceName(blob, seedFromPassphrase(generatePassphrase()))).rejects.toThrow();
  });

  it('encodes and decodes base64 like Buffer', () => {
    for (let length = 0; length < 40; length++) {
      const bytes = crypto.getRandomValues(new Uint8Array(length));
      expect(encodeBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
      expect(encodeBase64Url(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
      expect(decodeBase64(encodeBase64(bytes))).toEqual(bytes);
      expect(decodeBase64(encodeBase64Url(bytes))).toEqual(bytes);
    }
    expect(() => decodeBase64('ab$d')).toThrow();
  });
});
