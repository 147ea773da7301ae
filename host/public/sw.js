/*
 * The host's service worker: offline, every page the person has used opens again.
 * - This origin's pages and runtime files: the network first, the stored copy offline.
 * - The remotes' files (their origins are the ones /remotes.json names): manifests and remoteEntry.js
 *   the network first, since a deploy must show at once, and the stored copy offline; the chunks they
 *   loaded are content-hashed, so never change: the stored copy first.
 * Content-hashed files (the host's and the remotes') are kept within a bound of entries and bytes, the
 * oldest stored going first. A new version waits until the page asks it to take over (update prompt).
 */
const SHELL_CACHE = 'mw-shell-v2';
const FILES_CACHE = 'mw-files-v1';
const SHELL = ['/', '/config.json', '/remotes.json', '/favicon.svg'];
const HASHED = /\.[0-9a-f]{8}\.(js|css|json|svg|woff2?)$/;
/** A remote's files that change with each of its deploys. */
const REVALIDATED = /\/(mf-manifest\.json|remoteEntry\.js)$/;
const FILES_MAX_ENTRIES = 400;
const FILES_MAX_BYTES = 40 * 1024 * 1024;
/** The stored size of a file in FILES_CACHE (a header on the stored copy), for the bound. */
const SIZE_HEADER = 'x-mw-bytes';

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(SHELL)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== SHELL_CACHE && key !== FILES_CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
  else if (event.data?.type === 'keep' && Array.isArray(event.data.urls)) event.waitUntil(keep(event.data.urls));
});

/** The origins the remotes are served from, read from the stored /remotes.json (re-read when it changes). */
let remoteOrigins = null;

function readRemoteOrigins() {
  remoteOrigins ??= caches
    .open(SHELL_CACHE)
    .then((cache) => cache.match('/remotes.json'))
    .then((response) => (response ? response.json() : {}))
    .then((remotes) => {
      const origins = new Set();
      for (const url of Object.values(remotes && typeof remotes === 'object' ? remotes : {})) {
        try {
          origins.add(new URL(url).origin);
        } catch {
          // not a URL: the page reports remotes.json's problems; nothing to keep for it
        }
      }
      return origins;
    })
    .catch(() => new Set());
  return remoteOrigins;
}

/**
 * The entries of FILES_CACHE in stored order, with their sizes: read from the cache once per worker
 * start, then kept up to date by `store`. Writes are chained so that the bound is applied in order.
 */
let filesIndex = null;
let filesWrites = Promise.resolve();

async function readFilesIndex(cache) {
  if (filesIndex) return filesIndex;
  const index = new Map();
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    index.set(request.url, Number(response?.headers.get(SIZE_HEADER)) || 0);
  }
  filesIndex ??= index;
  return filesIndex;
}

/** Stores a copy of a content-hashed file or remote file, then drops the oldest beyond the bound. */
function store(url, response) {
  const write = filesWrites.then(async () => {
    const body = await response.arrayBuffer();
    const headers = new Headers(response.headers);
    headers.set(SIZE_HEADER, String(body.byteLength));
    const cache = await caches.open(FILES_CACHE);
    const index = await readFilesIndex(cache);
    await cache.put(url, new Response(body, { status: response.status, statusText: response.statusText, headers }));
    // A stored URL goes to the end of the order, as in the cache.
    index.delete(url);
    index.set(url, body.byteLength);
    let bytes = 0;
    for (const size of index.values()) bytes += size;
    for (const [oldest, size] of index) {
      if (index.size <= FILES_MAX_ENTRIES && bytes <= FILES_MAX_BYTES) break;
      if (oldest === url) break; // one file larger than the bound is still kept, alone
      await cache.delete(oldest);
      index.delete(oldest);
      bytes -= size;
    }
  });
  // A failed write (quota) loses that copy only; the next write still runs.
  filesWrites = write.catch(() => {});
  return filesWrites;
}

/** Another origin's file, asked with CORS so that its answer can be read, checked and stored. */
function fetchFile(request) {
  const url = new URL(request.url);
  if (url.origin === self.location.origin) return fetch(request);
  return fetch(request.url, { mode: 'cors', credentials: 'omit', cache: request.cache === 'only-if-cached' ? 'default' : request.cache });
}

async function networkFirstShell(request, fallbackUrl) {
  const cache = await caches.open(SHELL_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) {
      await cache.put(fallbackUrl ?? request, response.clone());
      if (new URL(request.url).pathname === '/remotes.json') remoteOrigins = null;
    }
    return response;
  } catch (error) {
    const cached = await cache.match(fallbackUrl ?? request);
    if (cached) return cached;
    throw error;
  }
}

async function networkFirstFile(event) {
  const { request } = event;
  try {
    const response = await fetchFile(request);
    if (response.ok) event.waitUntil(store(request.url, response.clone()));
    return response;
  } catch (error) {
    const cached = await (await caches.open(FILES_CACHE)).match(request.url);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirstFile(event) {
  const { request } = event;
  const cached = await (await caches.open(FILES_CACHE)).match(request.url);
  if (cached) return cached;
  const response = await fetchFile(request);
  if (response.ok) event.waitUntil(store(request.url, response.clone()));
  return response;
}

/**
 * The files a page loaded before this worker controlled it (the first visit): stored as if they had
 * passed through it, so that the first page a person used opens offline too.
 */
async function keep(urls) {
  const origins = await readRemoteOrigins();
  const cache = await caches.open(FILES_CACHE);
  for (const href of urls) {
    let url;
    try {
      url = new URL(href);
    } catch {
      continue; // not a URL: nothing to keep
    }
    const own = url.origin === self.location.origin;
    if (own ? !HASHED.test(url.pathname) : !origins.has(url.origin) || !(REVALIDATED.test(url.pathname) || HASHED.test(url.pathname)))
      continue;
    if (HASHED.test(url.pathname) && (await cache.match(url.href))) continue;
    try {
      // Mostly from the browser's HTTP cache: the page has just loaded it.
      const response = await fetchFile(new Request(url.href));
      if (response.ok) await store(url.href, response);
    } catch {
      // offline already: it is kept the next time it loads
    }
  }
}

async function remoteFile(event, url) {
  if (!(await readRemoteOrigins()).has(url.origin)) return fetch(event.request);
  return REVALIDATED.test(url.pathname) ? networkFirstFile(event) : cacheFirstFile(event);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) {
    // Only what can be a remote's file is looked at; the rest (catalog, images, media) goes its own way.
    if (REVALIDATED.test(url.pathname) || HASHED.test(url.pathname)) event.respondWith(remoteFile(event, url));
    return;
  }
  if (url.pathname === '/ping.txt' || url.pathname === '/sw.js') return; // always the network
  if (request.mode === 'navigate') {
    event.respondWith(networkFirstShell(request, '/'));
  } else if (HASHED.test(url.pathname)) {
    event.respondWith(cacheFirstFile(event));
  } else {
    event.respondWith(networkFirstShell(request));
  }
});
