/**
 * Why a watch page cannot show its title, as one of five kinds, each with its own message: the
 * operator took it down, the extension is installed without permission on this site, the remote
 * scraping server's provider list did not load, the movie database does not know it, or the movie
 * database failed.
 */
import { CatalogError, type MediaRef } from 'shared-contracts';
import { parseProxyList } from 'shared-contracts/proxy-list';
import { classifyExtensionHello, type ExtensionBridge } from 'shared-contracts/extension';
import { fetchRemoteProviders } from 'scraping-core/fetchers/remote';
import { isDisallowedMedia } from 'scraping-core/takedown';

export type MetaErrorKind = 'not-found' | 'api-failed' | 'takedown' | 'extension-permission' | 'failed';

/** Kinds a second attempt can mend (the others stay until something else changes). */
export const RETRYABLE_META_ERRORS: ReadonlySet<MetaErrorKind> = new Set(['api-failed', 'failed']);

/** The config's takedown list names this title. */
export const takenDown = (ref: MediaRef, disallowedIds: readonly string[]) => isDisallowedMedia(ref, disallowedIds);

/** A failed catalog look-up: the database does not know the title, or it failed. */
export const catalogErrorKind = (error: unknown): MetaErrorKind =>
  error instanceof CatalogError && error.kind === 'not-found' ? 'not-found' : 'failed';

// A server that listed its providers once keeps being trusted for the page's life.
const listedServers = new Set<string>();

/**
 * Whether the remote scraping server of the proxy list (its `api:` entry) lists its providers; true
 * when the list names none (nothing to load).
 */
export async function scrapingServerAnswers(
  proxyUrls: readonly string[],
  fetchImpl?: typeof fetch,
  signal?: AbortSignal,
): Promise<boolean> {
  const server = parseProxyList(proxyUrls).find((p) => p.type === 'api')?.url;
  if (!server || listedServers.has(server)) return true;
  const providers = await fetchRemoteProviders(server, fetchImpl, signal);
  if (providers) listedServers.add(server);
  return providers !== null;
}

/**
 * Whether the extension is allowed on this site but lacks the browser permission it needs, which
 * the person can grant (an extension the person turned off for this site is left alone: the
 * sources that need it say so). No extension is no answer to hello within its timeout.
 */
export async function extensionLacksPermission(bridge: Pick<ExtensionBridge, 'hello'> | null): Promise<boolean> {
  if (!bridge) return false;
  const answer = await bridge.hello().catch(() => null); // a broken relay is no extension
  const check = classifyExtensionHello(answer);
  return check.status === 'disallowed' && check.hello.allowed && !check.hello.hasPermission;
}
