// @vitest-environment jsdom
/** The player's episodes menu while the catalog answers, fails or has nothing: the season list's three states. */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { CatalogError, type CatalogApi, type MediaDetails, type SeasonDetails } from 'shared-contracts';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlayerMeta } from '../player.store';
import { renderPlayer } from '../testing/render-player';

afterEach(cleanup);

const episode: PlayerMeta = {
  media: { type: 'show', title: 'Invented Show', tmdbId: '9001' },
  scrape: null,
  episode: {
    season: { id: 's2', number: 2, title: 'Season 2' },
    episode: { id: 'e5', number: 5, title: 'Five' },
    seasonNumber: 2,
    episodeNumber: 5,
  },
};

const show = {
  tmdbId: '9001',
  type: 'show',
  title: 'Invented Show',
  seasons: [
    { id: 's1', number: 1, title: 'Season 1' },
    { id: 's2', number: 2, title: 'Season 2' },
  ],
} as MediaDetails;

/** A promise the test settles when it chooses. */
function later<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

/** The catalog the host hands the player, answering the episodes menu when the test says. */
function catalogAnswering() {
  const details = later<MediaDetails>();
  const season = later<SeasonDetails>();
  const catalog = { details: () => details.promise, season: () => season.promise } as unknown as CatalogApi;
  return { catalog, details, season };
}

async function openEpisodes(catalog: CatalogApi) {
  const rendered = renderPlayer({ catalog });
  await rendered.update(() => {
    rendered.player.ui.meta = episode;
  });
  await rendered.playStream(60, 0);
  await rendered.update(() => {
    rendered.player.ui.menu.id = 'episodes';
    rendered.player.ui.menu.route = '/';
  });
  return rendered;
}

const fail = () => new CatalogError('unavailable', 'The movie database did not answer in time');

describe('the seasons', () => {
  it('say they are loading, then list the seasons', async () => {
    const { catalog, details } = catalogAnswering();
    const { update } = await openEpisodes(catalog);
    const menu = screen.getByRole('dialog', { name: 'Seasons' });
    expect(within(menu).getByText('Loading…')).toBeTruthy();
    await update(() => details.resolve(show));
    expect(within(menu).queryByText('Loading…')).toBeNull();
    expect(within(menu).getByRole('button', { name: /Season 1/ })).toBeTruthy();
  });

  it('say the list failed to load', async () => {
    const { catalog, details } = catalogAnswering();
    const { update } = await openEpisodes(catalog);
    await update(() => details.reject(fail()));
    const menu = screen.getByRole('dialog', { name: 'Seasons' });
    expect(within(menu).getByRole('alert').textContent).toBe('Failed to load the list.');
    expect(within(menu).queryByText('Loading…')).toBeNull();
  });
});

describe("a season's episodes", () => {
  async function openSeason() {
    const answers = catalogAnswering();
    const rendered = await openEpisodes(answers.catalog);
    await rendered.update(() => answers.details.resolve(show));
    await rendered.update(() => fireEvent.click(screen.getByRole('button', { name: /Season 1/ })));
    return { ...rendered, ...answers, strip: () => screen.getByRole('dialog', { name: 'Episodes' }) };
  }

  it('say they are loading, then that the season has none when it is empty', async () => {
    const { update, season, strip } = await openSeason();
    expect(within(strip()).getByText('Loading…')).toBeTruthy();
    await update(() => season.resolve({ id: 's1', number: 1, title: 'Season 1', episodes: [] }));
    expect(within(strip()).getByText('This season has no episodes.')).toBeTruthy();
    expect(within(strip()).queryByText('Loading…')).toBeNull();
  });

  it('say the list failed to load', async () => {
    const { update, season, strip } = await openSeason();
    await update(() => season.reject(fail()));
    expect(within(strip()).getByRole('alert').textContent).toBe('Failed to load the list.');
    expect(within(strip()).queryByText('This season has no episodes.')).toBeNull();
  });
});
