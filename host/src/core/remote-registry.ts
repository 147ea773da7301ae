/**
 * Which manifest URL each remote loads from: remotes.json, then QA overrides from the URL
 * (?remote.<name>=<manifest url>), accepted only from allowed origins. Pure: no DOM, no fetch.
 */
import { REMOTE_NAMES, isRemoteName, type RemoteName } from 'shared-contracts';

export interface RemoteEntry {
  name: RemoteName;
  /** null when remotes.json has no usable URL for it (the slot says so). */
  manifestUrl: string | null;
  /** Set when a QA override replaced the deployed URL. */
  overridden: boolean;
  /** Why manifestUrl is null. */
  problem?: string;
}

export type Registry = Record<RemoteName, RemoteEntry>;

/** Parses an http(s) URL, or explains why not. */
export function parseHttpUrl(value: unknown): { ok: true; url: URL } | { ok: false; reason: string } {
  if (typeof value !== 'string' || value.trim() === '') return { ok: false, reason: 'no URL given' };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, reason: `"${value}" is not a URL` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, reason: `"${value}" is not an http(s) URL` };
  }
  return { ok: true, url };
}

/** Validates remotes.json. Every problem is reported; remotes with a good URL still load. */
export function buildRegistry(remotesJson: unknown): { registry: Registry; problems: string[] } {
  const problems: string[] = [];
  const source: Record<string, unknown> =
    remotesJson && typeof remotesJson === 'object' && !Array.isArray(remotesJson) ? (remotesJson as Record<string, unknown>) : {};
  if (source !== remotesJson) problems.push('remotes.json is not an object of remote name → manifest URL');
  for (const key of Object.keys(source)) {
    if (!isRemoteName(key)) problems.push(`remotes.json names an unknown remote "${key}" (known: ${REMOTE_NAMES.join(', ')})`);
  }
  const registry = {} as Registry;
  for (const name of REMOTE_NAMES) {
    const parsed = parseHttpUrl(source[name]);
    if (parsed.ok) {
      registry[name] = { name, manifestUrl: parsed.url.href, overridden: false };
    } else {
      const problem = `remotes.json: ${name}: ${parsed.reason}`;
      if (source === remotesJson) problems.push(problem);
      registry[name] = { name, manifestUrl: null, overridden: false, problem };
    }
  }
  return { registry, problems };
}

/** True when origin matches an allow-list entry: an exact origin, or one with a port wildcard (http://localhost:*). */
export function isOriginAllowed(origin: string, allowList: readonly string[]): boolean {
  return allowList.some((entry) => {
    if (entry === origin) return true;
    if (!entry.endsWith(':*')) return false;
    const prefix = entry.slice(0, -2);
    return origin === prefix || (origin.startsWith(`${prefix}:`) && /^\d+$/.test(origin.slice(prefix.length + 1)));
  });
}

export const OVERRIDE_PARAM_PREFIX = 'remote.';

/** The `remote.<name>` query parameters, in order. */
export function readOverrideParams(search: string): Array<{ name: string; url: string }> {
  const params = new URLSearchParams(search);
  const out: Array<{ name: string; url: string }> = [];
  params.forEach((value, key) => {
    if (key.startsWith(OVERRIDE_PARAM_PREFIX)) out.push({ name: key.slice(OVERRIDE_PARAM_PREFIX.length), url: value });
  });
  return out;
}

/** The search string without the `remote.<name>` parameters (they are kept in the session instead). */
export function stripOverrideParams(search: string): string {
  const params = new URLSearchParams(search);
  for (const key of [...params.keys()]) if (key.startsWith(OVERRIDE_PARAM_PREFIX)) params.delete(key);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

export interface OverrideDecision {
  accepted: Partial<Record<RemoteName, string>>;
  /** One line per refused override, shown to the user. The URL is never fetched. */
  refused: string[];
}

/** Decides which requested overrides to apply. */
export function decideOverrides(requested: Array<{ name: string; url: string }>, allowList: readonly string[]): OverrideDecision {
  const decision: OverrideDecision = { accepted: {}, refused: [] };
  for (const { name, url } of requested) {
    if (!isRemoteName(name)) {
      decision.refused.push(`Override refused: there is no remote called "${name}" (known: ${REMOTE_NAMES.join(', ')}).`);
      continue;
    }
    const parsed = parseHttpUrl(url);
    if (!parsed.ok) {
      decision.refused.push(`Override of ${name} refused: ${parsed.reason}.`);
      continue;
    }
    if (!isOriginAllowed(parsed.url.origin, allowList)) {
      decision.refused.push(`Override of ${name} refused: ${parsed.url.origin} is not an allowed origin for remotes.`);
      continue;
    }
    decision.accepted[name] = parsed.url.href;
  }
  return decision;
}

/** The registry with accepted overrides applied. */
export function applyOverrides(registry: Registry, accepted: Partial<Record<RemoteName, string>>): Registry {
  const next = { ...registry };
  for (const name of REMOTE_NAMES) {
    const url = accepted[name];
    if (url) next[name] = { name, manifestUrl: url, overridden: true };
  }
  return next;
}
