/**
 * An nginx configuration that serves the production builds as the Node static server does: one
 * server block per app, the headers of ./headers.ts, precompressed files (gzip_static), the cache
 * rules, CORS for the remotes, the single-page fallback for page routes only, and 400/404/405 for
 * what is not a file or not a GET.
 *
 *   tsx scripts/nginx.ts > movie-web.nginx.conf     (values from the environment, see docs/deploy.md)
 *
 * The output is an `http { … }` block's content: include it from nginx.conf, or run it whole with
 * `nginx -c` after wrapping (nginxMainConfig does that for the tests).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { APP_NAMES, APPS, type AppName } from './apps.ts';
import { assetHeaders, inlineScriptHashes, pageHeaders, type HeaderPolicy } from './headers.ts';
import { distOf } from './site.ts';

export interface NginxOptions {
  /** Address and port each app's server listens on, e.g. `127.0.0.1:3000` or `80`. */
  listen: Record<AppName, string>;
  /** The built app each server serves (default: this checkout's dist folders). */
  roots?: Partial<Record<AppName, string>>;
  /** server_name of each app (default `_`); one server per port is enough when each app has its own port. */
  serverNames?: Partial<Record<AppName, string>>;
  /** The remotes' public origins, as in the host's remotes.json; they may serve the host's scripts. */
  remoteOrigins: readonly string[];
  /** QA override origins (`scheme://host:*` allowed) that may serve scripts too. */
  overrideOrigins?: readonly string[];
  /** Partner origins that may frame the embed pages (`*`: any). */
  embedOrigins?: readonly string[];
  /** Files served at the host's /config.json and /remotes.json instead of those in its build. */
  hostFiles?: { config?: string; remotes?: string };
}

const REVALIDATE = '(index\\.html|mf-manifest\\.json|remoteEntry\\.js|config\\.json|remotes\\.json|ping\\.txt|sw\\.js)$';
const HASHED = '\\.[0-9a-f]{8}\\.(js|css|woff2?|png|jpe?g|svg|webp)$';

const quote = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
const addHeaders = (headers: Record<string, string>, indent: string) =>
  Object.entries(headers)
    .map(([name, value]) => `${indent}add_header ${name} ${quote(value)} always;`)
    .join('\n');

