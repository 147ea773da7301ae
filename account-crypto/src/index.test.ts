/** Known-answer tests: values computed independently with Node's OpenSSL (PBKDF2, Ed25519, AES-GCM). */
import { describe, expect, it } from 'vitest';
import {
  decodeBase64,
  decryptDeviceName,
  encryptDeviceName,
  generatePassphrase,
  isValidPassphrase,
  keysFromPassphrase,
  normalizePassphrase,
  seedFromStorage,
  seedToStorage,
  signChallenge,
} from './index';

const PHRASE = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const SEED_B64 = '43AF7Knxvi88bYb9jWlvPBha49NpcNZ8BYjG91sgl5U=';
const PUBLIC_KEY = 'VBC9WUuOt4TDveyl_aHQBYPW-yA-DmSu92lo6mCVsbk';
const CODE = '6f2f1b1e-2b0c-4c53-9a35-6c7b5e0a4d11';
const SIGNATURE = '8Or2tT4eaQGHr9-oeOrGYzg0nRTenhGxEjR9fTCwehcdoALYruXsOKsqzhQR6x3_fJ7ws_7TXojDDlvcSNtlCA';
const BLOB = 'BwcHBwcHBwcHBwcHBwcHBw==.ftSLnQVFXVyAreYf7og=.7tVHivlAd2x2lqVz0x88rQ==';

describe('account crypto', () => {
  it('derives the seed with PBKDF2-HMAC-SHA256, salt "mnemonic", 2048 iterations, 32 bytes', () => {
    expect(seedToStorage(keysFromPassphrase(PHRASE).seed)).toBe(SEED_B64);
  });

  it('gives the fixed ed25519 public key, base64url unpadded (43 chars)', () => {
    const keys = keysFromPassphrase(PHRASE);
    expect(keys.publicKeyWire).toBe(PUBLIC_KEY);
    expect(keys.publicKeyWire).toHaveLength(43);
  });

  it('signs the UTF-8 challenge code: the fixed signature, base64url unpadded (86 chars)', () => {
    const signature = signChallenge(CODE, keysFromPassphrase(PHRASE).seed);
    expect(signature).toBe(SIGNATURE);
    expect(signature).toHaveLength(86);
  });

  it('decrypts a device name sealed by OpenSSL (AES-256-GCM, 16-byte IV, 128-bit tag, iv.ct.tag)', async () => {
    expect(await decryptDeviceName(BLOB, seedFromStorage(SEED_B64))).toBe('Living room TV');
  });

  it('seals device names the same way (fixed IV gives the fixed blob; random IVs are 16 bytes)', async () => {
    const seed = seedFromStorage(SEED_B64);
    expect(await encryptDeviceName('Living room TV', seed, new Uint8Array(16).fill(7))).toBe(BLOB);
    const blob = await encryptDeviceName('Téléphone 📱', seed);
    expect(decodeBase64(blob.split('.')[0]!)).toHaveLength(16);
    expect(decodeBase64(blob.split('.')[2]!)).toHaveLength(16);
    expect(await decryptDeviceName(blob, seed)).toBe('Téléphone 📱');
  });

  it('refuses a blob sealed with another seed', async () => {
    const other = keysFromPassphrase(generatePassphrase()).seed;
    await expect(decryptDeviceName(BLOB, other)).rejects.toThrow();
  });

  it('generates 12 English words that validate; normalises case and spacing', () => {
    const phrase = generatePassphrase();
    expect(phrase.split(' ')).toHaveLength(12);
    expect(isValidPassphrase(phrase)).toBe(true);
    expect(normalizePassphrase(`  ${PHRASE.toUpperCase().replace(/ /g, '   ')} `)).toBe(PHRASE);
    expect(isValidPassphrase(PHRASE.replace('about', 'abandon'))).toBe(false);
    expect(isValidPassphrase('abandon abandon')).toBe(false);
  });
});
