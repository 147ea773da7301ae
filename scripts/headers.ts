/**
 * The response headers of the built apps, one policy for every way they are served: the Node static
 * server (./serve.ts) and the nginx configuration generated from it (./nginx.ts).
 *
 * - Pages refuse to be framed by other origins; the player's embed pages (`/embed/…`, on the host and
 *   on the standalone player's origin) may be framed by the deployment's partner origins (any, by default).
 * - A page runs scripts only from its own origin, the remotes' origins, the QA override origins, the
 *   Cast and captcha SDKs and its own inline scripts (by hash): no other inline script, no eval.
 * - What a page reads (catalogs, proxies, media servers, streams, images) is chosen by the person at
 *   run time, so connections and media may go anywhere.
 */
import crypto from 'node:crypto';

export interface HeaderPolicy {
  /** Origins that may frame the embed pages; `*` for any. */
  embedOrigins: readonly string[];
  /** Origins other than the page's own that may serve scripts (remotes, QA overrides, `scheme://host:*` allowed). */
  scriptOrigins: readonly string[];
  /** `sha256-…` of each inline script of the page. */
  inlineScriptHashes: readonly string[];
}

/** Third-party scripts and frames the product loads on purpose: Google's Cast sender, the captchas, trailers. */
const SDK_SCRIPTS = ['https://www.gstatic.com', 'https://challenges.cloudflare.com', 'https://www.google.com/recaptcha/'];
const FRAMES = [
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
  'https://challenges.cloudflare.com',
  'https://www.google.com/recaptcha/',
];

/** Whether `pathname` is one of the player's embed pages. */
export const isEmbedPath = (pathname: string): boolean => pathname === '/embed' || pathname.startsWith('/embed/');

/** The source expression for each inline `<script>` of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(match[1] ?? '') || !match[2]) continue;
    hashes.push(`sha256-${crypto.createHash('sha256').update(match[2], 'utf8').digest('base64')}`);
  }
  return hashes;
}

const frameAncestors = (embedOrigins: readonly string[]) =>
  embedOrigins.includes('*') ? '*' : ["'self'", ...embedOrigins].join(' ') || "'self'";

/** Headers of an HTML page at `pathname`. */
export function pageHeaders(pathname: string, policy: HeaderPolicy): Record<string, string> {
  const embed = isEmbedPath(pathname);
  const scripts = ["'self'", ...policy.scriptOrigins, ...SDK_SCRIPTS, ...policy.inlineScriptHashes.map((h) => `'${h}'`)];
  const csp = [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    // styled-components writes its rules into <style> elements at run time.
    "style-src 'self' 'unsafe-inline'",
    'img-src * data: blob:',
    'media-src * data: blob:',
    'connect-src * data: blob:',
    "font-src 'self' data:",
    // The player's worker starts from a same-origin blob that imports its script from the player's origin.
    `worker-src 'self' blob:`,
    `frame-src 'self' ${FRAMES.join(' ')}`,
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${embed ? frameAncestors(policy.embedOrigins) : "'self'"}`,
  ].join('; ');
  // A framed player needs the parent's grant for these; elsewhere only the page itself uses them.
  const mediaFeatures = embed ? '*' : 'self';
  return {
    'Content-Security-Policy': csp,
    'Permissions-Policy': [
      `autoplay=${mediaFeatures}`,
      `fullscreen=${mediaFeatures}`,
      `picture-in-picture=${mediaFeatures}`,
      `encrypted-media=${mediaFeatures}`,
      'camera=()',
      'microphone=()',
      'geolocation=()',
      'payment=()',
      'usb=()',
      'interest-cohort=()',
    ]
      .map((entry) => entry.replace(/=self$/, '=(self)'))
      .join(', '),
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    // Another site's window cannot keep a handle on the site's pages; embed pages live in a partner's window.
    ...(embed ? {} : { 'Cross-Origin-Opener-Policy': 'same-origin' }),
  };
}

/**
 * Headers of everything else (scripts, manifests, JSON, images), fetched cross-origin by the host. A file
 * opened directly (an SVG, a JSON answer) runs nothing and is framed by no one; scripts get no policy of
 * their own, since a service worker's script would be bound by it.
 */
export function assetHeaders(pathname = ''): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    ...(pathname.endsWith('.js') ? {} : { 'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'" }),
  };
}
