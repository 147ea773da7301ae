/** Events to the embedding page (DECISIONS: Embed API): nothing private, any origin may embed the player. */
import type { PlayerEvent } from 'shared-contracts';
import { MESSAGE_SOURCE } from '../../core/embed/protocol';

export type EventBody = PlayerEvent extends infer E ? (E extends PlayerEvent ? Omit<E, 'source'> : never) : never;

export function postToParent(event: EventBody): void {
  if (window.parent === window) return;
  // The parent is a partner page on any origin; events carry nothing private (spec: embedding allowed).
  window.parent.postMessage({ source: MESSAGE_SOURCE, ...event }, '*');
}
