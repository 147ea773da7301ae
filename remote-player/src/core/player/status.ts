/** Player status machine (docs/behaviour.md#player-status): idle → scraping → playing | scrapeNotFound | playbackError. */

export type PlayerStatus = 'idle' | 'scraping' | 'playing' | 'scrapeNotFound' | 'playbackError';

export interface PlaybackErrorInfo {
  /** MediaError code (1 aborted, 2 network, 3 decode, 4 source not supported), or undefined for others. */
  code?: number;
  message: string;
  name?: string;
  stack?: string;
  /** hls.js error type/details, when from hls.js. */
  type?: string;
}

export interface StatusState {
  status: PlayerStatus;
  /** Set once meta is set (setting meta moves to scraping). */
  hasMeta: boolean;
  error: PlaybackErrorInfo | null;
}

export type StatusEvent =
  | { type: 'setMeta' }
  | { type: 'playMedia' }
  | { type: 'chooseSource' }
  | { type: 'chooseQuality' }
  | { type: 'scrapeNotFound' }
  | { type: 'playbackError'; error: PlaybackErrorInfo }
  | { type: 'reset' };

export const initialStatus = (): StatusState => ({ status: 'idle', hasMeta: false, error: null });

export function nextStatus(state: StatusState, event: StatusEvent): StatusState {
  switch (event.type) {
    case 'setMeta':
      return { status: 'scraping', hasMeta: true, error: null };
    case 'playMedia':
    case 'chooseSource':
    case 'chooseQuality':
      return { ...state, status: 'playing', error: null };
    case 'scrapeNotFound':
      return { ...state, status: 'scrapeNotFound' };
    case 'playbackError':
      return { ...state, status: 'playbackError', error: event.error };
    case 'reset':
      return initialStatus();
  }
}
