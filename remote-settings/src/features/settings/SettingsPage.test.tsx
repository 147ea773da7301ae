// @vitest-environment jsdom
/**
 * The settings page over the host's real stores: the account section's actions and links, the
 * appearance switches, the typed slider fields and the sidebar's app stats.
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
  type AccountSession,
  type CatalogApi,
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
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { settings: en } }, defaultNS: 'settings' });
});
afterEach(cleanup);

const THIS_DEVICE: AccountSession = {
  id: 's1',
  deviceName: 'Laptop',
  userAgent: 'test',
  createdAt: '2026-01-01T00:00:00Z',
  accessedAt: '2026-01-01T00:00:00Z',
  current: true,
};

/** The account service as the host hands it to the page (the contract), recording what it was asked. */
function fakeAccountService(calls: string[]): AccountService {
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
    listSessions: async () => [THIS_DEVICE],
    removeSession: async (id) => void calls.push(`removeSession ${id}`),
    endOtherSessions: async () => 0,
    renameDevice: async () => {},
    updateProfile: async () => {},
    resetToDefaultBackend: async () => {},
  };
}

function renderSettings({ loggedIn = false } = {}) {
  const stores = createStores(memoryStorage());
  const actions = createActions(stores);
  const calls: string[] = [];
  if (loggedIn) {
    actions.setAccount({
      token: 't',
      userId: 'u',
      sessionId: 's1',
      deviceName: 'x',
      profile: { colorA: '#2E65CF', colorB: '#2E65CF', icon: 'cat' },
      seed: 'AAAA',
    });
  }
  const accountService = fakeAccountService(calls);
  function Host() {
    const services = useHostServicesValue({
      stores,
      actions,
      catalog: {} as CatalogApi,
      config: DEFAULT_RUNTIME_CONFIG,
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
  const save = () => act(async () => fireEvent.click(within(screen.getByTestId('save-bar')).getByRole('button', { name: 'Save' })));
  return { stores, actions, calls, save };
}

describe('the account section (logged in)', () => {
  it('logs out through the account service', async () => {
    const { calls } = renderSettings({ loggedIn: true });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Log out' })));
    expect(calls).toEqual(['logout']);
  });

  it('links to the account migration and to the admin panel', async () => {
    renderSettings({ loggedIn: true });
    expect((await screen.findByRole('link', { name: 'Migrate account' })).getAttribute('href')).toBe('/migration');
    expect(screen.getByRole('link', { name: 'Admin panel' }).getAttribute('href')).toBe('/admin');
  });

  it('is not there logged out', () => {
    renderSettings();
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
  });
});

describe('the appearance switches', () => {
  it.each([
    ['Show Discover', 'enableDiscover', true],
    ['Details pop-up', 'enableDetailsModal', false],
  ] as const)('%s shows %s and saves the other value', async (name, key, initial) => {
    const { stores, save } = renderSettings();
    const toggle = screen.getByRole('switch', { name });
    expect(toggle.getAttribute('aria-checked')).toBe(String(initial));
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe(String(!initial));
    expect(stores.preferences[key], 'not saved before Save').toBe(initial);
    await save();
    expect(stores.preferences[key]).toBe(!initial);
  });
});

describe('the subtitle sliders', () => {
  it.each([
    ['Background opacity', 0, 100],
    ['Background blur', 0, 100],
    ['Text size', 1, 200],
  ])('%s goes from %i to %i per cent', (name, min, max) => {
    renderSettings();
    const slider = screen.getByRole('slider', { name });
    expect([slider.getAttribute('min'), slider.getAttribute('max')]).toEqual([String(min), String(max)]);
    const typed = screen.getByRole('spinbutton', { name: `${name} (%)` });
    fireEvent.change(typed, { target: { value: String(max + 50) } });
    expect((slider as HTMLInputElement).value).toBe(String(max));
    fireEvent.change(typed, { target: { value: String(min - 50) } });
    expect((slider as HTMLInputElement).value).toBe(String(min));
  });

  it('rounds a typed value to a whole percent and ignores what is not a number', async () => {
    const { stores, save } = renderSettings();
    const typed = screen.getByRole('spinbutton', { name: 'Text size (%)' });
    fireEvent.change(typed, { target: { value: '150.6' } });
    expect(screen.getByRole('slider', { name: 'Text size' }).getAttribute('aria-valuetext')).toBe('151%');
    for (const value of ['', 'abc', '1e999']) {
      fireEvent.change(typed, { target: { value } });
      expect(screen.getByRole('slider', { name: 'Text size' }).getAttribute('aria-valuetext'), JSON.stringify(value)).toBe('151%');
    }
    await save();
    expect(stores.subtitles.styling.size).toBe(1.51);
  });
});

describe('the sidebar app stats', () => {
  it('show the app version and count the bookmarks and titles in progress', async () => {
    const { actions } = renderSettings();
    const stats = screen.getByTestId('app-stats');
    expect(within(stats).getByText('Version 4.9.4')).toBeTruthy();
    expect(within(stats).getByText('0 bookmarks')).toBeTruthy();
    await act(async () => {
      actions.toggleBookmark({ tmdbId: '19', type: 'movie', title: 'Metropolis', year: 1927 });
      await new Promise((resolve) => setTimeout(resolve, 0)); // valtio notifies after the write
    });
    expect(within(stats).getByText('1 bookmark')).toBeTruthy();
    expect(within(stats).getByText('0 titles in progress')).toBeTruthy();
  });
});
