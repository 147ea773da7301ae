import { describe, expect, it } from 'vitest';
import { decryptDeviceName, encryptDeviceName, seedFromBase64 } from './device-name';

const seed = Uint8Array.from({ length: 32 }, (_, i) => i);

describe('device name crypto', () => {
  it('round-trips in the contract format', async () => {
    const blob = await encryptDeviceName('Living room TV', seed, new Uint8Array(16).fill(7));
    const [iv, ct, tag] = blob.split('.');
    expect(atob(iv!).length).toBe(16);
    expect(atob(ct!).length).toBe('Living room TV'.length);
    expect(atob(tag!).length).toBe(16);
    expect(await decryptDeviceName(blob, seed)).toBe('Living room TV');
  });

  it('refuses another seed and malformed blobs', async () => {
    const blob = await encryptDeviceName('Phone', seed);
    await expect(decryptDeviceName(blob, new Uint8Array(32).fill(1))).rejects.toThrow();
    await expect(decryptDeviceName('nope', seed)).rejects.toThrow(/not an encrypted device name/);
    await expect(encryptDeviceName('x', new Uint8Array(16))).rejects.toThrow(/256-bit/);
  });

  it('reads a base64 seed', () => {
    expect(seedFromBase64(btoa(String.fromCharCode(...seed)))).toEqual(seed);
  });
});
