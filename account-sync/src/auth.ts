/**
 * Register and login (docs/behaviour.md#account-register, #account-login): the passphrase becomes keys on this device; only the public
 * key, a signature of the server's challenge and the encrypted device name are sent.
 */
import type { Account, AccountProfile } from 'shared-contracts';
import { BackendError, type AuthResponse, type BackendClient } from './api';
import {
  encryptDeviceName,
  isValidPassphrase,
  keysFromPassphrase,
  keysFromSeed,
  seedFromStorage,
  normalizePassphrase,
  seedToStorage,
  signChallenge,
} from 'account-crypto';

/** One error taxonomy for the account flows; each code has a message key `errors.<code>`. */
export type AccountErrorCode =
  | 'passphrase-invalid'
  | 'device-name-required'
  | 'passphrase-mismatch'
  | 'data-invalid'
  | 'captcha-failed'
  | 'account-not-found'
  | 'not-backend'
  | 'unexpected-response'
  | 'backend-unreachable'
  | 'backend-failed'
  | 'rate-limited'
  | 'login-required'
  | 'url-invalid'
  | 'unknown';

export class AccountError extends Error {
  override name = 'AccountError';
  constructor(
    readonly code: AccountErrorCode,
    message: string = code,
  ) {
    super(message);
  }
}

/**
 * An account error, also one thrown by another bundle's copy of this module: the host runs the account
 * service, the account remote shows its errors, and each ships its own AccountError class.
 */
export function isAccountError(error: unknown): error is AccountError {
  return (
    error instanceof AccountError ||
    (error instanceof Error && error.name === 'AccountError' && typeof (error as { code?: unknown }).code === 'string')
  );
}

/** Maps a backend failure to the account taxonomy. */
export function toAccountError(error: unknown): AccountError {
  if (isAccountError(error)) return error;
  if (error instanceof BackendError) {
    switch (error.kind) {
      case 'network':
        return new AccountError('backend-unreachable', error.message);
      case 'not-backend':
        return new AccountError('not-backend', error.message);
      case 'unexpected-response':
        return new AccountError('unexpected-response', error.message);
      case 'server':
        return new AccountError('backend-failed', error.message);
      case 'rate-limited':
        return new AccountError('rate-limited', error.message);
      case 'auth':
        if (error.message === 'User cannot be found') return new AccountError('account-not-found', error.message);
        return new AccountError('login-required', error.message);
      case 'client':
        return new AccountError('data-invalid', error.message);
    }
  }
  return new AccountError('unknown', error instanceof Error ? error.message : String(error));
}

export function checkPassphrase(input: string): string {
  const passphrase = normalizePassphrase(input);
  if (!isValidPassphrase(passphrase)) throw new AccountError('passphrase-invalid', 'Incorrect or incomplete passphrase');
  return passphrase;
}

export function checkDeviceName(input: string): string {
  const name = input.trim();
  if (!name) throw new AccountError('device-name-required', 'Please enter a device name');
  return name;
}

function accountFrom(response: AuthResponse, device: string, seed: Uint8Array): Account {
  return {
    token: response.token,
    userId: response.user.id,
    sessionId: response.session.id,
    deviceName: device,
    profile: { ...response.user.profile },
    seed: seedToStorage(seed),
  };
}

export async function login(client: BackendClient, input: { passphrase: string; deviceName: string }): Promise<Account> {
  const passphrase = checkPassphrase(input.passphrase);
  const deviceName = checkDeviceName(input.deviceName);
  const keys = keysFromPassphrase(passphrase);
  try {
    const { challenge } = await client.loginStart(keys.publicKeyWire);
    const device = await encryptDeviceName(deviceName, keys.seed);
    const response = await client.loginComplete({
      publicKey: keys.publicKeyWire,
      challenge: { code: challenge, signature: signChallenge(challenge, keys.seed) },
      device,
    });
    return accountFrom(response, device, keys.seed);
  } catch (error) {
    throw toAccountError(error);
  }
}

export async function register(
  client: BackendClient,
  input: { passphrase: string; deviceName: string; profile: AccountProfile; captchaToken?: string },
): Promise<Account> {
  const passphrase = checkPassphrase(input.passphrase);
  const deviceName = checkDeviceName(input.deviceName);
  const keys = keysFromPassphrase(passphrase);
  try {
    const { challenge } = await client.registerStart(input.captchaToken);
    const device = await encryptDeviceName(deviceName, keys.seed);
    const response = await client.registerComplete({
      publicKey: keys.publicKeyWire,
      challenge: { code: challenge, signature: signChallenge(challenge, keys.seed) },
      namespace: 'movie-web',
      device,
      profile: input.profile,
    });
    return accountFrom(response, device, keys.seed);
  } catch (error) {
    const mapped = toAccountError(error);
    if (error instanceof BackendError && /captcha/i.test(error.message))
      throw new AccountError('captcha-failed', 'ReCaptcha validation failed');
    throw mapped;
  }
}

/**
 * Migration (spec /migration): signs the same key pair in on another backend, registering it there
 * when the backend does not know it yet. Only the stored seed is used; nothing secret is sent.
 */
export async function signInElsewhere(client: BackendClient, account: Account, deviceName: string): Promise<Account> {
  const keys = keysFromSeed(seedFromStorage(account.seed));
  const device = await encryptDeviceName(checkDeviceName(deviceName), keys.seed);
  try {
    let response: AuthResponse;
    try {
      const { challenge } = await client.loginStart(keys.publicKeyWire);
      response = await client.loginComplete({
        publicKey: keys.publicKeyWire,
        challenge: { code: challenge, signature: signChallenge(challenge, keys.seed) },
        device,
      });
    } catch (error) {
      if (!(error instanceof BackendError && error.message === 'User cannot be found')) throw error;
      const { challenge } = await client.registerStart();
      response = await client.registerComplete({
        publicKey: keys.publicKeyWire,
        challenge: { code: challenge, signature: signChallenge(challenge, keys.seed) },
        namespace: 'movie-web',
        device,
        profile: account.profile,
      });
    }
    return accountFrom(response, device, keys.seed);
  } catch (error) {
    throw toAccountError(error);
  }
}
