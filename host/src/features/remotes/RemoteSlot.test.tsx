// @vitest-environment jsdom
/**
 * A remote page's slot: what a person reads while it loads (slow included), when it fails, and offline.
 * The federation runtime (a library) stands in for the remote: each load waits on a promise the test settles.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { REMOTE_NAMES, THEMES } from 'shared-contracts';
import { MemoryRouter } from 'shared-contracts/router';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Registry } from '../../core/remote-registry';
import en from '../../locales/en.json';
import { connectivity } from '../connectivity';

const runtime = vi.hoisted(() => ({ loads: [] as Array<{ resolve: (module: unknown) => void; reject: (error: Error) => void }> }));
vi.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: vi.fn(() => new Promise((resolve, reject) => runtime.loads.push({ resolve, reject }))),
  registerPlugins: vi.fn(),
  registerRemotes: vi.fn(),
}));

const { CONTRACTS_VERSION } = await import('shared-contracts');
const { configureRemotes, forgetRemote } = await import('./remote-loader');
const { PlayerOffline, RemoteSlot, SLOW_NOTICE_MS } = await import('./RemoteSlot');

const SettingsPage = () => <h1>Settings page</h1>;
const settingsApp = {
  default: {
    name: 'settings',
    contractsVersion: CONTRACTS_VERSION,
    appVersion: '1',
    buildMarker: '',
    pages: { settings: async () => ({ default: SettingsPage }) },
  },
};
/** What the federation runtime throws when a manifest cannot be fetched. */
const RUNTIME_003 =
  '[ Federation Runtime ]: Failed to get manifest. #RUNTIME-003 args: {"manifestUrl":"http://localhost:3004/mf-manifest.json"} ' +
  'Original Error Message: ManifestError: could not reach http://localhost:3004/mf-manifest.json (TypeError: Failed to fetch)';

const lastLoad = () => runtime.loads.at(-1)!;

