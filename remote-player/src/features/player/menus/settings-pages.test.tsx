// @vitest-environment jsdom
/**
 * What the settings menu's pages do, against the rendered player: the theme and language chosen there
 * are the person's own settings (kept for the next visit); the download and watch party links, and the
 * page's flags that hide them; the subtitle switches and the caption colours (a radio group); a file
 * dropped on the captions menu.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { memoryStorage } from 'host-core/testing';
import { DEFAULT_RUNTIME_CONFIG } from 'shared-contracts';
import { ref, subscribe } from 'valtio/vanilla';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPlayer } from '../testing/render-player';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

/** The player at 0:20 of a minute-long film, its settings menu open on `route`. */
async function menuAt(route: string, options: Parameters<typeof renderPlayer>[0] = {}) {
  const view = renderPlayer(options);
  await view.playStream(60, 20);
  await view.update(() => {
    view.player.ui.menu.id = 'settings';
    view.player.ui.menu.route = route;
  });
  const menu = () => screen.getByRole('dialog');
  const press = (element: HTMLElement) => view.update(() => void fireEvent.click(element));
  return { ...view, menu, press };
}

describe('the theme and language pages', () => {
  it('choose the theme and the language as the person’s own settings, still chosen on the next visit', async () => {
    const storage = memoryStorage();
    const first = await menuAt('/theme', { storage });
    await first.press(within(first.menu()).getByRole('button', { name: 'Teal' }));
    expect(within(first.menu()).getByRole('button', { name: 'Teal' }).getAttribute('aria-pressed')).toBe('true');
    await first.update(() => void (first.player.ui.menu.route = '/language'));
    await first.press(within(first.menu()).getByRole('button', { name: 'Deutsch' }));
    cleanup();

    const next = await menuAt('/theme', { storage });
    expect(within(next.menu()).getByRole('button', { name: 'Teal' }).getAttribute('aria-pressed')).toBe('true');
    await next.update(() => void (next.player.ui.menu.route = '/language'));
    expect(within(next.menu()).getByRole('button', { name: 'Deutsch' }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('the download and watch party links', () => {
  it('open the file and the watch party with the video’s address in a new tab; each platform says how to save it', async () => {
    const { menu, press } = await menuAt('/');
    const source = 'https://media.test/nosferatu-1080.mp4';
    const party = screen.getByTestId('menu-watchparty');
    expect(party.getAttribute('href')).toBe(`${DEFAULT_RUNTIME_CONFIG.watchPartyUrl}${encodeURIComponent(source)}`);
    expect(party.getAttribute('target')).toBe('_blank');
    await press(screen.getByTestId('menu-download'));
    const link = screen.getByTestId('download-link');
    expect(link.getAttribute('href')).toBe(source); // a file downloads as itself; a playlist goes through the HLS downloader
    expect(link.getAttribute('target')).toBe('_blank');
    for (const [platform, text] of [
      ['iOS', 'Documents'],
      ['Android', 'download manager'],
      ['PC', 'Save video as'],
    ] as const) {
      await press(within(menu()).getByRole('button', { name: new RegExp(`^${platform}`) }));
      expect(within(menu()).getByRole('heading', { level: 2 }).textContent).toBe(platform);
      expect(menu().querySelector('p')?.textContent).toContain(text);
      await press(within(menu()).getByRole('button', { name: 'Back' }));
    }
  });

  it('are left out of the menu on a page opened with downloads=false and watchparty=false', async () => {
    window.history.replaceState(null, '', '/media/tmdb-movie-653?downloads=false&watchparty=false');
    await menuAt('/');
    expect(screen.getByTestId('menu-quality')).toBeTruthy();
    expect(screen.queryByTestId('menu-download')).toBeNull();
    expect(screen.queryByTestId('menu-watchparty')).toBeNull();
  });
});

/** A caption chosen whose cue shows from 0:15 to 0:25 (the film is at 0:20). */
async function withCaption(route: string, options: Parameters<typeof renderPlayer>[0] = {}) {
  const view = await menuAt(route, options);
  await view.update(() => {
    view.player.ui.menuFromQuery = 'settings/captions/settings'; // the page opened on these settings (?r=)
    view.actions.setSubtitleSettings({ enabled: true, lastSelectedLanguage: 'en' });
    view.player.ui.captions.selectedId = 'en';
    view.player.ui.captions.cues = ref([{ start: 15, end: 25, text: 'Hello' }]);
  });
  const cue = () => screen.queryByTestId('caption-cue')?.textContent ?? null;
  const key = (key: string) => view.update(() => void fireEvent.keyDown(document.body, { key }));
  return { ...view, cue, key };
}

describe('the subtitle switches', () => {
  it('are drawn switches; Hide subtitles hides the cues and shows them again; c shows the same caption again', async () => {
    const { menu, press, cue, key, stores, update, player } = await withCaption('/captions/settings');
    const hide = within(menu()).getByRole('switch', { name: 'Hide subtitles' });
    expect(hide.getAttribute('aria-checked')).toBe('false');
    expect(within(hide).getByTestId('switch-track')).toBeTruthy();
    expect(hide.textContent).not.toMatch(/\b(ON|OFF)\b/);
    await press(hide);
    expect(hide.getAttribute('aria-checked')).toBe('true');
    expect(cue()).toBeNull();
    expect(stores.subtitles.enabled).toBe(false);
    await press(hide);
    expect(cue()).toBe('Hello');

    // Hidden again, c shows that caption again rather than choosing another; c once more turns it off.
    await press(hide);
    await update(() => void (player.ui.menu.id = null));
    await key('c');
    expect(cue()).toBe('Hello');
    expect(stores.subtitles.enabled).toBe(true);
    await key('c');
    expect(cue()).toBeNull();
    // The main page's switch reads off while they are off.
    await update(() => {
      player.ui.menu.id = 'settings';
      player.ui.menu.route = '/';
    });
    const enable = within(menu()).getByRole('switch', { name: 'Enable subtitles' });
    expect(enable.getAttribute('aria-checked')).toBe('false');
  });
});

describe('the caption colours', () => {
  it('are a radio group named Colour with one tab stop; the arrows and End choose, without seeking', async () => {
    const { menu, press, player, stores, update } = await withCaption('/captions/settings');
    const group = within(menu()).getByRole('radiogroup', { name: 'Colour' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('aria-label'))).toEqual(['White', 'Blue', 'Yellow', 'Green']);
    expect(radios.map((r) => r.textContent)).toEqual(['', '', '', '']);
    await press(within(group).getByRole('radio', { name: 'Blue' }));
    const keyOn = (key: string) => update(() => void fireEvent.keyDown(document.activeElement!, { key }));
    within(group).getByRole('radio', { name: 'Blue' }).focus();
    await keyOn('ArrowRight');
    const yellow = within(group).getByRole('radio', { name: 'Yellow' });
    expect(document.activeElement).toBe(yellow);
    expect(yellow.getAttribute('aria-checked')).toBe('true');
    expect(stores.subtitles.styling.color).toBe('#e2e535');
    await keyOn('End');
    expect(within(group).getByRole('radio', { name: 'Green' }).getAttribute('aria-checked')).toBe('true');
    expect(within(group).getAllByRole('radio', { checked: false })).toHaveLength(3);
    expect(group.querySelectorAll('[tabindex="0"]')).toHaveLength(1);
    expect(player.engine.state.time).toBe(20);
  });
});

describe('a file dropped on the captions menu', () => {
  const drop = (view: Awaited<ReturnType<typeof menuAt>>, name: string) =>
    view.update(() => {
      const file = new File(['1\n00:00:15,000 --> 00:00:25,000\nThis is the first subtitle.\n'], name);
      fireEvent.drop(screen.getByTestId('captions-drop'), { dataTransfer: { files: [file], types: ['Files'] } });
    });

  it('is used when it is a subtitle file, and ignored otherwise', async () => {
    const view = await menuAt('/captions');
    // Every file the player took as a caption, in order.
    const taken: string[] = [];
    subscribe(
      view.player.ui.captions,
      () => {
        const label = view.player.ui.captions.custom?.label;
        if (label && taken.at(-1) !== label) taken.push(label);
      },
      true, // told of each change as it happens, not of a batch
    );
    await drop(view, 'notes.txt');
    await drop(view, 'movie.srt.exe');
    await drop(view, 'typical.srt');
    const custom = await waitFor(() => screen.getByTestId('caption-custom-caption'));
    expect(custom.getAttribute('aria-pressed')).toBe('true');
    expect(custom.textContent).toBe('typical.srt');
    await waitFor(() => expect(screen.getByTestId('caption-cue').textContent).toBe('This is the first subtitle.'));
    expect(taken).toEqual(['typical.srt']);
    expect(within(view.menu()).queryByRole('alert')).toBeNull();
  });
});
