/**
 * The site's route table: which paths show a remote's page, and the player's whole-screen routes. The
 * app's router renders it, and a cold load reads it to start fetching the first page's remote before
 * React renders (`firstRemotePage`). Pure.
 */
import type { RemoteName, RemotePages } from 'shared-contracts';

type RemoteRoute = {
  [R in RemoteName]: {
    /** A React Router path: `:name` is one segment, a trailing `/*` any rest. */
    path: string;
    /** The host's default page title key (`pageTitles.*`); the remote may set a better one. */
    title: string;
    remote: R;
    page: RemotePages[R];
    /** A cold load of this path fetches the remote before React renders (the pages people land on). */
    early: boolean;
  };
}[RemoteName];

/** The site's pages that live in remotes, inside the site's frame (header, footer). */
export const REMOTE_ROUTES: readonly RemoteRoute[] = [
  { path: '/discover', title: 'discover', remote: 'discover', page: 'discover', early: true },
  { path: '/login', title: 'login', remote: 'account', page: 'login', early: true },
  { path: '/register', title: 'register', remote: 'account', page: 'register', early: true },
  { path: '/onboarding/*', title: 'onboarding', remote: 'account', page: 'onboarding', early: false },
  { path: '/migration/*', title: 'migration', remote: 'account', page: 'migration', early: false },
  { path: '/settings', title: 'settings', remote: 'settings', page: 'settings', early: true },
  { path: '/dev', title: 'dev', remote: 'settings', page: 'dev', early: false },
  { path: '/admin', title: 'admin', remote: 'settings', page: 'admin', early: false },
  { path: '/dev/video', title: 'devVideo', remote: 'player', page: 'devVideo', early: false },
];

/** The player's routes: the whole screen, no site header or footer. Each shows the player's watch page. */
export const WATCH_ROUTES = [
  { path: '/media/:media', kind: 'watch' },
  { path: '/media/:media/:season/:episode', kind: 'watch' },
  { path: '/embed/:media', kind: 'embed' },
  { path: '/embed/:media/:season/:episode', kind: 'embed' },
] as const;

/** Whether `path` (no trailing slash) is one `pattern` of the table matches, as the router would (case as written). */
export function matchesRoute(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const have = path.split('/');
  if (want.at(-1) === '*') return have.length >= want.length - 1 && want.slice(0, -1).every((part, i) => part === have[i]);
  return want.length === have.length && want.every((part, i) => (part.startsWith(':') ? have[i] !== '' : part === have[i]));
}

/**
 * The remote page a cold load of `pathname` shows first, to start loading it before React renders
 * (the remote's manifest, entry and page are a chain of round trips). Null where the host renders the
 * page itself or the page depends on more than the path.
 */
export function firstRemotePage(pathname: string, enableDiscover: boolean): { remote: RemoteName; page: string } | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  // The home page is the host's own; with Discover on, discover's sections fill it.
  if (path === '/') return enableDiscover ? { remote: 'discover', page: 'homeSection' } : null;
  const route = REMOTE_ROUTES.find((r) => r.early && matchesRoute(r.path, path));
  if (route) return { remote: route.remote, page: route.page };
  if (WATCH_ROUTES.some((r) => matchesRoute(r.path, path))) return { remote: 'player', page: 'watch' };
  return null;
}
