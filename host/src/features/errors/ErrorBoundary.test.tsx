// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { THEMES } from 'shared-contracts';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../locales/en.json';
import { ErrorBoundary } from './ErrorBoundary';

function Boom(): never {
  throw new Error('kaboom');
}

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { host: en } }, defaultNS: 'host' });
});
afterEach(cleanup);

describe('ErrorBoundary', () => {
  it("shows 'We encountered an error!' with reload and copyable details", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    render(
      <ThemeProvider theme={THEMES.default}>
        <ErrorBoundary>
          <Boom />
        </ErrorBoundary>
      </ThemeProvider>,
    );
    expect(screen.getByRole('heading', { name: 'We encountered an error!' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show details' }));
    expect(screen.getByTestId('error-details').textContent).toContain('Error: kaboom');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy details' })));
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('kaboom'));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
  });
});
