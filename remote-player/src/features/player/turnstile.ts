/**
 * Cloudflare Turnstile tokens for scrapes that may go through the proxy workers or a remote scraping
 * server (docs/behaviour.md#scraping-captcha). Cloudflare's API script loads the first time a token is needed; one widget
 * (explicit rendering, run on demand, shown only when Cloudflare wants the visitor to interact) answers
 * every request. A token is valid for 300 s and can be redeemed once (Cloudflare siteverify): it is kept
 * until one scrape takes it or it expires, and is never handed out twice.
 */
import { proxy } from 'valtio/vanilla';
import { ok, type Result } from '../../core/result';
import { scrapeError, type ScrapeError } from 'scraping-core/errors';

/** Cloudflare: a token is valid for 300 s after it is issued. */
export const TOKEN_LIFETIME_MS = 300_000;
/** A token closer than this to its end is not handed out: the run still has to reach the proxy with it. */
export const TOKEN_MARGIN_MS = 30_000;
/** Script and challenge together, ms; time the visitor spends on an interactive challenge does not count. */
export const TURNSTILE_TIMEOUT_MS = 30_000;

/** The render parameters this uses (Cloudflare's explicit rendering). */
export interface TurnstileRenderParams {
  sitekey: string;
  /** The challenge runs on execute(), not on render. */
  execution: 'execute';
  /** Invisible unless Cloudflare decides the visitor must interact (managed widgets). */
  appearance: 'interaction-only';
  /** A failure ends this request (the run shows the Turnstile message); the next request starts afresh. */
  retry: 'never';
  /** Expired tokens are dropped here and a new challenge runs when a scrape needs one. */
  'refresh-expired': 'never';
  callback(token: string): void;
  /** Returns true: the error is handled (Turnstile does not throw it). */
  'error-callback'(code: string): boolean;
  'expired-callback'(): void;
  'timeout-callback'(): void;
  'before-interactive-callback'(): void;
  'after-interactive-callback'(): void;
  'unsupported-callback'(): void;
}

/** The part of Cloudflare's `window.turnstile` this uses. */
export interface TurnstileApi {
  render(container: HTMLElement, params: TurnstileRenderParams): string | null | undefined;
  execute(widgetId: string): void;
  reset(widgetId: string): void;
}

export interface TurnstileStatus {
  /** A challenge is running: the scraping progress view shows "Verifying humanity". */
  verifying: boolean;
}

/** The page's Turnstile status (one widget per page), read by the scraping progress view. */
export const turnstileStatus = proxy<TurnstileStatus>({ verifying: false });

export interface TurnstileOptions {
  siteKey: string;
  /** Cloudflare's api.js (or a stand-in); `render=explicit` is added. */
  scriptUrl: string;
  /** Default TURNSTILE_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Defaults: the page's document, Date.now and turnstileStatus. */
  document?: Document;
  now?: () => number;
  status?: TurnstileStatus;
}

export interface TokenProvider {
  /**
   * A token for one scrape: the kept one while it is fresh, else a new challenge. It is the caller's
   * from then on (single use). Failures → scrape/turnstile (detail says why); abort → scrape/cancelled,
   * while the challenge goes on and its token is kept for the next scrape.
   */
  token(signal?: AbortSignal): Promise<Result<string, ScrapeError>>;
}

type Outcome = Result<string, ScrapeError>;

const failed = (detail: string): { ok: false; error: ScrapeError } => ({ ok: false, error: scrapeError('scrape/turnstile', detail) });
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

function loadScript(doc: Document, scriptUrl: string): Promise<TurnstileApi> {
  const view = doc.defaultView as (Window & { turnstile?: TurnstileApi }) | null;
  if (view?.turnstile) return Promise.resolve(view.turnstile);
  return new Promise((resolve, reject) => {
    const src = new URL(scriptUrl);
    src.searchParams.set('render', 'explicit');
    const script = doc.createElement('script');
    script.src = src.toString();
    script.async = true;
    script.addEventListener(
      'load',
      () => {
        const api = view?.turnstile;
        if (api && typeof api.render === 'function') return resolve(api);
        script.remove();
        reject(new Error(`${src.origin}${src.pathname} did not define window.turnstile`));
      },
      { once: true },
    );
    script.addEventListener(
      'error',
      () => {
        // Removed so that the next request loads it again (the network may be back).
        script.remove();
        reject(new Error(`${src.origin}${src.pathname} could not be loaded`));
      },
      { once: true },
    );
    doc.head.appendChild(script);
  });
}

/** The widget's place: empty unless Cloudflare asks the visitor to interact, then above the player. */
function widgetHost(doc: Document): HTMLElement {
  const host = doc.createElement('div');
  host.dataset.testid = 'turnstile-widget';
  Object.assign(host.style, { position: 'fixed', left: '50%', bottom: '1.5rem', transform: 'translateX(-50%)', zIndex: '2147483647' });
  doc.body.appendChild(host);
  return host;
}

