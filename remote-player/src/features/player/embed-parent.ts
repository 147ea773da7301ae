/** Events to the embedding page: only to the deployment's partner origins (any, by default). */
import type { PlayerEvent } from 'shared-contracts';
import { embedTargets, MESSAGE_SOURCE } from '../../core/embed/protocol';

export type EventBody = PlayerEvent extends infer E ? (E extends PlayerEvent ? Omit<E, 'source'> : never) : never;

let targets = ['*'];

/** The partner origins from the runtime config; set when the player mounts. */
export function setEmbedOrigins(origins: readonly string[]): void {
  targets = embedTargets(origins);
}

export function postToParent(event: EventBody): void {
  if (window.parent === window) return;
  // A target that is not the parent's origin is dropped by the browser, so a listed partner alone hears it.
  for (const target of targets) window.parent.postMessage({ source: MESSAGE_SOURCE, ...event }, target);
}
