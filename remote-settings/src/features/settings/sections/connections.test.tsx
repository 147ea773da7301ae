// @vitest-environment jsdom
/** The Connections section's switch for sending the movie database's requests through a proxy worker. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useHostApi, useHostServicesValue } from 'host-core/host-api';
import { createActions, createStores } from 'host-core/local-stores';
import { memoryStorage } from 'host-core/testing';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_RUNTIME_CONFIG, HostContext, THEMES, type CatalogApi } from 'shared-contracts';
import { ThemeProvider } from 'styled-components';
import { proxy } from 'valtio/vanilla';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import { useSettingsDraft } from '../use-settings-draft';
import { ConnectionsSection } from './ConnectionsSection';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { settings: en } }, defaultNS: 'settings' });
});
afterEach(cleanup);

function Section({ stores }: { stores: ReturnType<typeof createStores> }) {
  const services = useHostServicesValue({
    stores,
    actions: createActions(stores),
    catalog: {} as CatalogApi,
    config: DEFAULT_RUNTIME_CONFIG,
    connectivity: proxy({ online: true }),
    navigate: () => {},
    setDocumentTitle: () => {},
  });
  const host = useHostApi(services);
  const draftApi = useSettingsDraft(host);
  return (
    <HostContext.Provider value={host}>
      <ThemeProvider theme={THEMES.default}>
        <ConnectionsSection draftApi={draftApi} />
        <button type="button" onClick={() => void draftApi.save()}>
          Save
        </button>
      </ThemeProvider>
    </HostContext.Provider>
  );
}

describe('the movie database through a proxy worker', () => {
  it('is a switch, off by default; turned on and saved, the preference is on', async () => {
    const stores = createStores(memoryStorage());
    render(<Section stores={stores} />);
    const toggle = screen.getByRole('switch', { name: 'Movie database through a proxy worker' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(toggle.getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(stores.preferences.proxyTmdb).toBe(false); // a draft until saved
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('switch', { name: 'Movie database through a proxy worker', checked: true });
    expect(stores.preferences.proxyTmdb).toBe(true);
  });
});
