/**
 * A stand-in remote scraping server (an `api:` entry of the proxy list) for streams the local library
 * does not have: one source, "Partner server", whose run at /scrape finds the stream `stream()` gives
 * (the same server-sent events as services/src/scraper). `handle` may answer other paths first.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInScraper {
  origin: string;
  close(): Promise<void>;
}

export async function startStandInScraper(
  stream: () => Record<string, unknown>,
  handle?: (url: URL, req: http.IncomingMessage, res: http.ServerResponse) => boolean,
): Promise<StandInScraper> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (handle?.(url, req, res)) return;
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (url.pathname === '/') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(
        JSON.stringify({
          providers: [{ id: 'partner', name: 'Partner server', rank: 1, kind: 'source', mediaTypes: ['movie', 'show'], needs: [] }],
        }),
      );
      return;
    }
    if (url.pathname !== '/scrape') return void res.writeHead(404).end();
    const runId = 'stand-in';
    const events = [
      { type: 'init', runId, sources: [{ id: 'partner', name: 'Partner server' }] },
      { type: 'start', runId, id: 'partner' },
      { type: 'update', runId, id: 'partner', status: 'success', percentage: 100 },
      { type: 'done', runId, result: { ok: true, value: { sourceId: 'partner', stream: stream() } } },
    ];
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    res.end(events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join(''));
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  return {
    origin: `http://localhost:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