function serverBlock(app: AppName, options: NginxOptions): string {
  const root = path.resolve(options.roots?.[app] ?? distOf(app));
  const isHost = APPS[app].kind === 'host';
  const hashes = inlineScriptHashes(fs.readFileSync(path.join(root, 'index.html'), 'utf8'));
  const policy: HeaderPolicy = {
    embedOrigins: options.embedOrigins ?? ['*'],
    scriptOrigins: isHost ? [...options.remoteOrigins, ...(options.overrideOrigins ?? [])] : [],
    inlineScriptHashes: hashes,
  };
  const page = (pathname: string, cache: string) =>
    addHeaders({ ...assetHeaders(), ...pageHeaders(pathname, policy), 'Cache-Control': cache }, '    ');
  const asset = (pathname: string, cache: string) => addHeaders({ ...assetHeaders(pathname), 'Cache-Control': cache }, '    ');
  const hostFile = (name: 'config' | 'remotes') => {
    const file = options.hostFiles?.[name];
    return isHost && file
      ? `  location = /${name}.json {\n    alias ${path.resolve(file)};\n    default_type application/json;\n${asset(`/${name}.json`, 'no-cache')}\n  }\n`
      : '';
  };
  return `# ${app}
server {
  listen ${options.listen[app]};
  server_name ${options.serverNames?.[app] ?? '_'};
  root ${root};
  charset utf-8;
  server_tokens off;
  gzip_static on;
  gzip on;
  gzip_vary on;
  gzip_types text/css application/javascript application/json image/svg+xml text/plain application/manifest+json;
  types {
    text/html html;
    text/css css;
    application/javascript js mjs;
    application/json json map;
    image/svg+xml svg;
    image/png png;
    image/jpeg jpg jpeg;
    image/webp webp;
    font/woff2 woff2;
    text/plain txt vtt srt;
  }
  default_type application/octet-stream;

  # What the server level answers itself (preflights, refused methods) carries these.
${addHeaders({ ...assetHeaders(), 'Access-Control-Allow-Headers': '*' }, '  ')}
  if ($request_method = OPTIONS) {
    return 204;
  }
  if ($request_method !~ ^(GET|HEAD)$) {
    return 405;
  }
  error_page 405 = @method;
  location @method {
${addHeaders({ ...assetHeaders(), Allow: 'GET, HEAD, OPTIONS' }, '    ')}
    return 405 "Method Not Allowed\\n";
  }
  # The precompressed copies are sent for their originals (gzip_static), never under their own names.
  location ~ \\.(br|gz)$ {
    return 404;
  }

${hostFile('config')}${hostFile('remotes')}  location ~ "${HASHED}" {
${asset('/x.00000000.js', 'public, max-age=31536000, immutable')}
    try_files $uri =404;
  }
  location ~ "${REVALIDATE}" {
${asset('/remoteEntry.json', 'no-cache')}
    try_files $uri =404;
  }
  location ~ \\.js$ {
${asset('/x.js', 'public, max-age=3600')}
    try_files $uri =404;
  }
  location ~ \\.html$ {
${page('/page.html', 'no-cache')}
    try_files $uri =404;
  }
  location ~ \\.[A-Za-z0-9]+$ {
${asset('/x.json', 'public, max-age=3600')}
    try_files $uri =404;
  }
  # The player's embed pages, which partners frame.
  location /embed {
${page('/embed/x', 'no-cache')}
    try_files /index.html =404;
  }
  # Every other path is a page route of the single-page app.
  location / {
${page('/', 'no-cache')}
    try_files /index.html =404;
  }
}
`;
}

/** The server blocks of every app. */
export function nginxConfig(options: NginxOptions): string {
  return APP_NAMES.map((app) => serverBlock(app, options)).join('\n');
}

/** A whole nginx.conf around the server blocks, for running nginx in the foreground under `prefix`. */
export function nginxMainConfig(servers: string, prefix: string): string {
  // Workers as this user: the builds may sit in folders only it can read (a temporary clone in CI).
  const user = process.getuid?.() === 0 ? `user ${os.userInfo().username};\n` : '';
  return `${user}daemon off;
worker_processes 1;
pid ${path.join(prefix, 'nginx.pid')};
error_log stderr warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${path.join(prefix, 'client_body')};
  proxy_temp_path ${path.join(prefix, 'proxy')};
  fastcgi_temp_path ${path.join(prefix, 'fastcgi')};
  uwsgi_temp_path ${path.join(prefix, 'uwsgi')};
  scgi_temp_path ${path.join(prefix, 'scgi')};
  sendfile on;
${servers
  .split('\n')
  .map((line) => (line ? `  ${line}` : line))
  .join('\n')}
}
`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const env = process.env;
  const listen = Object.fromEntries(APP_NAMES.map((app) => [app, env[APPS[app].portEnv] ?? String(APPS[app].port)])) as Record<
    AppName,
    string
  >;
  const list = (value: string | undefined) => (value ? value.split(',').map((v) => v.trim()) : undefined);
  const remoteOrigins =
    list(env.MW_REMOTE_ORIGINS) ?? APP_NAMES.filter((a) => APPS[a].kind === 'remote').map((a) => `http://localhost:${listen[a]}`);
  process.stdout.write(
    nginxConfig({
      listen,
      remoteOrigins,
      ...(list(env.MW_OVERRIDE_ORIGINS) ? { overrideOrigins: list(env.MW_OVERRIDE_ORIGINS)! } : {}),
      ...(list(env.MW_EMBED_ORIGINS) ? { embedOrigins: list(env.MW_EMBED_ORIGINS)! } : {}),
    }),
  );
}
