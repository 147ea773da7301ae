/**
 * Playwright fixtures: the composed site (production builds, each app on its own free port, local
 * services on free ports) started once per worker, plus helpers for extra origins used by failure tests.
 */
import { test as base, expect } from '@playwright/test';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStaticServer, type StaticServer } from '../../scripts/serve.ts';
import { freePorts, ROOT, startSite, type Site } from '../../scripts/site.ts';

export const QA_DIST = path.join(ROOT, 'remote-settings', 'dist-qa');
export const V2_DIST = path.join(ROOT, 'remote-settings', 'dist-contracts-v2');
export const QA_MARKER = 'qa-settings-build';

/** A server on a free port that records every request it gets. */
export interface RecordingServer {
  origin: string;
  requests: string[];
  close(): Promise<void>;
}

/** Answers like a broken remote: /404/… 404, /html/… an HTML page, /hang/… never answers. */
export async function startBrokenRemoteServer(): Promise<RecordingServer> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.url?.startsWith('/404/')) res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":"not found"}');
    else if (req.url?.startsWith('/html/'))
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>Welcome</title><h1>Hello</h1>');
    else if (req.url?.startsWith('/notmanifest/')) res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"hello":"world"}');
    // /hang/: keep the connection open without answering.
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (s) => (sockets.add(s), s.on('close', () => sockets.delete(s))));
  return {
    origin: `http://localhost:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise((resolve) => (sockets.forEach((s) => s.destroy()), server.close(() => resolve()))),
  };
}

export async function startRecordingStatic(dir: string): Promise<RecordingServer & { server: StaticServer }> {
  const requests: string[] = [];
  const server = await startStaticServer({ dir, port: 0, log: (line) => requests.push(line) });
  return { origin: server.url, requests, server, close: () => server.close() };
}

/** The services' data folder of each started site (for restartBackend). */
const siteDataDirs = new WeakMap<Site, string>();

/**
 * Account e2e: a real outage of the account server. Stops it, runs `during` while it is down, then
 * starts it again on the same port with the same data. The site's teardown closes the new instance.
 */
export async function withBackendDown(site: Site, during: () => Promise<void>): Promise<void> {
  const services = site.services;
  const running = services?.services.backend;
  const dataDir = siteDataDirs.get(site);
  if (!services || !running || !dataDir) throw new Error('the site has no account server to stop');
  await running.close();
  try {
    await during();
  } finally {
    const { start } = await import('services/backend');
    services.services.backend = await start({
      port: running.port,
      host: 'localhost',
      dataDir: path.join(dataDir, 'backend'),
      urls: services.urls,
      log: () => {},
      env: process.env,
    });
  }
}

interface WorkerFixtures {
  site: Site;
  qa: { allowed: RecordingServer; disallowed: RecordingServer; v2: RecordingServer; broken: RecordingServer };
}

export const test = base.extend<{ consoleErrors: string[] }, WorkerFixtures>({
  qa: [
    async ({}, use) => {
      for (const dir of [QA_DIST, V2_DIST]) {
        if (!fs.existsSync(path.join(dir, 'mf-manifest.json')))
          throw new Error(`${dir} is missing: run the e2e global setup (npm run test:e2e)`);
      }
      const [allowed, disallowed, v2, broken] = await Promise.all([
        startRecordingStatic(QA_DIST),
        startRecordingStatic(QA_DIST),
        startRecordingStatic(V2_DIST),
        startBrokenRemoteServer(),
      ]);
      await use({ allowed, disallowed, v2, broken });
      await Promise.all([allowed.close(), disallowed.close(), v2.close(), broken.close()]);
    },
    { scope: 'worker' },
  ],
  site: [
    async ({ qa }, use) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-e2e-'));
      // One account server serves the whole run, from one address: its per-client limits (10 registrations
      // per 10 min) would end the run's later registrations with 429. The limits are tested in
      // services/src/backend/ratelimit.test.ts; here they are off (the services read process.env).
      process.env.BACKEND_RATE_LIMITS ??= 'false';
      const site = await startSite({
        ports: freePorts().apps,
        services: {
          ports: freePorts().services,
          dataDir,
        },
        config: { remoteOverrideOrigins: [qa.allowed.origin, qa.v2.origin, qa.broken.origin], remoteManifestTimeoutMs: 4000 },
      });
      siteDataDirs.set(site, dataDir);
      await use(site);
      await site.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    await use(errors);
  },
});

export { expect };
