// @vitest-environment jsdom
/** /dev's site constants and its backend test, over the host's real stores and config. */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useHostApi, useHostServicesValue } from 'host-core/host-api';
import { createActions, createStores } from 'host-core/local-stores';
import { memoryStorage } from 'host-core/testing';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_RUNTIME_CONFIG, HostContext, THEMES, type CatalogApi, type RuntimeConfig } from 'shared-contracts';
import { ThemeProvider } from 'styled-components';
import { proxy } from 'valtio/vanilla';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../locales/en.json';
import DevPage from './DevPage';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { settings: en } }, defaultNS: 'settings' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDev(config: Partial<RuntimeConfig>) {
  const requests: string[] = [];
  // The backend's /metrics is not what this test is about: every request is refused.
  vi.stubGlobal('fetch', async (url: string) => (requests.push(url), new Response('', { status: 404 })));
  const stores = createStores(memoryStorage());
  function Host() {
    const services = useHostServicesValue({
      stores,
      actions: createActions(stores),
      catalog: {} as CatalogApi,
      config: { ...DEFAULT_RUNTIME_CONFIG, ...config },
      connectivity: proxy({ online: true }),
      navigate: () => {},
      setDocumentTitle: () => {},
    });
    return (
      <HostContext.Provider value={useHostApi(services)}>
        <DevPage />
      </HostContext.Provider>
    );
  }
  render(
    <ThemeProvider theme={THEMES.default}>
      <Host />
    </ThemeProvider>,
  );
  return { requests };
}

/** The value a <dl> gives the term `name`. */
const constant = (name: string) => {
  const list = within(screen.getByRole('region', { name: 'Site constants' }));
  return list.getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
};

describe('/dev site constants', () => {
  it.each(['browser', 'hash'] as const)('show the routing mode (%s), the app version and the backend URL', (routerMode) => {
    renderDev({ routerMode, backendUrl: 'http://backend.test' });
    expect(constant('Routing mode')).toBe(routerMode);
    expect(constant('App version')).toBe('4.9.4');
    expect(constant('Backend URL')).toBe('http://backend.test');
  });

  it('say the backend URL is not set when there is none', () => {
    renderDev({ backendUrl: '' });
    expect(constant('Backend URL')).toBe('Not set');
  });
});

describe('/dev backend test', () => {
  it('without a backend URL says "Backend URL is not set" and asks no one', async () => {
    const { requests } = renderDev({ backendUrl: '' });
    const section = within(screen.getByRole('region', { name: 'Backend API test' }));
    await act(async () => fireEvent.click(section.getByRole('button', { name: 'Test' })));
    expect(section.getByRole('alert').textContent).toBe('Backend URL is not set');
    expect(requests).toEqual([]);
  });
});
