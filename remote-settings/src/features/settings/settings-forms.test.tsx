// @vitest-environment jsdom
/**
 * The settings page's forms over the host's real stores: edits kept across sections until Save, the
 * unsaved-changes status, the subtitle sliders and preview, the proxy-worker check's messages, the
 * Febbox field behind its config flag, the source order by keyboard, and the server change that logs out.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useHostApi, useHostServicesValue } from 'host-core/host-api';
import { createActions, createStores } from 'host-core/local-stores';
import { memoryStorage } from 'host-core/testing';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_RUNTIME_CONFIG,
  HostContext,
  HostServicesContext,
  THEMES,
  type AccountService,
  type CatalogApi,
  type RuntimeConfig,
} from 'shared-contracts';
import { MemoryRouter } from 'shared-contracts/router';
import { ThemeProvider } from 'styled-components';
import { proxy } from 'valtio/vanilla';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../locales/en.json';
import SettingsPage from './SettingsPage';

beforeAll(async () => {
  vi.stubGlobal('__BUILD_MARKER__', '');
  // jsdom has no layout: the sidebar's section tracking and the save bar's height have nothing to observe.
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  // jsdom's <dialog> has no modal mode: open and close it as the browser does, by its open attribute.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
  Element.prototype.scrollIntoView = () => {};
  // As the host sets it up: React escapes, i18next does not.
  await i18next
    .use(initReactI18next)
    .init({ lng: 'en', resources: { en: { settings: en } }, defaultNS: 'settings', interpolation: { escapeValue: false } });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The account service as the host hands it to the page (the contract), recording what it was asked. */
function recordingAccountService(calls: string[]): AccountService {
  return {
    getStatus: () => ({ status: 'signed-out' }),
    subscribe: () => () => {},
    syncNow: async () => {},
    login: async () => {},
    register: async () => {},
    migrate: async () => {},
    importLocalData: async () => {},
    logout: async () => void calls.push('logout'),
    deleteAccount: async () => void calls.push('deleteAccount'),
    listSessions: async () => [],
    removeSession: async () => {},
    endOtherSessions: async () => 0,
    renameDevice: async () => {},
    updateProfile: async () => {},
    resetToDefaultBackend: async () => {},
  };
}

function renderSettings({ loggedIn = false, config = {} }: { loggedIn?: boolean; config?: Partial<RuntimeConfig> } = {}) {
  const stores = createStores(memoryStorage());
  const actions = createActions(stores);
  const calls: string[] = [];
  if (loggedIn) {
    actions.setAccount({
      token: 't',
      userId: 'u',
      sessionId: 's1',
      deviceName: 'Laptop',
      profile: { colorA: '#2E65CF', colorB: '#2E65CF', icon: 'cat' },
      seed: 'AAAA',
    });
  }
  const accountService = recordingAccountService(calls);
  function Host() {
    const services = useHostServicesValue({
      stores,
      actions,
      catalog: {} as CatalogApi,
      config: { ...DEFAULT_RUNTIME_CONFIG, ...config },
      connectivity: proxy({ online: true }),
      navigate: () => {},
      setDocumentTitle: () => {},
      accountService,
    });
    return (
      <HostServicesContext.Provider value={services}>
        <HostContext.Provider value={useHostApi(services)}>
          <SettingsPage />
        </HostContext.Provider>
      </HostServicesContext.Provider>
    );
  }
  render(
    <MemoryRouter>
      <ThemeProvider theme={THEMES.default}>
        <Host />
      </ThemeProvider>
    </MemoryRouter>,
  );
  const saveBar = () => within(screen.getByTestId('save-bar'));
  const save = () => act(async () => fireEvent.click(saveBar().getByRole('button', { name: 'Save' })));
  return { stores, calls, save, saveBar };
}

const section = (name: string) => within(screen.getByRole('navigation', { name: 'Settings sections' })).getByRole('link', { name });
const checked = (name: string) => screen.getByRole('switch', { name }).getAttribute('aria-checked');

