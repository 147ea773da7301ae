/**
 * Intro skip lookup (docs/behaviour.md#backend-api-other-services): GET /{imdbId}/{season}/{episode}, retried
 * up to 3 times on HTTP 500.
 */
import { parseSkipTime } from '../../core/player/skip-time';

export async function fetchIntroSkip(
  baseUrl: string,
  imdbId: string,
  season: number,
  episode: number,
  signal?: AbortSignal,
  retries = 3,
): Promise<number | null> {
  const url = `${baseUrl.replace(/\/$/, '')}/${encodeURIComponent(imdbId)}/${season}/${episode}`;
  for (let attempt = 0; attempt <= retries; attempt++) {
    try {
      const response = await fetch(url, signal ? { signal } : {});
      if (response.status === 500 && attempt < retries) continue;
      if (!response.ok) return null;
      const body = (await response.json()) as { introSkipTime?: unknown };
      return parseSkipTime(body.introSkipTime);
    } catch (error) {
      // Skip-time fetch failures are logged only.
      if (!signal?.aborted) console.warn('[player] skip time lookup failed:', error);
      return null;
    }
  }
  return null;
}
