// @vitest-environment jsdom
/** Settings' radio groups behave as native radio groups: one tab stop each, arrow keys move the choice. */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useHostApi, useHostServicesValue } from 'host-core/host-api';
import { createActions, createStores } from 'host-core/local-stores';
import { memoryStorage } from 'host-core/testing';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_RUNTIME_CONFIG, THEME_NAMES, THEMES, type CatalogApi } from 'shared-contracts';
import { ThemeProvider } from 'styled-components';
import { proxy } from 'valtio/vanilla';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import { useSettingsDraft } from '../use-settings-draft';
import { AppearanceSection } from './AppearanceSection';
import { CAPTION_COLORS, SubtitlesSection } from './SubtitlesSection';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { settings: en } }, defaultNS: 'settings' });
});
afterEach(cleanup);

let STORES = createStores(memoryStorage());

function Sections() {
  const services = useHostServicesValue({
    stores: STORES,
    actions: createActions(STORES),
    catalog: {} as CatalogApi,
    config: DEFAULT_RUNTIME_CONFIG,
    connectivity: proxy({ online: true }),
    navigate: () => {},
    setDocumentTitle: () => {},
  });
  const draftApi = useSettingsDraft(useHostApi(services));
  return (
    <ThemeProvider theme={THEMES.default}>
      <AppearanceSection draftApi={draftApi} />
      <SubtitlesSection draftApi={draftApi} />
    </ThemeProvider>
  );
}
const tabStops = (group: HTMLElement) =>
  within(group)
    .getAllByRole('radio')
    .filter((radio) => radio.tabIndex === 0);

describe.each([
  ['Theme', THEME_NAMES.length],
  ['Colour', CAPTION_COLORS.length],
])('the %s group', (name, count) => {
  it('is one tab stop, the checked option; arrow keys, Home and End move the choice and the focus', () => {
    STORES = createStores(memoryStorage());
    render(<Sections />);
    const group = screen.getByRole('radiogroup', { name });
    expect(within(group).getAllByRole('radio')).toHaveLength(count);
    const first = within(group).getByRole('radio', { checked: true });
    expect(tabStops(group)).toEqual([first]);

    fireEvent.keyDown(first, { key: 'ArrowRight' });
    const second = within(group).getByRole('radio', { checked: true });
    expect(second).not.toBe(first);
    expect(document.activeElement).toBe(second);
    expect(tabStops(group)).toEqual([second]);

    fireEvent.keyDown(second, { key: 'End' });
    const last = within(group).getAllByRole('radio').at(-1)!;
    expect(last).toHaveProperty('ariaChecked', 'true');
    fireEvent.keyDown(last, { key: 'ArrowDown' }); // wraps round to the first
    expect(within(group).getAllByRole('radio')[0]).toBe(document.activeElement);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(last);
    expect(tabStops(group)).toEqual([last]);
  });
});

describe('the caption colours', () => {
  it('are named by colour, not by their hex codes', () => {
    STORES = createStores(memoryStorage());
    render(<Sections />);
    const group = screen.getByRole('radiogroup', { name: 'Colour' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('aria-label')),
    ).toEqual(['White', 'Blue', 'Yellow', 'Green']);
  });
});