describe('unsaved changes', () => {
  it('are kept while moving between sections, and saved together', async () => {
    const { stores, save } = renderSettings();
    fireEvent.click(screen.getByRole('switch', { name: 'Autoplay' }));
    fireEvent.click(section('Subtitles'));
    fireEvent.click(screen.getByRole('switch', { name: 'Bold text' }));
    fireEvent.click(section('Preferences'));
    expect(checked('Autoplay')).toBe('false');
    expect(stores.preferences.enableAutoplay, 'a draft until Save').toBe(true);
    await save();
    expect(stores.preferences.enableAutoplay).toBe(false);
    expect(stores.subtitles.styling.bold).toBe(true);
    expect(screen.queryByTestId('save-bar')).toBeNull();
  });

  it('are announced in a polite status that is in the page before anything changes', () => {
    const { saveBar } = renderSettings();
    const status = screen.getByTestId('save-status');
    expect(status.getAttribute('role')).toBe('status');
    expect(status.textContent).toBe('');
    fireEvent.click(screen.getByRole('switch', { name: 'Autoplay' }));
    expect(status.textContent).toBe('You have unsaved changes');
    fireEvent.click(saveBar().getByRole('button', { name: 'Reset' }));
    expect(status.textContent).toBe('');
    expect(checked('Autoplay')).toBe('true');
  });
});

describe('the subtitle style', () => {
  it("keeps each slider's name while its value moves", () => {
    renderSettings();
    fireEvent.change(screen.getByRole('slider', { name: 'Background opacity' }), { target: { value: '60' } });
    expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Background opacity (%)' }).value).toBe('60');
    expect(screen.getByRole('slider', { name: 'Background opacity' }).getAttribute('aria-valuetext')).toBe('60%');
    expect(screen.getByRole('slider', { name: 'Text size' })).toBeTruthy();
  });

  it('shows in the preview cue as each control changes; Reset gives 50% opacity and blur', () => {
    renderSettings();
    const cue = screen.getByTestId('subtitle-preview');
    const colours = within(screen.getByRole('radiogroup', { name: 'Colour' }));
    fireEvent.click(colours.getByRole('radio', { name: 'Blue' }));
    expect(cue.style.color).toBe('rgb(128, 177, 250)');
    fireEvent.click(colours.getByRole('radio', { name: 'Yellow' }));
    expect(cue.style.color).toBe('rgb(226, 229, 53)');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Text size (%)' }), { target: { value: '150' } });
    expect(cue.style.fontSize).toBe('2.25rem');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Background opacity (%)' }), { target: { value: '80' } });
    expect(cue.style.background).toBe('rgba(0, 0, 0, 0.8)');
    fireEvent.click(screen.getByRole('switch', { name: 'Bold text' }));
    expect(cue.style.fontWeight).toBe('700');
    fireEvent.click(screen.getByRole('button', { name: 'Reset subtitle style' }));
    expect(cue.style.background).toBe('rgba(0, 0, 0, 0.5)');
    expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Background blur (%)' }).value).toBe('50');
  });
});

