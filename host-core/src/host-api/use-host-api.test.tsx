// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { Profiler, memo, startTransition, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  DEFAULT_RUNTIME_CONFIG,
  HostContext,
  HostServicesContext,
  useHost,
  useHostServices,
  useHostState,
  useHostWith,
  type CatalogApi,
  type HostApi,
  type HostState,
} from 'shared-contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { proxy } from 'valtio/vanilla';
import { createActions } from '../local-stores/actions';
import { createStores } from '../local-stores/stores';
import { useHostApi, useHostServicesValue } from './use-host-api';
import { memoryStorage } from '../testing/memory-storage';

const film = { tmdbId: '550', type: 'movie' as const, title: 'Film', year: 1999 };
const navigate = () => {};
const setDocumentTitle = () => {};

function setup() {
  const stores = createStores(memoryStorage());
  const actions = createActions(stores);
  const connectivity = proxy({ online: true });
  const catalog = {} as CatalogApi;
  function Provider({ children }: { children: ReactNode }) {
    const services = useHostServicesValue({
      stores,
      actions,
      catalog,
      config: DEFAULT_RUNTIME_CONFIG,
      connectivity,
      navigate,
      setDocumentTitle,
    });
    const host = useHostApi(services);
    return (
      <HostServicesContext.Provider value={services}>
        <HostContext.Provider value={host}>{children}</HostContext.Provider>
      </HostServicesContext.Provider>
    );
  }
  return { stores, actions, connectivity, Provider };
}

/** Counts commits per reader through React's Profiler (the way the bench marks renders). */
function counter() {
  const renders: Record<string, number> = {};
  const Counted = ({ id, children }: { id: string; children: ReactNode }) => (
    <Profiler id={id} onRender={(name) => void (renders[name] = (renders[name] ?? 0) + 1)}>
      {children}
    </Profiler>
  );
  return { renders, Counted };
}

// memo: a parent's re-render must not be what re-renders them; only their own subscriptions may.
const ProgressReader = memo(function ProgressReader() {
  const progress = useHostState('progress');
  return <p>{Object.keys(progress).length} in progress</p>;
});
const VolumeReader = memo(function VolumeReader() {
  return <p>volume {useHostState('volume')}</p>;
});
const BookmarkReader = memo(function BookmarkReader() {
  return <p>{Object.keys(useHostState('bookmarks')).length} bookmarks</p>;
});
const ActionsOnly = memo(function ActionsOnly() {
  const { actions } = useHostServices();
  return <button onClick={() => actions.setVolume(0.5)}>quieter</button>;
});
const BackendReader = memo(function BackendReader() {
  return <p>{useHostState('backendUrl')}</p>;
});
const LegacyReader = memo(function LegacyReader() {
  return <p>legacy {Object.keys(useHost().state.progress).length}</p>;
});

const DelayReader = memo(function DelayReader() {
  const host = useHostWith('subtitles', 'online');
  return (
    <p>
      delay {host.state.subtitles.delay}
      {host.state.online ? '' : ' offline'}
    </p>
  );
});

afterEach(cleanup);

