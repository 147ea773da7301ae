import type { CatalogApi, RemoteApp } from 'shared-contracts';
import { beforeAll, describe, expect, it, vi } from 'vitest';

let app: RemoteApp<'discover'>;
beforeAll(async () => {
  vi.stubGlobal('__CONTRACTS_VERSION__', '0.0.0-test');
  vi.stubGlobal('__APP_VERSION__', '0.0.0-test');
  vi.stubGlobal('__BUILD_MARKER__', '');
  app = (await import('./app')).default;
});

function fakeCatalog() {
  const list = vi.fn(async (..._args: unknown[]) => []);
  return { list, catalog: { list } as unknown as CatalogApi };
}

describe("the discover remote's early requests", () => {
  it("start the home section's row, pages 1 and 2 of popular films, once", () => {
    const { list, catalog } = fakeCatalog();
    app.prefetch!('homeSection', { catalog });
    app.prefetch!('homeSection', { catalog });
    expect(list.mock.calls).toEqual([
      [{ kind: 'movie-list', list: 'popular' }, 1],
      [{ kind: 'movie-list', list: 'popular' }, 2],
    ]);
  });

  it("start Discover's rows in view for the tab in the address, once; none for Editor Picks", async () => {
    const { list, catalog } = fakeCatalog();
    vi.stubGlobal('window', { location: { search: '?tab=tvshows' }, innerWidth: 1280 });
    app.prefetch!('discover', { catalog });
    app.prefetch!('discover', { catalog });
    expect(new Set(list.mock.calls.map(([what]) => JSON.stringify(what)))).toEqual(
      new Set([JSON.stringify({ kind: 'tv-list', list: 'top_rated' }), JSON.stringify({ kind: 'tv-list', list: 'popular' })]),
    );
    const picks = fakeCatalog();
    vi.stubGlobal('window', { location: { search: '?tab=editorpicks' }, innerWidth: 1280 });
    app.prefetch!('discover', { catalog: picks.catalog });
    expect(picks.list).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 0)); // the answers arrive (their posters are looked at)
    vi.unstubAllGlobals();
  });

  it('start nothing for the other pages', () => {
    const { list, catalog } = fakeCatalog();
    for (const page of ['homeBookmarks', 'homeContinueWatching'] as const) app.prefetch!(page, { catalog });
    expect(list).not.toHaveBeenCalled();
  });
});