describe('custom proxy workers', () => {
  it('each bad input gets its message; a proxy is listed, and saved as your own setup', async () => {
    // The network as the check meets it: a proxy worker answers JSON, a website HTML, a dead address nothing.
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url === 'http://proxy.test') return new Response('{"message":"working"}', { headers: { 'content-type': 'application/json' } });
      if (url === 'http://site.test') return new Response('<!doctype html><h1>Hello</h1>', { headers: { 'content-type': 'text/html' } });
      throw new TypeError('Failed to fetch');
    });
    const { stores, save } = renderSettings();
    const input = screen.getByRole('textbox', { name: 'Custom proxy workers' });
    const add = async (value: string) => {
      fireEvent.change(input, { target: { value } });
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add worker' })));
    };
    const cases: [string, string][] = [
      ['not a url', 'Not a valid URL'],
      ['http://proxy.test/', 'Worker URLs must not end with a slash'],
      ['http://down.test', 'Could not connect to proxy'],
      ['http://site.test', 'Expected a proxy but got a website'],
    ];
    for (const [value, message] of cases) {
      await add(value);
      expect((await screen.findByTestId('worker-error')).textContent, value).toBe(message);
    }
    await add('http://proxy.test');
    expect(screen.getByTestId('workers').textContent).toContain('http://proxy.test');
    expect(screen.queryByTestId('worker-error')).toBeNull();
    expect(screen.getByTestId('setup-status').textContent).toBe('Using your own setup');
    await save();
    expect(stores.auth.proxySet).toEqual(['http://proxy.test']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove http://proxy.test' }));
    await save();
    expect(screen.getByTestId('setup-status').textContent).toBe('Using the default setup');
  });
});

describe('the Febbox token field', () => {
  it.each([
    [false, 0],
    [true, 1],
  ])('with allowFebboxKey %s: %i field', (allowFebboxKey, count) => {
    renderSettings({ config: { allowFebboxKey } });
    expect(screen.getByRole('heading', { name: 'Your own media server' })).toBeTruthy();
    expect(screen.queryAllByRole('heading', { name: 'Febbox token' })).toHaveLength(count);
  });
});

describe('the custom source order', () => {
  it('by keyboard: Alt+ArrowUp moves the focused source up and keeps the focus on it; kept after Save', async () => {
    const { stores, save } = renderSettings();
    fireEvent.click(screen.getByRole('switch', { name: 'Custom source order' }));
    const ids = () =>
      within(screen.getByTestId('source-order'))
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-source-id'));
    const before = ids();
    expect(before.length).toBeGreaterThan(2);
    const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
    for (let press = 0; press < 2; press++) {
      const moving = within(screen.getByTestId('source-order')).getAllByRole('listitem')[2 - press]!;
      moving.focus();
      fireEvent.keyDown(moving, { key: 'ArrowUp', altKey: true });
      await nextFrame();
    }
    expect(ids()[0]).toBe(before[2]);
    expect(document.activeElement).toBe(within(screen.getByTestId('source-order')).getAllByRole('listitem')[0]);
    // Arrows without Alt leave the order alone.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(ids()[0]).toBe(before[2]);
    await save();
    expect(stores.preferences.enableSourceOrder).toBe(true);
    expect(stores.preferences.sourceOrder[0]).toBe(before[2]);
  });
});

describe('changing the server while signed in', () => {
  it('asks first: Cancel keeps the account and the server; Change server logs out and keeps the new server', async () => {
    const { stores, calls, saveBar } = renderSettings({ loggedIn: true });
    fireEvent.change(screen.getByRole('textbox', { name: 'Custom server' }), { target: { value: 'http://other.test' } });
    await act(async () => fireEvent.click(saveBar().getByRole('button', { name: 'Save' })));
    const dialog = screen.getByRole('alertdialog', { name: 'Change the server?' });
    expect(dialog.textContent).toContain('logs you out');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' })));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls).toEqual([]);
    expect(stores.auth.backendUrl).toBeNull();
    expect(stores.auth.account).not.toBeNull();

    await act(async () => fireEvent.click(saveBar().getByRole('button', { name: 'Save' })));
    await act(async () =>
      fireEvent.click(
        within(screen.getByRole('alertdialog', { name: 'Change the server?' })).getByRole('button', { name: 'Change server' }),
      ),
    );
    expect(calls).toEqual(['logout']);
    expect(stores.auth.backendUrl).toBe('http://other.test');
  });

  it('signed out, a new server is saved without asking', async () => {
    const { stores, save } = renderSettings();
    fireEvent.change(screen.getByRole('textbox', { name: 'Custom server' }), { target: { value: 'http://other.test' } });
    await save();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(stores.auth.backendUrl).toBe('http://other.test');
  });
});
