// @vitest-environment jsdom
/**
 * The source menu (`/source`, `/source/embeds`) against the real player and the real scraping engine
 * (run inline: jsdom has no workers) over the media library stand-in: a source's embeds, a failed
 * embed's error icon, a single embed scraped at once, the noEmbeds, noStream and failed states, the
 * error of a run that could not start, and a run left behind that switches nothing.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HOSTED_MOVIES, MIRRORED_MOVIES } from 'services/media-library';
import { startServices, type RunningServices } from 'services/run';
import type { ScrapeError } from 'scraping-core/errors';
import type { ScrapeOptions, Stream } from 'scraping-core/types';
import type { Result } from '../../../core/result';
import { openMenu, setMeta } from '../player.actions';
import type { PlayerHooks } from '../player.store';
import { renderPlayer } from '../testing/render-player';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mw-source-menu-'));
let services: RunningServices;
/** A library that is down: every request answers 500. */
let down: http.Server;
let downUrl: string;

beforeAll(async () => {
  services = await startServices({ names: ['media'], ports: { media: 0 }, dataDir, log: () => undefined });
  down = http.createServer((_req, res) => res.writeHead(500).end('down'));
  await new Promise<void>((resolve) => down.listen(0, 'localhost', resolve));
  downUrl = `http://localhost:${(down.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await services?.close();
  down?.closeAllConnections();
  await new Promise((resolve) => down?.close(resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
});
afterEach(cleanup);

// Invented titles (public-domain films are also on the archive); none of them on the mirrors.
const invented = (ids: readonly number[]) => ids.find((id) => id >= 900000 && !MIRRORED_MOVIES.includes(id))!;

type Played = { stream: Stream; sourceId: string; embedId?: string };

/**
 * The player showing `tmdbId`, its settings menu open on the source list. The page's runs use the media
 * library (`runOptions` may say otherwise for the menu's runs).
 */
async function sourceMenu(tmdbId: number, runOptions?: PlayerHooks['scrapeOptionsForRun']) {
  const options = (): ScrapeOptions => ({ settings: { localLibraryUrl: services.urls.media! } });
  const played: Played[] = [];
  const view = renderPlayer({
    hooks: {
      scrapeOptions: options,
      scrapeOptionsForRun: runOptions ?? ((runId) => Promise.resolve({ ok: true, value: { ...options(), runId } })),
      playStream: (stream, sourceId, embedId) => void played.push({ stream, sourceId, ...(embedId ? { embedId } : {}) }),
    },
  });
  await view.playStream(120, 10);
  await view.update(() => {
    setMeta(view.player, {
      media: { type: 'movie', title: 'Invented', tmdbId: String(tmdbId) },
      scrape: { type: 'movie', title: 'Invented', releaseYear: 2000, tmdbId: String(tmdbId) },
    });
    openMenu(view.player, 'settings', '/source');
  });
  const menu = () => document.querySelector('[data-router="settings"]');
  /** Opens a source's embeds page (which runs the source). */
  const open = async (sourceId: string) => fireEvent.click(await screen.findByTestId(`source-${sourceId}`));
  return { ...view, played, menu, open };
}

const menuError = () => screen.findByTestId('source-menu-error', {}, { timeout: 10_000 });

describe('the source menu', () => {
  it('a source with exactly one embed scrapes it at once: it plays and the menu closes', async () => {
    const { open, played, menu } = await sourceMenu(invented(HOSTED_MOVIES.oneHost));
    await open('local-hosts');
    await waitFor(() => expect(played).toHaveLength(1), { timeout: 10_000 });
    expect(played[0]).toMatchObject({ sourceId: 'local-hosts', stream: { type: 'file' } });
    expect(played[0]!.embedId).toBeTruthy();
    await waitFor(() => expect(menu()).toBeNull());
  });

  it('a failed embed shows the error icon and the menu stays; another embed plays and closes the menu', async () => {
    const { open, played, menu } = await sourceMenu(invented(HOSTED_MOVIES.firstHostRemoved));
    await open('local-hosts');
    await waitFor(() => expect(screen.getAllByTestId('embed-option')).toHaveLength(2), { timeout: 10_000 });
    expect(screen.queryByTestId('embed-failed-icon')).toBeNull();
    fireEvent.click(screen.getAllByTestId('embed-option')[0]!);
    await waitFor(() => expect(screen.getAllByTestId('embed-option')[0]!.getAttribute('data-status')).toBe('failed'), { timeout: 10_000 });
    const [first, second] = screen.getAllByTestId('embed-option');
    expect(within(first!).getByTestId('embed-failed-icon')).toBeTruthy();
    expect(within(second!).queryByTestId('embed-failed-icon')).toBeNull();
    expect(menu()?.getAttribute('data-route')).toBe('/source/embeds');
    expect(played).toEqual([]);
    fireEvent.click(second!);
    await waitFor(() => expect(played).toHaveLength(1), { timeout: 10_000 });
    expect(played[0]).toMatchObject({ sourceId: 'local-hosts', stream: { type: 'file' } });
    await waitFor(() => expect(menu()).toBeNull());
  });

  it('a source without embeds says noEmbeds, one without the title says noStream; nothing plays', async () => {
    const { open, played, menu } = await sourceMenu(invented(HOSTED_MOVIES.removedEverywhere));
    await open('local-hosts');
    expect((await menuError()).getAttribute('data-kind')).toBe('noEmbeds');
    expect(screen.getByTestId('source-menu-error').textContent).toBe('This source found no embeds for this title.');
    expect(screen.queryByTestId('embed-option')).toBeNull();
    fireEvent.click(within(menu() as HTMLElement).getByRole('button', { name: 'Back' }));
    await open('local-hls-mirror');
    await waitFor(() => expect(screen.getByTestId('source-menu-error').getAttribute('data-kind')).toBe('noStream'), { timeout: 10_000 });
    expect(screen.getByTestId('source-menu-error').textContent).toBe('This source has no stream for this title.');
    expect(played).toEqual([]);
  });

  it('a source whose run fails says failed; nothing plays', async () => {
    const { open, played } = await sourceMenu(653, (runId) =>
      Promise.resolve({ ok: true, value: { settings: { localLibraryUrl: downUrl }, runId } }),
    );
    await open('local-mp4');
    const error = await menuError();
    expect(error.getAttribute('data-kind')).toBe('failed');
    expect(error.textContent).toBe('Failed to scrape this source.');
    expect(played).toEqual([]);
  });

  it.each([
    ['scrape/extension-disabled', 'extensionDisabled', 'The extension is disabled.'],
    [
      'scrape/turnstile',
      'turnstile',
      'Failed to verify your humanity - stream failed to load. Clear your cache and try again, or switch to a different source',
    ],
  ] as const)('a run that cannot start (%s) says why', async (code, kind, text) => {
    const refused: Result<ScrapeOptions, ScrapeError> = { ok: false, error: { code, message: code } };
    const { open } = await sourceMenu(653, () => Promise.resolve(refused));
    await open('local-mp4');
    const error = await menuError();
    expect(error.getAttribute('data-kind')).toBe(kind);
    expect(error.textContent).toBe(text);
  });

  it('leaving the embeds page while its embed run waits gives that run up: its late result plays nothing', async () => {
    // The source's run goes through; the embed's run waits for its options (as for a captcha) until released.
    let release: () => void = () => {};
    const signals: AbortSignal[] = [];
    const { open, played, menu } = await sourceMenu(invented(HOSTED_MOVIES.oneHost), (runId, signal) => {
      if (signal) signals.push(signal);
      const value = { settings: { localLibraryUrl: services.urls.media! }, runId };
      if (signals.length !== 2) return Promise.resolve({ ok: true, value });
      return new Promise((resolve) => (release = () => resolve({ ok: true, value })));
    });
    await open('local-hosts');
    await waitFor(() => expect(screen.getByTestId('embed-option').getAttribute('data-status')).toBe('loading'), { timeout: 10_000 });
    fireEvent.click(within(menu() as HTMLElement).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByTestId('source-embeds-menu')).toBeNull());
    expect(signals[1]?.aborted).toBe(true);
    // Released, the run it left would scrape the embed and play it: another source is chosen meanwhile.
    release();
    await open('local-hosts');
    await waitFor(() => expect(played.length).toBeGreaterThan(0), { timeout: 10_000 });
    await waitFor(() => expect(menu()).toBeNull());
    expect(played).toHaveLength(1);
    expect(signals).toHaveLength(4);
  });
});