/** `work`, or null as soon as the signal aborts (work goes on). */
function unlessAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T | null> {
  if (!signal) return work;
  return new Promise((resolve) => {
    const onAbort = () => resolve(null);
    signal.addEventListener('abort', onAbort, { once: true });
    void work.then((value) => {
      signal.removeEventListener('abort', onAbort);
      resolve(value);
    });
  });
}

export function createTurnstile(options: TurnstileOptions): TokenProvider {
  const doc = options.document ?? document;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? TURNSTILE_TIMEOUT_MS;
  const status = options.status ?? turnstileStatus;

  let kept: { token: string; at: number } | null = null;
  let script: Promise<TurnstileApi> | null = null;
  let widget: { api: TurnstileApi; id: string } | null = null;
  let running: Promise<Result<void, ScrapeError>> | null = null;
  // The widget's callbacks are bound once, at render: they answer whichever challenge is waiting.
  let answer: ((outcome: Outcome) => void) | null = null;
  let clock: { pause(): void; resume(): void } | null = null;

  const settle = (outcome: Outcome) => {
    const waiting = answer;
    answer = null;
    if (waiting) waiting(outcome);
    // A token that arrives after its challenge gave up is still good: kept for the next scrape.
    else if (outcome.ok) kept = { token: outcome.value, at: now() };
  };

  const take = (): string | null => {
    const token = kept && now() - kept.at < TOKEN_LIFETIME_MS - TOKEN_MARGIN_MS ? kept.token : null;
    kept = null;
    return token;
  };

  const params = (): TurnstileRenderParams => ({
    sitekey: options.siteKey,
    execution: 'execute',
    appearance: 'interaction-only',
    retry: 'never',
    'refresh-expired': 'never',
    callback: (token) => settle(ok(token)),
    'error-callback': (code) => {
      settle(failed(`the widget failed (error ${code})`));
      return true;
    },
    'expired-callback': () => {
      kept = null;
    },
    'timeout-callback': () => settle(failed('the interactive challenge timed out')),
    'before-interactive-callback': () => clock?.pause(),
    'after-interactive-callback': () => clock?.resume(),
    'unsupported-callback': () => settle(failed('this browser is not supported by Turnstile')),
  });

  async function challenge(): Promise<Result<void, ScrapeError>> {
    status.verifying = true;
    let over = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<Outcome>((resolve) => {
      const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(() => resolve(failed(`no token within ${timeoutMs} ms`)), timeoutMs);
      };
      clock = { pause: () => clearTimeout(timer), resume: arm };
      arm();
    });
    const obtain = async (): Promise<Outcome> => {
      let api: TurnstileApi;
      try {
        api = await (script ??= loadScript(doc, options.scriptUrl));
      } catch (error) {
        script = null;
        return failed(`the Turnstile script failed: ${message(error)}`);
      }
      if (over) return failed('gave up before the script loaded');
      return new Promise<Outcome>((resolve) => {
        answer = resolve;
        try {
          if (!widget || widget.api !== api) {
            const host = widgetHost(doc);
            let id: string | null | undefined;
            try {
              id = api.render(host, params());
            } finally {
              if (!id) host.remove();
            }
            if (!id) throw new Error('render gave no widget id');
            widget = { api, id };
          } else {
            // A widget gives one token per challenge: reset it for the next one.
            api.reset(widget.id);
          }
          api.execute(widget.id);
        } catch (error) {
          settle(failed(`the widget failed: ${message(error)}`));
        }
      });
    };
    try {
      const outcome = await Promise.race([obtain(), timedOut]);
      if (!outcome.ok) return outcome;
      kept = { token: outcome.value, at: now() };
      return ok(undefined);
    } catch (error) {
      return failed(message(error));
    } finally {
      over = true;
      answer = null;
      clock = null;
      clearTimeout(timer);
      status.verifying = false;
    }
  }

  return {
    async token(signal) {
      const cancelled = { ok: false as const, error: scrapeError('scrape/cancelled') };
      for (;;) {
        if (signal?.aborted) return cancelled;
        const fresh = take();
        if (fresh) return ok(fresh);
        running ??= challenge().finally(() => {
          running = null;
        });
        const outcome = await unlessAborted(running, signal);
        if (outcome === null) return cancelled;
        if (!outcome.ok) return outcome;
        // Another scrape waiting on the same challenge may have taken its token: then run one more.
      }
    },
  };
}

let page: { key: string; provider: TokenProvider } | null = null;

/** The page's token provider for this config (one script, one widget per page). */
export function pageTurnstile(config: { turnstileSiteKey: string; turnstileScriptUrl: string }): TokenProvider {
  const key = `${config.turnstileSiteKey}\n${config.turnstileScriptUrl}`;
  if (page?.key !== key)
    page = { key, provider: createTurnstile({ siteKey: config.turnstileSiteKey, scriptUrl: config.turnstileScriptUrl }) };
  return page.provider;
}
