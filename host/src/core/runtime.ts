/**
 * Boot-time loading of the deploy's runtime files: /config.json and /remotes.json, and the QA overrides
 * kept for the tab's session. Every problem becomes a message; the site still starts.
 */
import { DEFAULT_RUNTIME_CONFIG, parseRuntimeConfig, type RuntimeConfig } from 'shared-contracts';
import { fetchWithin } from './early-requests';
import { applyOverrides, buildRegistry, decideOverrides, readOverrideParams, type Registry } from './remote-registry';

export interface Runtime {
  config: RuntimeConfig;
  registry: Registry;
  /** Origins a QA override may come from (config, plus localhost in development builds). */
  overrideOrigins: string[];
  /** Problems with config.json or remotes.json, shown on screen. */
  problems: string[];
  /** Refused QA overrides, shown on screen. */
  refusedOverrides: string[];
}

export const OVERRIDES_SESSION_KEY = '__MW::remote-overrides';
export const DEV_OVERRIDE_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*'];

type FetchJson = (path: string) => Promise<{ ok: true; value: unknown } | { ok: false; error: string }>;

/** Fetches a JSON file of the host's own origin (or takes the page's early request for it) with a timeout; never throws. */
export const fetchJson: FetchJson = async (path) => {
  const fetched = await fetchWithin(path, { cache: 'no-store' }, 5000);
  if (!fetched.ok) {
    return { ok: false, error: `${path} could not be loaded (${fetched.timedOut ? 'timed out' : String(fetched.error)})` };
  }
  if (!fetched.response.ok) return { ok: false, error: `${path} answered HTTP ${fetched.response.status}` };
  try {
    return { ok: true, value: JSON.parse(fetched.text) as unknown };
  } catch {
    return { ok: false, error: `${path} is not valid JSON` };
  }
};

export interface SessionLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function readStoredOverrides(session: SessionLike): Array<{ name: string; url: string }> {
  try {
    const stored = JSON.parse(session.getItem(OVERRIDES_SESSION_KEY) ?? '{}') as unknown;
    if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return [];
    return Object.entries(stored as Record<string, unknown>)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([name, url]) => ({ name, url }));
  } catch {
    return []; // unreadable session entry: no overrides
  }
}

export async function loadRuntime(options: {
  search: string;
  session: SessionLike;
  isDev: boolean;
  fetchJson?: FetchJson;
}): Promise<Runtime> {
  const get = options.fetchJson ?? fetchJson;
  const [configFile, remotesFile] = await Promise.all([get('/config.json'), get('/remotes.json')]);
  const problems: string[] = [];

  let config = DEFAULT_RUNTIME_CONFIG;
  if (configFile.ok) {
    const parsed = parseRuntimeConfig(configFile.value);
    if (parsed.ok) config = parsed.value;
    else problems.push(`config.json is invalid (${parsed.error}); using defaults.`);
  } else {
    problems.push(`${configFile.error}; using the default configuration.`);
  }

  const built = buildRegistry(remotesFile.ok ? remotesFile.value : {});
  if (remotesFile.ok) problems.push(...built.problems);
  else problems.push(`${remotesFile.error}; no part of the site that lives in a remote can load.`);

  const overrideOrigins = [...config.remoteOverrideOrigins, ...(options.isDev ? DEV_OVERRIDE_ORIGINS : [])];
  // URL parameters win over what this tab stored earlier; both are re-checked against today's allow-list.
  const fromUrl = readOverrideParams(options.search);
  const merged = new Map(readStoredOverrides(options.session).map((o) => [o.name, o.url]));
  for (const o of fromUrl) merged.set(o.name, o.url);
  const decision = decideOverrides(
    [...merged].map(([name, url]) => ({ name, url })),
    overrideOrigins,
  );
  if (Object.keys(decision.accepted).length) {
    options.session.setItem(OVERRIDES_SESSION_KEY, JSON.stringify(decision.accepted));
  } else {
    options.session.removeItem(OVERRIDES_SESSION_KEY);
  }
  return {
    config,
    registry: applyOverrides(built.registry, decision.accepted),
    overrideOrigins,
    problems,
    refusedOverrides: decision.refused,
  };
}
