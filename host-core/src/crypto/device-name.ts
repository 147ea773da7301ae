/**
 * Device names are encrypted on the device (docs/behaviour.md#account-crypto): AES-256-GCM with the
 * 32-byte seed as key, a 16-byte random IV and a 128-bit tag, stored as base64(iv).base64(ct).base64(tag).
 */
const b64encode = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const b64decode = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function key(seed: Uint8Array, usage: KeyUsage): Promise<CryptoKey> {
  if (seed.length !== 32) throw new Error('the seed must be 32 bytes (256-bit)');
  return crypto.subtle.importKey('raw', new Uint8Array(seed), { name: 'AES-GCM' }, false, [usage]);
}

export const seedFromBase64 = (seed: string) => b64decode(seed);

export async function encryptDeviceName(
  name: string,
  seed: Uint8Array,
  iv: Uint8Array = crypto.getRandomValues(new Uint8Array(16)),
): Promise<string> {
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv: new Uint8Array(iv), tagLength: 128 },
      await key(seed, 'encrypt'),
      new TextEncoder().encode(name),
    ),
  );
  return `${b64encode(iv)}.${b64encode(sealed.slice(0, -16))}.${b64encode(sealed.slice(-16))}`;
}

/** The device name, or throws when the blob is malformed or was not sealed with this seed. */
export async function decryptDeviceName(blob: string, seed: Uint8Array): Promise<string> {
  const parts = blob.split('.');
  if (parts.length !== 3) throw new Error('not an encrypted device name');
  const [iv, ciphertext, tag] = parts.map(b64decode) as [Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>];
  const sealed = new Uint8Array(ciphertext.length + tag.length);
  sealed.set(ciphertext);
  sealed.set(tag, ciphertext.length);
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv, tagLength: 128 }, await key(seed, 'decrypt'), sealed);
  return new TextDecoder().decode(plain);
}
