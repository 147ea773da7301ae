/** The details modal's URL (modals use query param m: docs/behaviour.md#routes-query-parameters): `?m=details-tmdb-movie-653`. */
import { decodeMediaId, encodeMediaId, type MediaRef } from 'shared-contracts';

export const MODAL_PARAM = 'm';
const PREFIX = 'details-';

export function detailsModalValue(ref: MediaRef): string {
  return `${PREFIX}${encodeMediaId(ref)}`;
}

/** The title a `m` value opens, or null when it is not a details modal of ours. */
export function parseDetailsModal(value: string | null): MediaRef | null {
  if (!value?.startsWith(PREFIX)) return null;
  return decodeMediaId(value.slice(PREFIX.length));
}

/** The current search string with the modal set (or removed with null), other params kept. */
export function withModal(search: string, value: string | null): string {
  const params = new URLSearchParams(search);
  if (value === null) params.delete(MODAL_PARAM);
  else params.set(MODAL_PARAM, value);
  const out = params.toString();
  return out ? `?${out}` : '';
}