function renderSlot() {
  return render(
    <ThemeProvider theme={THEMES.default}>
      <MemoryRouter initialEntries={['/', '/settings']} initialIndex={1}>
        <RemoteSlot remote="settings" page="settings" />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { host: en } }, defaultNS: 'host' });
});

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  runtime.loads = [];
  connectivity.online = true;
  const registry = Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, { name, manifestUrl: `http://localhost/${name}/mf-manifest.json`, overridden: false }]),
  ) as Registry;
  configureRemotes(registry, 8000);
  forgetRemote('settings');
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('RemoteSlot', () => {
  it('says a page that keeps loading is slow to arrive, keeps waiting, and shows the page when it comes', async () => {
    vi.useFakeTimers();
    renderSlot();
    expect(screen.getByRole('status').textContent).toBe('Loading Settings…');
    await act(() => vi.advanceTimersByTimeAsync(SLOW_NOTICE_MS - 100));
    expect(screen.getByRole('status').textContent).toBe('Loading Settings…');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByRole('status').textContent).toBe('Settings is taking longer than usual to arrive. Still waiting…');
    expect(SLOW_NOTICE_MS).toBeLessThanOrEqual(3000);
    await act(async () => lastLoad().resolve(settingsApp));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('heading', { name: 'Settings page' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('keeps the page the shell drew while it loads, until the load turns slow', async () => {
    vi.useFakeTimers();
    document.body.insertAdjacentHTML(
      'beforeend',
      '<div id="root"><section data-shell-page="settings/settings">Drawn settings</section><section data-shell-page="account/login">Drawn login</section></div>',
    );
    const drawn = document.querySelector('[data-shell-page="settings/settings"]')!;
    renderSlot();
    expect(screen.getByTestId('shell-frame').contains(drawn)).toBe(true);
    expect(screen.getByTestId('shell-frame').textContent).not.toContain('Drawn login');
    expect(screen.getByRole('status').textContent).toBe('Loading Settings…');
    expect(screen.queryByTestId('remote-waiting')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(SLOW_NOTICE_MS));
    expect(drawn.isConnected).toBe(false);
    expect(screen.getByTestId('remote-waiting').textContent).toBe('Settings is taking longer than usual to arrive. Still waiting…');
    await act(async () => lastLoad().resolve(settingsApp));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('heading', { name: 'Settings page' })).toBeTruthy();
    document.getElementById('root')!.remove();
  });

  it("keeps the runtime's error text behind a disclosure for developers", async () => {
    renderSlot();
    await act(async () => lastLoad().reject(new Error(RUNTIME_003)));
    const alert = await screen.findByRole('alert');
    expect(screen.getByRole('heading', { name: 'Settings is unavailable right now' })).toBeTruthy();
    const details = screen.getByTestId<HTMLDetailsElement>('remote-error-details');
    expect(details.open).toBe(false);
    expect(details.querySelector('summary')!.textContent).toBe('Details for developers');
    // Only the disclosure holds the technical text.
    const outside = alert.cloneNode(true) as HTMLElement;
    outside.querySelector('details')!.remove();
    expect(outside.textContent).not.toMatch(/RUNTIME|manifest|Failed to fetch|http/);
    expect(details.textContent).toContain('#RUNTIME-003');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await act(async () => lastLoad().resolve(settingsApp));
    expect(await screen.findByRole('heading', { name: 'Settings page' })).toBeTruthy();
  });

  it('offline, says so with the way back, and loads the page once the connection is back', async () => {
    connectivity.online = false;
    renderSlot();
    await act(async () => lastLoad().reject(new Error(RUNTIME_003)));
    await screen.findByRole('alert');
    expect(screen.getByRole('heading', { name: "You're offline" })).toBeTruthy();
    expect(screen.getByText("Settings will open once you're back online.")).toBeTruthy();
    expect(screen.getByRole('alert').textContent).not.toMatch(/RUNTIME|manifest|Failed to fetch/);
    expect(screen.getByRole('link', { name: 'Back' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Home' })).toBeTruthy();
    const loadsBefore = runtime.loads.length;
    await act(async () => void (connectivity.online = true));
    expect(runtime.loads.length).toBe(loadsBefore + 1);
    await act(async () => lastLoad().resolve(settingsApp));
    expect(await screen.findByRole('heading', { name: 'Settings page' })).toBeTruthy();
  });

  it("offline, a page whose own chunk cannot load says You're offline, and loads once the connection is back", async () => {
    // The remote was reached before (its app module is in); the page's code is a chunk of its own.
    const chunkLoadError = Object.assign(new Error('Loading chunk 412 failed.\n(error: http://localhost:3004/412.js)'), {
      name: 'ChunkLoadError',
    });
    let chunkLoads = 0;
    const appWithAChunk = {
      default: {
        ...settingsApp.default,
        pages: {
          settings: async () => {
            chunkLoads += 1;
            if (!connectivity.online) throw chunkLoadError;
            return { default: SettingsPage };
          },
        },
      },
    };
    connectivity.online = false;
    renderSlot();
    await act(async () => lastLoad().resolve(appWithAChunk));
    await screen.findByRole('alert');
    expect(screen.getByRole('heading', { name: "You're offline" })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).not.toMatch(/chunk|stopped working/i);
    await act(async () => void (connectivity.online = true));
    await act(async () => lastLoad().resolve(appWithAChunk));
    expect(await screen.findByRole('heading', { name: 'Settings page' })).toBeTruthy();
    expect(chunkLoads).toBe(2);
  });
});

describe('PlayerOffline', () => {
  it("says You're offline with the way back, and tries again once the connection is back", async () => {
    connectivity.online = false;
    const retry = vi.fn();
    render(
      <ThemeProvider theme={THEMES.default}>
        <MemoryRouter initialEntries={['/embed/tmdb-tv-910001/1/2']}>
          <PlayerOffline onRetry={retry} />
        </MemoryRouter>
      </ThemeProvider>,
    );
    expect(screen.getByRole('heading', { name: "You're offline" })).toBeTruthy();
    expect(screen.getByText("The player will open once you're back online.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Home' })).toBeTruthy();
    expect(retry).not.toHaveBeenCalled();
    await act(async () => void (connectivity.online = true));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
