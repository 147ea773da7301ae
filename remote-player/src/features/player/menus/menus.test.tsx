// @vitest-environment jsdom
/**
 * The settings menu against the rendered player: the settings button opens and closes it, each item of
 * the main menu leads to its page and Back returns, and every page is drawn as a card of its size.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EpisodeInfo, MediaDetails, SeasonDetails } from 'shared-contracts';
import type { PlayerMeta } from '../player.store';
import { renderPlayer } from '../testing/render-player';

afterEach(cleanup);

/** Card sizes (width × height, px) of the settings router's routes, as the product's rules give them. */
const SIZES: Array<[string, number, number]> = [
  ['/', 343, 470],
  ['/quality', 343, 470],
  ['/audio', 343, 431],
  ['/captions', 343, 431],
  ['/captionsOverlay', 343, 431],
  ['/captions/source', 343, 431],
  ['/captions/sourceOverlay', 343, 431],
  ['/captions/opensubtitles', 343, 431],
  ['/captions/opensubtitlesOverlay', 343, 431],
  ['/captions/settings', 343, 450],
  ['/captions/settingsOverlay', 343, 450],
  ['/source', 343, 431],
  ['/source/embeds', 343, 431],
  ['/playback', 343, 215],
  ['/theme', 343, 431],
  ['/language', 343, 431],
  ['/download', 343, 490],
  ['/download/ios', 343, 440],
  ['/download/android', 343, 440],
  ['/download/pc', 343, 440],
];

/**
 * The declarations of the element's own style rules, later rules over earlier ones, outside media
 * queries: jsdom lays nothing out and its CSS object model drops `min()`, so the style sheets' text is read.
 */
function declared(element: HTMLElement): Record<string, string> {
  const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('');
  const result: Record<string, string> = {};
  for (const [, name, body] of css.matchAll(/(?:^|\})\.([\w-]+)\{([^{}]*)\}/g)) {
    if (!element.classList.contains(name!)) continue;
    for (const declaration of body!.split(';')) {
      const colon = declaration.indexOf(':');
      if (colon > 0) result[declaration.slice(0, colon).trim()] = declaration.slice(colon + 1).trim();
    }
  }
  return result;
}