describe('per-store subscriptions (a progress save re-renders only progress readers)', () => {
  it('a progress save re-renders the progress readers (and contracts-1.0 useHost readers), nobody else', async () => {
    const { actions, Provider } = setup();
    const { renders, Counted } = counter();
    const view = render(
      <Provider>
        {(['progress', 'volume', 'bookmarks', 'actions', 'backend', 'legacy'] as const).map((id) => (
          <Counted key={id} id={id}>
            {
              {
                progress: <ProgressReader />,
                volume: <VolumeReader />,
                bookmarks: <BookmarkReader />,
                actions: <ActionsOnly />,
                backend: <BackendReader />,
                legacy: <LegacyReader />,
              }[id]
            }
          </Counted>
        ))}
      </Provider>,
    );
    const before = { ...renders };
    expect(before).toEqual({ progress: 1, volume: 1, bookmarks: 1, actions: 1, backend: 1, legacy: 1 });

    // Three saves, as the player makes every 3 s while playing.
    for (const at of [3, 6, 9]) {
      await act(async () => actions.updateProgress(film, { watched: at, duration: 6000 }));
    }
    expect(view.getByText('1 in progress')).toBeTruthy();
    // The contracts-1.0 reader still follows (through the whole-state context); its count is the host's business.
    const { legacy, ...rest } = renders;
    expect(legacy).toBeGreaterThan(before.legacy!);
    expect(rest).toEqual({ progress: 4, volume: 1, bookmarks: 1, actions: 1, backend: 1 });
    const without = () => Object.fromEntries(Object.entries(renders).filter(([k]) => k !== 'legacy'));

    await act(async () => actions.setVolume(0.25));
    expect(view.getByText('volume 0.25')).toBeTruthy();
    expect(without()).toEqual({ ...rest, volume: 2 });

    await act(async () => actions.addBookmark(film));
    expect(without()).toEqual({ ...rest, volume: 2, bookmarks: 2 });
  });

  it('derived fields follow their store: a custom backend re-renders its reader with the new value', async () => {
    const { actions, Provider } = setup();
    const { renders, Counted } = counter();
    const view = render(
      <Provider>
        <Counted id="backend">
          <BackendReader />
        </Counted>
      </Provider>,
    );
    await act(async () => actions.setBackendUrl('https://backend.example'));
    expect(view.getByText('https://backend.example')).toBeTruthy();
    expect(renders.backend).toBe(2);
  });

  it('useHostWith re-renders on its fields only, and its state is the live one', async () => {
    const { actions, connectivity, Provider } = setup();
    const { renders, Counted } = counter();
    const view = render(
      <Provider>
        <Counted id="delay">
          <DelayReader />
        </Counted>
      </Provider>,
    );
    await act(async () => actions.updateProgress(film, { watched: 3, duration: 6000 }));
    await act(async () => actions.setVolume(0.1));
    expect(renders.delay).toBe(1);
    await act(async () => actions.setSubtitleSettings({ delay: 1.5 }));
    expect(view.getByText('delay 1.5')).toBeTruthy();
    await act(async () => void (connectivity.online = false));
    expect(view.getByText('delay 1.5 offline')).toBeTruthy();
    expect(renders.delay).toBe(3);
  });

  it('works under a plain HostContext (contracts 1.0 hosts, test fixtures): state read from the snapshot', () => {
    const state = { progress: {}, volume: 0.75 } as unknown as HostState;
    const host = { state, actions: {} } as unknown as HostApi;
    const view = render(
      <HostContext.Provider value={host}>
        <VolumeReader />
        <ActionsOnly />
      </HostContext.Provider>,
    );
    expect(view.getByText('volume 0.75')).toBeTruthy();
    expect(view.getByRole('button', { name: 'quieter' })).toBeTruthy();
  });

  it('a store write while a transition renders does not make React render the whole tree again', async () => {
    const { stores, Provider } = setup();
    let pageRenders = 0;
    let written = false;
    // The region look-up answering, or a sync pull, while React renders a new screen in slices.
    function Writer() {
      if (!written) {
        written = true;
        stores.volume.volume = 0.3;
      }
      return null;
    }
    const LegacyVolume = () => <p>legacy volume {useHost().state.volume}</p>;
    function Page() {
      pageRenders += 1;
      return <p>page</p>;
    }
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () =>
      startTransition(() =>
        root.render(
          <Provider>
            <Writer />
            <Page />
            <LegacyVolume />
          </Provider>,
        ),
      ),
    );
    expect(pageRenders, 'the page rendered once, not again synchronously').toBe(1);
    expect(container.textContent, 'the contracts-1.0 reader caught up with the write').toContain('legacy volume 0.3');
    act(() => root.unmount());
  });
});
