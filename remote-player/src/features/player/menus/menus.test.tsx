// @vitest-environment jsdom
/**
 * The settings menu against the rendered player: the settings button opens and closes it, each item of
 * the main menu leads to its page and Back returns, and every page is drawn as a card of its size.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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
 * The width and height (px) the card's own style rule gives it: jsdom lays nothing out and its CSS
 * object model drops `min()`, so the rule is read from the style sheets' text (outside media queries).
 */
function cardSize(card: HTMLElement): [number, number] | null {
  const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('');
  for (const name of card.classList) {
    const rule = new RegExp(`(?:^|\\})\\.${name}\\{([^}]*)\\}`).exec(css)?.[1];
    const width = rule && /(?:^|;)width:min\((\d+)px/.exec(rule);
    const height = rule && /(?:^|;)height:min\((\d+)px/.exec(rule);
    if (width && height) return [Number(width[1]), Number(height[1])];
  }
  return null;
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