/** The width and height (px) of a card sized as `min(<px>, <what the screen leaves>)`. */
function cardSize(card: HTMLElement): [number, number] | null {
  const { width, height } = declared(card);
  const px = (value?: string) => /^min\((\d+)px,/.exec(value ?? '')?.[1];
  return px(width) && px(height) ? [Number(px(width)), Number(px(height))] : null;
}

const menu = () => screen.getByRole('dialog');

async function openSettings() {
  const view = renderPlayer();
  await view.playStream(60, 20);
  await view.update(() => fireEvent.click(screen.getByRole('button', { name: 'Settings' })));
  return view;
}

describe('the settings menu', () => {
  it('opens from the settings button on its main page, and closes from it again and with ✕', async () => {
    const { update } = await openSettings();
    const button = screen.getByRole('button', { name: 'Settings' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(within(menu()).getByRole('heading', { level: 2 }).textContent).toBe('Settings');
    expect(within(menu()).queryByRole('button', { name: 'Back' })).toBeNull(); // the main page has no Back
    await update(() => fireEvent.click(button));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await update(() => fireEvent.click(button));
    await update(() => fireEvent.click(within(menu()).getByRole('button', { name: 'Close' })));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('each item of the main page opens its page, whose Back returns to the main page', async () => {
    const { update } = await openSettings();
    const pages: Array<[RegExp, string]> = [
      [/^Quality/, 'Quality'],
      [/^Source/, 'Source'],
      [/^Download/, 'Download'],
      [/^Subtitles/, 'Subtitles'],
      [/^Playback/, 'Playback'],
      [/^Theme/, 'Theme'],
      [/^Language/, 'Language'],
    ];
    for (const [item, title] of pages) {
      await update(() => fireEvent.click(within(menu()).getByRole('button', { name: item })));
      expect(menu().getAttribute('aria-label')).toBe(title);
      await update(() => fireEvent.click(within(menu()).getByRole('button', { name: 'Back' })));
      expect(menu().getAttribute('aria-label')).toBe('Settings');
    }
  });

  it("a download platform's page goes back to the download page, not to the main page", async () => {
    const { update } = await openSettings();
    await update(() => fireEvent.click(within(menu()).getByRole('button', { name: /^Download/ })));
    await update(() => fireEvent.click(within(menu()).getByRole('button', { name: 'iOS' })));
    expect(menu().getAttribute('aria-label')).toBe('iOS');
    await update(() => fireEvent.click(within(menu()).getByRole('button', { name: 'Back' })));
    expect(menu().getAttribute('aria-label')).toBe('Download');
  });

  it('the playback page sets the speed, and the main page shows it', async () => {
    const { player, update } = await openSettings();
    await update(() => fireEvent.click(within(menu()).getByRole('button', { name: /^Playback/ })));
    await update(() => fireEvent.click(within(menu()).getByRole('button', { name: '1.5x' })));
    expect(player.engine.state.rate).toBe(1.5);
    await update(() => fireEvent.click(within(menu()).getByRole('button', { name: 'Back' })));
    expect(within(menu()).getByRole('button', { name: /^Playback/ }).textContent).toContain('1.5x');
  });

  it.each(SIZES)('%s is drawn as a card of %i × %i px', async (route, width, height) => {
    const { player, update } = await openSettings();
    await update(() => (player.ui.menu.route = route));
    expect(menu().getAttribute('data-route')).toBe(route);
    expect(cardSize(menu())).toEqual([width, height]);
  });
});

describe('the episodes menu', () => {
  const episode = (number: number, airDate: string | null): EpisodeInfo => ({
    id: `e${number}`,
    number,
    seasonNumber: 2,
    title: `Episode ${number}`,
    overview: '',
    airDate,
  });
  const season: SeasonDetails = {
    id: 's2',
    number: 2,
    title: 'Season 2',
    episodes: [episode(5, '2020-01-05'), episode(6, '2020-01-12'), episode(7, null)],
  };
  const meta: PlayerMeta = {
    media: { type: 'show', title: 'Invented Show', tmdbId: '9001' },
    scrape: null,
    episode: {
      season: { id: 's2', number: 2, title: 'Season 2' },
      episode: { id: 'e5', number: 5, title: 'Episode 5' },
      seasonNumber: 2,
      episodeNumber: 5,
    },
  };

  it('lists the seasons on a 343 × 431 card, then a season as a full-width strip 360 px high; an episode chosen plays', async () => {
    const chosen: string[] = [];
    const { player, playStream, update } = renderPlayer({
      hooks: { goToEpisode: (seasonId, episodeId) => void chosen.push(`${seasonId}/${episodeId}`) },
      catalog: {
        details: async () =>
          ({
            seasons: [
              { id: 's1', number: 1, title: 'Season 1' },
              { id: 's2', number: 2, title: 'Season 2' },
            ],
          }) as MediaDetails,
        season: async () => season,
      },
    });
    await update(() => (player.ui.meta = meta));
    await playStream(1200, 60);
    await update(() => void fireEvent.click(screen.getByRole('button', { name: 'Episodes' })));
    const seasons = screen.getByRole('dialog', { name: 'Seasons' });
    expect(cardSize(seasons)).toEqual([343, 431]);
    await update(() => void fireEvent.click(within(seasons).getByRole('button', { name: /^Season 2/ })));
    const strip = screen.getByRole('dialog', { name: 'Episodes' });
    expect(within(strip).getByRole('heading', { level: 2 }).textContent).toBe('Season 2');
    expect(declared(strip)).toMatchObject({ left: '1rem', width: 'auto', height: '360px' });
    expect(
      within(strip)
        .getByRole('button', { name: /E7 · Episode 7/ })
        .hasAttribute('disabled'),
    ).toBe(true);
    expect(
      within(strip)
        .getByRole('button', { name: /E5 · Episode 5/ })
        .getAttribute('aria-current'),
    ).toBe('true');
    await update(() => void fireEvent.click(within(strip).getByRole('button', { name: /E6 · Episode 6/ })));
    expect(chosen).toEqual(['s2/e6']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
