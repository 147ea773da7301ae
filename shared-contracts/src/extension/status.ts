/**
 * Whether the extension can be used on this site (docs/behaviour.md#scraping-extension), from its answer to hello. Pure: the
 * onboarding step shows it, the player's scraper and caption loader turn it into their errors.
 */
import satisfies from 'semver/functions/satisfies.js';
import type { ExtensionBridge, ExtensionHello } from './types';

/** The extension must satisfy this version range. */
export const EXTENSION_VERSION_RANGE = '^1.0.2';

/**
 * - `missing`: no answer to hello (not installed, disabled, or broken);
 * - `outdated`: its version does not satisfy EXTENSION_VERSION_RANGE;
 * - `disallowed`: installed and recent enough, but not allowed on this site or without permission;
 * - `ready`: usable.
 */
export type ExtensionStatus =
  | { status: 'missing' }
  | { status: 'outdated'; hello: ExtensionHello }
  | { status: 'disallowed'; hello: ExtensionHello }
  | { status: 'ready'; hello: ExtensionHello };

/** Classifies an answer to hello (null: none in time). The version comes first: an outdated extension is updated before anything else. */
export function classifyExtensionHello(hello: ExtensionHello | null | undefined): ExtensionStatus {
  if (!hello?.success) return { status: 'missing' };
  if (typeof hello.version !== 'string' || !satisfies(hello.version, EXTENSION_VERSION_RANGE)) return { status: 'outdated', hello };
  if (!hello.allowed || !hello.hasPermission) return { status: 'disallowed', hello };
  return { status: 'ready', hello };
}

/** Sends hello and classifies the answer; a bridge that throws counts as no extension. */
export async function detectExtension(bridge: Pick<ExtensionBridge, 'hello'>): Promise<ExtensionStatus> {
  try {
    return classifyExtensionHello(await bridge.hello());
  } catch {
    // A broken relay is, for the user, the same as no extension: the step offers to install it.
    return { status: 'missing' };
  }
}
