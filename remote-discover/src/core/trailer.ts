/**
 * Trailers of TMDB's videos (issue: trailers from YouTube and Vimeo are dropped): which kind a trailer
 * URL is, the privacy-enhanced embed address for it, and whether a message from the embed says it is
 * ready. Nothing of YouTube or Vimeo loads until the person asks for the trailer.
 */
export type Trailer = { kind: 'direct'; url: string } | { kind: 'youtube' | 'vimeo'; id: string; watchUrl: string };

const YOUTUBE_ID = /^[\w-]{6,20}$/;
const VIMEO_ID = /^\d{3,12}$/;

/** The trailer a URL names, or null when it is none we can play. */
export function parseTrailer(url: string | null | undefined): Trailer | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  const host = parsed.hostname.replace(/^(www|m)\./, '');
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const id = parsed.pathname === '/watch' ? parsed.searchParams.get('v') : /^\/(?:embed|shorts)\/([^/]+)/.exec(parsed.pathname)?.[1];
    return id && YOUTUBE_ID.test(id) ? { kind: 'youtube', id, watchUrl: `https://www.youtube.com/watch?v=${id}` } : null;
  }
  if (host === 'youtu.be') {
    const id = parsed.pathname.slice(1);
    return YOUTUBE_ID.test(id) ? { kind: 'youtube', id, watchUrl: `https://www.youtube.com/watch?v=${id}` } : null;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = /(\d{3,12})\/?$/.exec(parsed.pathname)?.[1];
    return id && VIMEO_ID.test(id) ? { kind: 'vimeo', id, watchUrl: `https://vimeo.com/${id}` } : null;
  }
  return { kind: 'direct', url: parsed.href };
}

/** Privacy-enhanced embed hosts: no cookies until the person plays (youtube-nocookie), do-not-track (Vimeo). */
export const EMBED_ORIGINS = { youtube: 'https://www.youtube-nocookie.com', vimeo: 'https://player.vimeo.com' } as const;

export function embedUrl(trailer: Extract<Trailer, { kind: 'youtube' | 'vimeo' }>, pageOrigin: string): string {
  if (trailer.kind === 'youtube') {
    const query = new URLSearchParams({ autoplay: '1', enablejsapi: '1', rel: '0', playsinline: '1', origin: pageOrigin });
    return `${EMBED_ORIGINS.youtube}/embed/${trailer.id}?${query}`;
  }
  return `${EMBED_ORIGINS.vimeo}/video/${trailer.id}?${new URLSearchParams({ autoplay: '1', dnt: '1', api: '1' })}`;
}

/**
 * What the page posts so the embed starts talking: the YouTube IFrame API's `listening` handshake, and
 * Vimeo's `addEventListener` for `ready`.
 */
export function handshake(kind: 'youtube' | 'vimeo'): string {
  return kind === 'youtube'
    ? JSON.stringify({ event: 'listening', id: 1, channel: 'widget' })
    : JSON.stringify({ method: 'addEventListener', value: 'ready' });
}

/** Whether a message event's data, from the embed's origin, says the player is ready. */
export function isReadyMessage(kind: 'youtube' | 'vimeo', origin: string, data: unknown): boolean {
  if (origin !== EMBED_ORIGINS[kind]) return false;
  let message: unknown = data;
  if (typeof data === 'string') {
    try {
      message = JSON.parse(data);
    } catch {
      return false;
    }
  }
  if (!message || typeof message !== 'object') return false;
  const event = (message as { event?: unknown }).event;
  return kind === 'youtube' ? event === 'onReady' || event === 'initialDelivery' : event === 'ready';
}
