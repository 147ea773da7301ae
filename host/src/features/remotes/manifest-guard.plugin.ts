/**
 * Module Federation runtime plugin: fetches remote manifests with a timeout and checks they are
 * manifests, so a dead, slow, 404 or HTML-answering remote fails fast with a clear reason.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export class ManifestError extends Error {
  override name = 'ManifestError';
}

export async function fetchManifest(url: string, timeoutMs: number, init: RequestInit = {}): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { ...init, cache: 'no-cache', signal: controller.signal });
    text = await response.text();
  } catch (error) {
    throw new ManifestError(
      controller.signal.aborted
        ? `no answer from ${url} within ${Math.round(timeoutMs / 1000)} s`
        : `could not reach ${url} (${String(error)})`,
    );
  } finally {
    clearTimeout(timer);
  }
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
