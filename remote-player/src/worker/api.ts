import type { CaptionsFileFormat } from 'media-captions';
import type { CaptionCue } from '../core/captions/parse-captions';
import type { Result } from '../core/result';

/** What the player's worker offers the main thread (comlink). Every result is data, never a throw. */
export interface PlayerWorkerApi {
  parseCaptions(text: string, format?: CaptionsFileFormat): Promise<Result<CaptionCue[]>>;
  /** Where the call ran: 'worker', or 'inline' for the fallback. */
  where(): Promise<'worker' | 'inline'>;
}
