/**
 * hls.js settings (docs/behaviour.md#player-hls): 500 MB buffer; 30 s fragment timeouts; 10 retries from 1 s
 * to 10 s; 5 s subtitle tracks.
 */

const retry = { maxNumRetry: 10, retryDelayMs: 1000, maxRetryDelayMs: 10_000 };
const timeout = 30_000;

export const HLS_CONFIG = {
  maxBufferSize: 500 * 1000 * 1000,
  autoStartLoad: true,
  fragLoadPolicy: {
    default: {
      maxTimeToFirstByteMs: timeout,
      maxLoadTimeMs: timeout,
      timeoutRetry: retry,
      // hls.js does not retry 4xx (video-dev/hls.js error-helper); only these failures are retried.
      errorRetry: retry,
    },
  },
  subtitleTrackLoadPolicy: {
    default: {
      maxTimeToFirstByteMs: 5000,
      maxLoadTimeMs: 5000,
      timeoutRetry: null,
      errorRetry: null,
    },
  },
  renderTextTracksNatively: false,
} as const;
