// @vitest-environment jsdom
/** A server answering garbage: the account pages show a message in the user's language, not a crash or "Something went wrong". */
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { THEMES } from 'shared-contracts';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBackendClient } from 'account-sync/api';
import de from '../../locales/de.json';
import en from '../../locales/en.json';
import { ErrorMessage } from './ErrorMessage';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { account: en }, de: { account: de } }, defaultNS: 'account' });
});
afterEach(cleanup);

/** A server whose login challenge comes back as JSON of the wrong shape. */
const garbageServer = createBackendClient({
  baseUrl: 'http://backend.test',
  fetch: async () =>
    new Response(JSON.stringify({ challenge: { code: 1 } }), { status: 200, headers: { 'Content-Type': 'application/json' } }),
});

describe('an answer of the wrong shape', () => {
  it.each([
    ['en', 'The server sent an answer this site cannot read. Try again later or use another server.'],
    [
      'de',
      'Der Server hat eine Antwort geschickt, die diese Seite nicht lesen kann. Versuche es später noch einmal oder nutze einen anderen Server.',
    ],
  ])('is told in the page’s language (%s)', async (language, text) => {
    await i18next.changeLanguage(language);
    const error = await garbageServer.loginStart('key').catch((e: unknown) => e);
    render(
      <ThemeProvider theme={THEMES.default}>
        <ErrorMessage error={error} />
      </ThemeProvider>,
    );
    expect(screen.getByRole('alert').textContent).toBe(text);
  });
});
