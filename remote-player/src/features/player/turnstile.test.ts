// @vitest-environment jsdom
/** The Turnstile token provider against a fake `window.turnstile` (the page's script element is driven by hand). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TURNSTILE_MESSAGE } from 'scraping-core/errors';
import {
  createTurnstile,
  TOKEN_LIFETIME_MS,
  TOKEN_MARGIN_MS,
  type TurnstileApi,
  type TurnstileRenderParams,
  type TurnstileStatus,
} from './turnstile';

const SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js';

/** Cloudflare's API as the provider sees it: records calls; the test answers through the render callbacks. */
function fakeTurnstile() {
  const calls: string[] = [];
  let params: TurnstileRenderParams | null = null;
  const api: TurnstileApi = {
    render(container, p) {
      calls.push(`render:${container.isConnected}`);
      params = p;
      return 'widget-1';
    },
    execute: (id) => void calls.push(`execute:${id}`),
    reset: (id) => void calls.push(`reset:${id}`),
  };
  return {
    api,
    calls,
    get params(): TurnstileRenderParams {
      if (!params) throw new Error('not rendered');
      return params;
    },
  };
}

const scripts = () => [...document.head.querySelectorAll('script')];

/** Answers the pending script element: loads (defining window.turnstile) or fails. */
function answerScript(outcome: { load: TurnstileApi | null } | 'error') {
  const script = scripts().at(-1);
  if (!script) throw new Error('no script was added');
  if (outcome === 'error') return script.dispatchEvent(new Event('error'));
  if (outcome.load) (window as unknown as { turnstile: TurnstileApi }).turnstile = outcome.load;
  script.dispatchEvent(new Event('load'));
}

let clock = 1_000_000;
let status: TurnstileStatus;
const provider = (timeoutMs = 30_000) => createTurnstile({ siteKey: 'site-key', scriptUrl: SCRIPT, timeoutMs, status, now: () => clock });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  clock = 1_000_000;
  status = { verifying: false };
});

afterEach(() => {
  vi.useRealTimers();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  delete (window as unknown as { turnstile?: unknown }).turnstile;
});

