/**
 * Ties an account error to the form field it is about, so assistive technology reads the message with
 * the field (`aria-describedby`) and announces the field as invalid (`aria-invalid`).
 */
import { isAccountError, type AccountErrorCode } from 'account-sync/auth';

/** The field names of the account forms that an error can be about. */
export type AccountField = 'passphrase' | 'deviceName' | 'confirmPassphrase' | 'backendUrl';

const FIELD_OF: Partial<Record<AccountErrorCode, AccountField>> = {
  'passphrase-invalid': 'passphrase',
  'account-not-found': 'passphrase',
  'device-name-required': 'deviceName',
  'passphrase-mismatch': 'confirmPassphrase',
  'url-invalid': 'backendUrl',
};

/** The field an error is about, or null when it is about the whole form (the server, the network). */
export function errorField(error: unknown): AccountField | null {
  return isAccountError(error) ? (FIELD_OF[error.code] ?? null) : null;
}

/** The attributes of `field`: invalid and described by the message `errorId` when `error` is about it. */
export function fieldErrorProps(error: unknown, field: AccountField, errorId: string) {
  return errorField(error) === field ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
}
