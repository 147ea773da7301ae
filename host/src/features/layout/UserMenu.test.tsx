// @vitest-environment jsdom
/** The header's user menu: its items, and the tip link where the config names one. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_RUNTIME_CONFIG, THEMES, type RuntimeConfig } from 'shared-contracts';
import { MemoryRouter } from 'shared-contracts/router';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Registry } from '../../core/remote-registry';
import en from '../../locales/en.json';
import { RuntimeContext } from '../remotes';
import { UserMenu } from './UserMenu';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { host: en } }, defaultNS: 'host' });
});
afterEach(cleanup);

function openMenu(config: Partial<RuntimeConfig>) {
  const runtime = {
    config: { ...DEFAULT_RUNTIME_CONFIG, ...config },
    registry: {} as Registry,
    overrideOrigins: [],
    problems: [],
    refusedOverrides: [],
  };
  render(
    <RuntimeContext.Provider value={runtime}>
      <ThemeProvider theme={THEMES.default}>
        <MemoryRouter>
          <UserMenu />
        </MemoryRouter>
      </ThemeProvider>
    </RuntimeContext.Provider>,
  );
  const trigger = screen.getByRole('button', { name: 'Open menu' });
  fireEvent.click(trigger);
  expect(trigger.getAttribute('aria-expanded')).toBe('true');
}

const linkNames = () => screen.getAllByRole('link').map((link) => link.textContent);

describe('the user menu, signed out', () => {
  it('lists Settings, Discover, About us, Support and the tip link the config names, then Sync to cloud', () => {
    openMenu({ tipUrl: 'https://tips.example.org/mw' });
    expect(linkNames()).toEqual(['Settings', 'Discover', 'About us', 'Support', 'Tip the developers', 'Sync to cloud']);
    const tip = screen.getByRole('link', { name: 'Tip the developers' });
    expect(tip.getAttribute('href')).toBe('https://tips.example.org/mw');
    expect(tip.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('button', { name: 'Close menu' })).toBeTruthy();
  });

  it('leaves the tip link out when the config names none', () => {
    openMenu({ tipUrl: '' });
    expect(linkNames()).toEqual(['Settings', 'Discover', 'About us', 'Support', 'Sync to cloud']);
    expect(screen.queryByText('Tip the developers')).toBeNull();
  });
});