describe('Turnstile token provider', () => {
  it('success: loads the script once (explicit rendering), renders an on-demand widget with the site key, executes it, gives its token', async () => {
    const fake = fakeTurnstile();
    const turnstile = provider();
    const pending = turnstile.token();
    expect(scripts().map((s) => s.src)).toEqual([`${SCRIPT}?render=explicit`]);
    expect(status.verifying).toBe(true);
    answerScript({ load: fake.api });
    await vi.waitFor(() => expect(fake.calls).toEqual(['render:true', 'execute:widget-1']));
    expect(fake.params).toMatchObject({
      sitekey: 'site-key',
      execution: 'execute',
      appearance: 'interaction-only',
      retry: 'never',
      'refresh-expired': 'never',
    });
    fake.params.callback('token-1');
    expect(await pending).toEqual({ ok: true, value: 'token-1' });
    expect(status.verifying).toBe(false);
  });

  it('single use: a taken token is never handed out again; the next scrape gets a new challenge (same script, same widget)', async () => {
    const fake = fakeTurnstile();
    const turnstile = provider();
    const first = turnstile.token();
    answerScript({ load: fake.api });
    await vi.waitFor(() => expect(fake.calls).toContain('execute:widget-1'));
    fake.params.callback('token-1');
    expect(await first).toEqual({ ok: true, value: 'token-1' });

    const second = turnstile.token();
    await vi.waitFor(() => expect(fake.calls).toEqual(['render:true', 'execute:widget-1', 'reset:widget-1', 'execute:widget-1']));
    expect(status.verifying).toBe(true);
    fake.params.callback('token-2');
    expect(await second).toEqual({ ok: true, value: 'token-2' });
    expect(scripts()).toHaveLength(1);
  });

  it('two scrapes at once never share a token: the second waits for a challenge of its own', async () => {
    const fake = fakeTurnstile();
    const turnstile = provider();
    const a = turnstile.token();
    const b = turnstile.token();
    answerScript({ load: fake.api });
    await vi.waitFor(() => expect(fake.calls).toEqual(['render:true', 'execute:widget-1']));
    fake.params.callback('token-1');
    await vi.waitFor(() => expect(fake.calls).toEqual(['render:true', 'execute:widget-1', 'reset:widget-1', 'execute:widget-1']));
    fake.params.callback('token-2');
    expect([await a, await b]).toEqual([
      { ok: true, value: 'token-1' },
      { ok: true, value: 'token-2' },
    ]);
  });

  it('kept until used: a scrape that gives up while verifying leaves the token to the next one, without a new challenge', async () => {
    const fake = fakeTurnstile();
    const turnstile = provider();
    const leaving = new AbortController();
    const abandoned = turnstile.token(leaving.signal);
    answerScript({ load: fake.api });
    await vi.waitFor(() => expect(fake.calls).toContain('execute:widget-1'));
    leaving.abort();
    expect(await abandoned).toMatchObject({ ok: false, error: { code: 'scrape/cancelled' } });
    fake.params.callback('token-1');
    await vi.waitFor(() => expect(status.verifying).toBe(false));
    expect(await turnstile.token()).toEqual({ ok: true, value: 'token-1' });
    expect(fake.calls).toEqual(['render:true', 'execute:widget-1']);
  });

  it('expired: a kept token near the end of its 300 s is dropped and a new challenge runs; so is one the widget says expired', async () => {
    const fake = fakeTurnstile();
    const turnstile = provider();
    const leaving = new AbortController();
    const abandoned = turnstile.token(leaving.signal);
    answerScript({ load: fake.api });
    await vi.waitFor(() => expect(fake.calls).toContain('execute:widget-1'));
    leaving.abort();
    await abandoned;
    fake.params.callback('old-token');
    await vi.waitFor(() => expect(status.verifying).toBe(false));
    clock += TOKEN_LIFETIME_MS - TOKEN_MARGIN_MS;
    const next = turnstile.token();
    await vi.waitFor(() => expect(fake.calls).toEqual(['render:true', 'execute:widget-1', 'reset:widget-1', 'execute:widget-1']));
    fake.params.callback('new-token');
    expect(await next).toEqual({ ok: true, value: 'new-token' });

    const again = new AbortController();
    const gone = turnstile.token(again.signal);
    await vi.waitFor(() => expect(fake.calls.filter((c) => c.startsWith('execute'))).toHaveLength(3));
    again.abort();
    await gone;
    fake.params.callback('expiring-token');
    await vi.waitFor(() => expect(status.verifying).toBe(false));
    fake.params['expired-callback']();
    const last = turnstile.token();
    await vi.waitFor(() => expect(fake.calls.filter((c) => c.startsWith('execute'))).toHaveLength(4));
    fake.params.callback('fresh-token');
    expect(await last).toEqual({ ok: true, value: 'fresh-token' });
  });

  it('script load failure: scrape/turnstile with the reason; the element is removed and the next scrape tries to load it again', async () => {
    const turnstile = provider();
    const pending = turnstile.token();
    answerScript('error');
    expect(await pending).toEqual({
      ok: false,
      error: { code: 'scrape/turnstile', message: TURNSTILE_MESSAGE, detail: `the Turnstile script failed: ${SCRIPT} could not be loaded` },
    });
    expect(scripts()).toEqual([]);
    expect(status.verifying).toBe(false);

    const fake = fakeTurnstile();
    const retry = turnstile.token();
    expect(scripts()).toHaveLength(1);
    answerScript({ load: fake.api });
    await vi.waitFor(() => expect(fake.calls).toContain('execute:widget-1'));
    fake.params.callback('token-1');
    expect(await retry).toEqual({ ok: true, value: 'token-1' });
  });

  it('a script that loads without defining window.turnstile is a failure', async () => {
    const pending = provider().token();
    answerScript({ load: null });
    expect(await pending).toMatchObject({
      ok: false,
      error: { code: 'scrape/turnstile', detail: expect.stringContaining('did not define window.turnstile') },
    });
  });

  it('timeout: a script that never answers, or a challenge that never does, ends on scrape/turnstile after timeoutMs', async () => {
    const turnstile = provider(5_000);
    const hanging = turnstile.token();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(status.verifying).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(await hanging).toMatchObject({ ok: false, error: { code: 'scrape/turnstile', detail: 'no token within 5000 ms' } });
    expect(status.verifying).toBe(false);

    const fake = fakeTurnstile();
    const silent = turnstile.token();
    answerScript({ load: fake.api }); // the first script element, still waiting: it loads now
    await vi.waitFor(() => expect(fake.calls).toContain('execute:widget-1'));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await silent).toMatchObject({ ok: false, error: { code: 'scrape/turnstile', detail: 'no token within 5000 ms' } });
    // A token that comes after all is kept for the next scrape.
    fake.params.callback('late-token');
    expect(await turnstile.token()).toEqual({ ok: true, value: 'late-token' });
  });

  it('an interactive challenge pauses the timeout until the visitor is done', async () => {
    const fake = fakeTurnstile();
    const pending = provider(5_000).token();
    answerScript({ load: fake.api });
    await vi.waitFor(() => expect(fake.calls).toContain('execute:widget-1'));
    fake.params['before-interactive-callback']();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(status.verifying).toBe(true);
    fake.params['after-interactive-callback']();
    await vi.advanceTimersByTimeAsync(4_000);
    fake.params.callback('human-token');
    expect(await pending).toEqual({ ok: true, value: 'human-token' });
  });

  it.each([
    ['error-callback', (p: TurnstileRenderParams) => expect(p['error-callback']('300030')).toBe(true), 'the widget failed (error 300030)'],
    ['timeout-callback', (p: TurnstileRenderParams) => p['timeout-callback'](), 'the interactive challenge timed out'],
    ['unsupported-callback', (p: TurnstileRenderParams) => p['unsupported-callback'](), 'this browser is not supported by Turnstile'],
  ])('widget %s: scrape/turnstile; the next scrape resets the widget and tries again', async (_name, fire, detail) => {
    const fake = fakeTurnstile();
    const turnstile = provider();
    const pending = turnstile.token();
    answerScript({ load: fake.api });
    await vi.waitFor(() => expect(fake.calls).toContain('execute:widget-1'));
    fire(fake.params);
    expect(await pending).toMatchObject({ ok: false, error: { code: 'scrape/turnstile', detail } });
    const retry = turnstile.token();
    await vi.waitFor(() => expect(fake.calls).toEqual(['render:true', 'execute:widget-1', 'reset:widget-1', 'execute:widget-1']));
    fake.params.callback('token-2');
    expect(await retry).toEqual({ ok: true, value: 'token-2' });
  });

  it('a widget that cannot render is a failure, not a hang', async () => {
    const fake = fakeTurnstile();
    fake.api.render = () => {
      throw new Error('Invalid sitekey');
    };
    const pending = provider().token();
    answerScript({ load: fake.api });
    expect(await pending).toMatchObject({ ok: false, error: { code: 'scrape/turnstile', detail: 'the widget failed: Invalid sitekey' } });
    expect(document.body.children).toHaveLength(0);
  });
});
