// @vitest-environment jsdom
/**
 * The scraping progress view against the real player in jsdom, fed the scrape events a run sends:
 * every source listed in the run's order, what each row shows for its state (a percentage while it
 * runs, the error icon when it failed, a check when it plays, nothing when it does not have the title),
 * one tip for the whole run, and "Verifying humanity" while a captcha is solved.
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ScrapeEvent } from 'scraping-core/types';
import en from '../../locales/en.json';
import { scrapeProgressed, setMeta } from './player.actions';
import { TIP_COUNT } from './ScrapingView';
import { renderPlayer } from './testing/render-player';
import { turnstileStatus } from './turnstile';

afterEach(() => {
  cleanup();
  turnstileStatus.verifying = false;
});

const runId = 'run-1';
const SOURCES = [
  { id: 'local-hls-mirror', name: 'Local HLS (mirror)' },
  { id: 'local-hls-backup', name: 'Local HLS (backup)' },
  { id: 'local-hls', name: 'Local HLS' },
  { id: 'local-mp4', name: 'Local MP4' },
];

/** The player looking for a stream for Nosferatu, its progress view on screen. */
async function scraping() {
  const view = renderPlayer();
  await view.update(() => {
    view.player.dispatch({ type: 'setMeta' });
    setMeta(view.player, { media: { type: 'movie', title: 'Nosferatu', tmdbId: '653' }, scrape: null });
  });
  const send = (...events: ScrapeEvent[]) => view.update(() => events.forEach((event) => scrapeProgressed(view.player, event)));
  return { ...view, send };
}

/** Each row: its source, its state, and what it shows besides its name. */
const rows = () =>
  screen.getAllByTestId('scrape-item').map((row) => {
    const shown =
      row.querySelector('.pct')?.textContent ??
      (row.querySelector('.err svg') ? 'error' : row.querySelector('.ok svg') ? 'check' : 'nothing');
    return `${row.getAttribute('data-source')}:${row.getAttribute('data-status')}:${shown}`;
  });

describe('the scraping progress view', () => {
  it('lists every source of the run, waiting, in the order they will be tried', async () => {
    const { send } = await scraping();
    await send({ type: 'init', runId, sources: SOURCES });
    expect(rows()).toEqual(SOURCES.map((s) => `${s.id}:waiting:nothing`));
    expect(screen.getAllByTestId('scrape-item').map((row) => row.querySelector('.name')?.textContent)).toEqual(SOURCES.map((s) => s.name));
  });

  it('shows the percentage of the running source, the error icon of a failed one, a check on the one that plays', async () => {
    const { send } = await scraping();
    await send(
      { type: 'init', runId, sources: SOURCES },
      { type: 'start', runId, id: 'local-hls-mirror' },
      { type: 'update', runId, id: 'local-hls-mirror', status: 'pending', percentage: 50 },
    );
    expect(rows()[0]).toBe('local-hls-mirror:pending:50%');
    await send(
      { type: 'update', runId, id: 'local-hls-mirror', status: 'failure', percentage: 100, reason: 'segment: HTTP 404' },
      { type: 'start', runId, id: 'local-hls-backup' },
      { type: 'update', runId, id: 'local-hls-backup', status: 'failure', percentage: 100 },
      { type: 'start', runId, id: 'local-hls' },
      { type: 'update', runId, id: 'local-hls', status: 'pending', percentage: 33.4 },
    );
    expect(rows()).toEqual([
      'local-hls-mirror:failure:error',
      'local-hls-backup:failure:error',
      'local-hls:pending:33%',
      'local-mp4:waiting:nothing',
    ]);
    expect(screen.getAllByTestId('scrape-item')[0]!.querySelector('.err')?.getAttribute('title')).toBe('segment: HTTP 404');
    await send({ type: 'update', runId, id: 'local-hls', status: 'success', percentage: 100 });
    expect(rows()[2]).toBe('local-hls:success:check');
  });

  it('shows nothing on a source that does not have the title, and names each state for screen readers', async () => {
    const { send } = await scraping();
    await send(
      { type: 'init', runId, sources: SOURCES },
      { type: 'start', runId, id: 'local-hls-mirror' },
      { type: 'update', runId, id: 'local-hls-mirror', status: 'notfound', percentage: 100 },
    );
    expect(rows()[0]).toBe('local-hls-mirror:notfound:nothing');
    expect(screen.getAllByTestId('scrape-item')[0]!.textContent).toBe('Local HLS (mirror)Not found');
  });

  it("lists a source's embeds under it as they are found", async () => {
    const { send } = await scraping();
    await send(
      { type: 'init', runId, sources: SOURCES },
      { type: 'start', runId, id: 'local-mp4' },
      {
        type: 'embeds',
        runId,
        sourceId: 'local-mp4',
        embeds: [{ id: 'local-mp4-0', embedId: 'local-host', name: 'Local host', url: 'https://media.test/embed/1' }],
      },
    );
    const source = screen.getAllByTestId('scrape-item').find((row) => row.getAttribute('data-source') === 'local-mp4')!;
    const embeds = source.parentElement!.querySelectorAll(':scope > ul [data-testid="scrape-item"]');
    expect([...embeds].map((row) => `${row.getAttribute('data-source')}:${row.getAttribute('data-status')}`)).toEqual([
      'local-mp4-0:waiting',
    ]);
  });

  it('shows one of the tips for the whole run', async () => {
    const { send } = await scraping();
    const tips = Object.values(en.tips);
    expect(tips).toHaveLength(TIP_COUNT);
    const tip = screen.getByTestId('scrape-tip').textContent;
    expect(tips).toContain(tip);
    await send({ type: 'init', runId, sources: SOURCES }, { type: 'start', runId, id: 'local-hls-mirror' });
    expect(screen.getByTestId('scrape-tip').textContent).toBe(tip);
  });

  it('says "Verifying humanity" while a captcha is solved before the run', async () => {
    const { update } = await scraping();
    expect(screen.queryByTestId('turnstile-verifying')).toBeNull();
    await update(() => void (turnstileStatus.verifying = true));
    expect(screen.getByTestId('turnstile-verifying').textContent).toBe('Verifying humanity');
    await update(() => void (turnstileStatus.verifying = false));
    expect(screen.queryByTestId('turnstile-verifying')).toBeNull();
  });
});
