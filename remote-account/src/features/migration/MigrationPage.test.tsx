// @vitest-environment jsdom
/** /migration's file section when the browser lets it down: the download cannot be made, the file cannot be read. */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useHostApi, useHostServicesValue } from 'host-core/host-api';
import { createActions, createStores } from 'host-core/local-stores';
import { memoryStorage } from 'host-core/testing';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_RUNTIME_CONFIG, HostContext, THEMES, type CatalogApi } from 'shared-contracts';
import { MemoryRouter } from 'shared-contracts/router';
import { ThemeProvider } from 'styled-components';
import { proxy } from 'valtio/vanilla';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../locales/en.json';
import { createAccountService } from 'account-sync/service';
import MigrationPage from './MigrationPage';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { account: en } }, defaultNS: 'account' });
});

let stopService = () => {};
afterEach(() => {
  cleanup();
  stopService();
  vi.unstubAllGlobals();
});

function renderMigration() {
  vi.stubGlobal('__BUILD_MARKER__', '');
  const stores = createStores(memoryStorage());
  const actions = createActions(stores);
  // No backend: the account service the host runs stays idle.
  const config = { ...DEFAULT_RUNTIME_CONFIG, backendUrl: '' };
  const accountService = createAccountService({ port: actions, backendUrl: '' });
  stopService = () => accountService.stop();
  function Host() {
    const services = useHostServicesValue({
      stores,
      actions,
      catalog: {} as CatalogApi,
      config,
      connectivity: proxy({ online: true }),
      navigate: () => {},
      setDocumentTitle: () => {},
      accountService,
    });
    return (
      <HostContext.Provider value={useHostApi(services)}>
        <MigrationPage />
      </HostContext.Provider>
    );
  }
  render(
    <MemoryRouter>
      <ThemeProvider theme={THEMES.default}>
        <Host />
      </ThemeProvider>
    </MemoryRouter>,
  );
  return { stores, actions, section: within(screen.getByTestId('migration-file')) };
}

describe('/migration export and import', () => {
  it('says so when the download cannot be made', () => {
    // The browser refuses to make a URL of the file (e.g. storage blocked).
    const refuse = vi.fn(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL: refuse }));
    const { section } = renderMigration();
    fireEvent.click(section.getByRole('button', { name: 'Export data' }));
    expect(section.getByRole('alert').textContent).toBe('Could not create the download.');
    expect(refuse).toHaveBeenCalledOnce();
    expect(section.queryByRole('status')).toBeNull();
  });

  it('says so when the chosen file cannot be read, and changes nothing', async () => {
    const { stores, section } = renderMigration();
    // The file went away between choosing and reading (the browser's NotReadableError).
    const file = new File(['{}'], 'export.json', { type: 'application/json' });
    file.text = () => Promise.reject(new DOMException('gone', 'NotReadableError'));
    await act(async () => fireEvent.change(section.getByLabelText('Import data'), { target: { files: [file] } }));
    expect(section.getByRole('alert').textContent).toBe('Could not read the file.');
    expect(stores.bookmarks.bookmarks).toEqual({});
  });
});
