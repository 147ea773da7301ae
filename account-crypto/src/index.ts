/**
 * Client-side account crypto of the movie-web backend (docs/behaviour.md#account-crypto), pure and DOM-free
 * (WebCrypto only for AES-GCM, present in browsers and Node 20). The passphrase and the seed never leave
 * this module except as the public key, signatures and encrypted device names:
 * 12-word English BIP-39 passphrase → PBKDF2-HMAC-SHA256 (salt "mnemonic", 2048 iterations, 32 bytes)
 * → ed25519 private seed; public keys and signatures travel as base64url without padding.
 * Device names are AES-256-GCM encrypted with the same seed (16-byte IV), stored as `iv.ct.tag` in
 * standard base64.
 */
// The bundler resolves @noble/ed25519's index.ts (see rspack.base.ts), tsc its index.d.ts.
import * as ed from '@noble/ed25519';
import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { generateMnemonic, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';

// @noble/ed25519 3 needs a sync sha512 for its sync API.
ed.hashes.sha512 = sha512;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard base64 with padding. */
export function encodeBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    out += ALPHABET[a >> 2]!;
    out += ALPHABET[((a & 3) << 4) | ((b ?? 0) >> 4)]!;
    out += b === undefined ? '=' : ALPHABET[((b & 15) << 2) | ((c ?? 0) >> 6)]!;
    out += c === undefined ? '=' : ALPHABET[c & 63]!;
  }
  return out;
}

/** base64url without padding (the wire form of public keys and signatures). */
export function encodeBase64Url(bytes: Uint8Array): string {
  return encodeBase64(bytes).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/** Decodes standard base64 or base64url, padded or not. Throws on any other character. */
export function decodeBase64(text: string): Uint8Array {
  const clean = text.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]*$/.test(clean) || clean.length % 4 === 1) throw new Error('invalid base64');
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let index = 0;
  for (const char of clean) {
    value = (value << 6) | ALPHABET.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[index++] = (value >> bits) & 255;
    }
  }
  return out;
}

/** A new 12-word English passphrase (128 bits of entropy). */
export function generatePassphrase(): string {
  return generateMnemonic(wordlist, 128);
}

/** Lower-cases and collapses whitespace; safe before validation (the contract's canonical form). */
export function normalizePassphrase(passphrase: string): string {
  return passphrase.trim().toLowerCase().split(/\s+/).join(' ');
}

export function isValidPassphrase(passphrase: string): boolean {
  return validateMnemonic(passphrase, wordlist);
}

/** The 32-byte seed: PBKDF2-HMAC-SHA256(passphrase UTF-8, salt "mnemonic", 2048 iterations). */
export function seedFromPassphrase(passphrase: string): Uint8Array {
  const encoder = new TextEncoder();
  return pbkdf2(sha256, encoder.encode(passphrase), encoder.encode('mnemonic'), { c: 2048, dkLen: 32 });
}

/** The ed25519 public key (32 bytes) of a seed used as the RFC 8032 private key. */
export function publicKeyFromSeed(seed: Uint8Array): Uint8Array {
  return ed.getPublicKey(seed);
}

export interface AccountKeys {
  seed: Uint8Array;
  publicKey: Uint8Array;
  /** base64url, unpadded (43 chars): what register/login send. */
  publicKeyWire: string;
}

export function keysFromSeed(seed: Uint8Array): AccountKeys {
  const publicKey = publicKeyFromSeed(seed);
  return { seed, publicKey, publicKeyWire: encodeBase64Url(publicKey) };
}

export function keysFromPassphrase(passphrase: string): AccountKeys {
  return keysFromSeed(seedFromPassphrase(passphrase));
}

/** Signs the UTF-8 bytes of a challenge code; the signature in base64url, unpadded (86 chars). */
export function signChallenge(code: string, seed: Uint8Array): string {
  return encodeBase64Url(ed.sign(new TextEncoder().encode(code), seed));
}

/** The local account's `seed` field: standard base64 with padding (44 chars). */
export function seedToStorage(seed: Uint8Array): string {
  return encodeBase64(seed);
}

/** AES-256-GCM with the seed as key and a 16-byte IV: `base64(iv).base64(ciphertext).base64(tag)` (one implementation, shared with the host's header). */
export { decryptDeviceName, encryptDeviceName } from 'host-core/device-name';

export function seedFromStorage(seed: string): Uint8Array {
  const bytes = decodeBase64(seed);
  if (bytes.length !== 32) throw new Error('the stored seed is not 32 bytes');
  return bytes;
}
