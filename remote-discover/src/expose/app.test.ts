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
  const list = vi.fn(async () => []);
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

  it('start nothing for the other pages', () => {
    const { list, catalog } = fakeCatalog();
    for (const page of ['discover', 'homeBookmarks', 'homeContinueWatching'] as const) app.prefetch!(page, { catalog });
    expect(list).not.toHaveBeenCalled();
  });
});
