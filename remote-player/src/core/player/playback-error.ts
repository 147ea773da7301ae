/** Playback errors (docs/behaviour.md#failures-playback): MediaError codes to message keys; which hls.js errors are reported. */
import type { PlaybackErrorInfo } from './status';

export type PlaybackErrorKey = 'aborted' | 'network' | 'decode' | 'notSupported' | 'notAStream' | 'generic';

/**
 * The message for an error: by its MediaError code, except an HLS address whose answer is not a
 * playlist (a web page, say): it loaded fine, so it is no network error.
 */
export function playbackErrorKey(code: number | undefined, type?: string): PlaybackErrorKey {
  if (type === 'manifestParsingError') return 'notAStream';
  switch (code) {
    case 1:
      return 'aborted';
    case 2:
      return 'network';
    case 3:
      return 'decode';
    case 4:
      return 'notSupported';
    default:
      return 'generic';
  }
}

/** Every fatal hls.js error is shown, except this one (a teardown race, not a playback failure). */
export const IGNORED_HLS_ERROR = 'SourceBuffer has been removed';

export function shouldReportHlsError(data: { fatal: boolean; error?: { message?: string } }): boolean {
  if (!data.fatal) return false;
  return !(data.error?.message ?? '').includes(IGNORED_HLS_ERROR);
}

/** hls.js error data → what the error screen shows (message, stack, name) plus a MediaError-like code. */
export function hlsErrorInfo(data: {
  type?: string;
  details?: string;
  error?: { message?: string; stack?: string; name?: string };
}): PlaybackErrorInfo {
  const code = data.type === 'networkError' ? 2 : data.type === 'mediaError' ? 3 : undefined;
  const info: PlaybackErrorInfo = {
    message: data.error?.message || data.details || 'HLS error',
    name: data.error?.name ?? data.details ?? 'HlsError',
    type: data.details ?? data.type,
  };
  if (code !== undefined) info.code = code;
  if (data.error?.stack) info.stack = data.error.stack;
  return info;
}

/** Consecutive unretryable fragment failures (HTTP 4xx) after which playback is given up as a network error. */
export const DEAD_FRAGMENT_LIMIT = 3;

/** A fragment hls.js will not retry: its load answered 4xx (hls.js retries timeouts, 5xx and offline only). */
export function isDeadFragment(data: { fatal: boolean; details?: string; response?: { code?: number } }): boolean {
  const code = data.response?.code ?? 0;
  return !data.fatal && data.details === 'fragLoadError' && code >= 400 && code <= 499;
}
