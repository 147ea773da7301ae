// @vitest-environment jsdom
/** The host's own pages that a deploy's config shapes: the takedown contact, the provider-issues notice. */
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_RUNTIME_CONFIG, THEMES, type RuntimeConfig } from 'shared-contracts';
import { MemoryRouter } from 'shared-contracts/router';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Registry } from '../../core/remote-registry';
import en from '../../locales/en.json';
import { RuntimeContext } from '../remotes';
import { ProviderIssuesPage } from './ProviderIssuesPage';
import { DmcaPage } from './StaticPages';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { host: en } }, defaultNS: 'host' });
});
afterEach(cleanup);

function renderWith(config: Partial<RuntimeConfig>, page: ReactNode) {
  const runtime = {
    config: { ...DEFAULT_RUNTIME_CONFIG, ...config },
    registry: {} as Registry,
    overrideOrigins: [],
    problems: [],
    refusedOverrides: [],
  };
  return render(
    <RuntimeContext.Provider value={runtime}>
      <ThemeProvider theme={THEMES.default}>
        <MemoryRouter>{page}</MemoryRouter>
      </ThemeProvider>
    </RuntimeContext.Provider>,
  );
}

describe('the takedown page', () => {
  it('gives the configured contact as a mail link', () => {
    renderWith({ dmcaEmail: 'takedown@example.org' }, <DmcaPage />);
    expect(screen.getByRole('link', { name: 'takedown@example.org' }).getAttribute('href')).toBe('mailto:takedown@example.org');
  });

  it('says there is no contact when none is configured', () => {
    renderWith({ dmcaEmail: '' }, <DmcaPage />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByTestId('dmca-page').textContent).toContain(en.dmca.contactMissing);
  });
});

describe('the provider-issues notice', () => {
  it('says the providers are in trouble and leads home', () => {
    renderWith({ showProviderIssues: true }, <ProviderIssuesPage />);
    expect(screen.getByTestId('provider-issues').textContent).toContain("We're having trouble with our providers");
    expect(screen.getByRole('link', { name: 'Go home' }).getAttribute('href')).toBe('/');
  });
});
