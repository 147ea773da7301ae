/**
 * Module Federation runtime plugin: fetches remote manifests with a timeout and checks they are
 * manifests, so a dead, slow, 404 or HTML-answering remote fails fast with a clear reason.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { fetchWithin } from '../../core/early-requests';

export class ManifestError extends Error {
  override name = 'ManifestError';
}

export async function fetchManifest(url: string, timeoutMs: number, init: RequestInit = {}): Promise<Response> {
  // The first page's manifest may have been requested by the page itself (core/early-requests.ts).
  const fetched = await fetchWithin(url, { ...init, cache: 'no-cache' }, timeoutMs);
  if (!fetched.ok) {
    throw new ManifestError(
      fetched.timedOut
        ? `no answer from ${url} within ${Math.round(timeoutMs / 1000)} s`
        : `could not reach ${url} (${String(fetched.error)})`,
    );
  }
  const { response, text } = fetched;
  if (!response.ok) throw new ManifestError(`${url} answered HTTP ${response.status}`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ManifestError(`${url} did not answer with a manifest (not JSON)`);
  }
  const manifest = json as { metaData?: unknown; exposes?: unknown; shared?: unknown } | null;
  if (!manifest || typeof manifest !== 'object' || !manifest.metaData || !manifest.exposes || !manifest.shared) {
    throw new ManifestError(`${url} is not a Module Federation manifest`);
  }
  return new Response(text, { status: 200, headers: { 'content-type': 'application/json' } });
}

export function manifestGuardPlugin(timeoutMs: number): ModuleFederationRuntimePlugin {
  return {
    name: 'mw-manifest-guard',
    fetch(url, init) {
      if (!/mf-manifest\.json(\?|$)/.test(url)) return undefined;
      return fetchManifest(url, timeoutMs, init);
    },
  };
}
