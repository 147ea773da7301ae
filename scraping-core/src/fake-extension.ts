/**
 * A stand-in for the movie-web browser extension's content script and background, speaking the same
 * relay messages (`hello`, `makeRequest`, `prepareStream`, `openPage`) on a window. For tests: unit
 * tests give it a fake window; browser journeys can install it in the page (e.g. `addInitScript`).
 */
import type {
  ExtensionHello,
  ExtensionMakeRequest,
  ExtensionMakeRequestResponse,
  ExtensionOpenPage,
  ExtensionPrepareStream,
} from './types';

/** What the fake needs of `window`. */
export interface FakeExtensionWindow {
  postMessage(message: unknown, targetOrigin: string): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  removeEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

export interface FakeExtensionOptions {
  version?: string;
  allowed?: boolean;
  hasPermission?: boolean;
  /** Performs makeRequest (the real extension fetches from its background, free of CORS). */
  fetchImpl?: typeof fetch;
  /** Answers nothing at all (an extension that is installed but broken). */
  silent?: boolean;
}

export interface FakeExtension {
  /** Every message received, in order. */
  received: Array<{ name: string; body: unknown }>;
  /** Rules installed by prepareStream. */
  rules: ExtensionPrepareStream[];
  openedPages: ExtensionOpenPage[];
  uninstall(): void;
}

export function installFakeExtension(win: FakeExtensionWindow, options: FakeExtensionOptions = {}): FakeExtension {
  const state: FakeExtension = { received: [], rules: [], openedPages: [], uninstall: () => win.removeEventListener('message', listener) };
  const fetchImpl = options.fetchImpl ?? ((input, init) => fetch(input, init));

  async function background(name: string, body: unknown): Promise<unknown> {
    switch (name) {
      case 'hello':
        return {
          success: true,
          version: options.version ?? '1.0.2',
          allowed: options.allowed ?? true,
          hasPermission: options.hasPermission ?? true,
        } satisfies ExtensionHello;
      case 'makeRequest': {
        const request = body as ExtensionMakeRequest;
        try {
          const response = await fetchImpl(request.url, { method: request.method, headers: request.headers, body: request.body });
          const headers: Record<string, string> = {};
          response.headers.forEach((value, key) => {
            headers[key] = value;
          });
          const text = await response.text();
          const parsed = (response.headers.get('content-type') ?? '').includes('json') ? (JSON.parse(text) as unknown) : text;
          return {
            success: true,
            response: { statusCode: response.status, headers, finalUrl: response.url || request.url, body: parsed },
          } satisfies ExtensionMakeRequestResponse;
        } catch (error) {
          return { success: false, error: error instanceof Error ? error.message : String(error) } satisfies ExtensionMakeRequestResponse;
        }
      }
      case 'prepareStream':
        state.rules.push(body as ExtensionPrepareStream);
        return { success: true };
      case 'openPage':
        state.openedPages.push(body as ExtensionOpenPage);
        return { success: true };
      default:
        return { success: false, error: `unknown message ${name}` };
    }
  }

  // The content script: answers un-relayed page messages with the same name and instanceId, relayed.
  function listener(event: { data: unknown }) {
    const data = event.data as { name?: unknown; body?: unknown; instanceId?: unknown; relayed?: unknown } | null;
    if (!data || typeof data !== 'object' || data.relayed || typeof data.name !== 'string') return;
    const name = data.name;
    state.received.push({ name, body: data.body });
    if (options.silent) return;
    void background(name, data.body).then((answer) =>
      win.postMessage({ name, instanceId: data.instanceId, body: answer, relayed: true }, '/'),
    );
  }
  win.addEventListener('message', listener);
  return state;
}

/** A window-like message bus for Node tests (postMessage delivers asynchronously, as a browser does). */
export function createFakeWindow(): FakeExtensionWindow & { posted: unknown[] } {
  const listeners = new Set<(event: { data: unknown }) => void>();
  const posted: unknown[] = [];
  return {
    posted,
    postMessage(message) {
      posted.push(message);
      setTimeout(() => [...listeners].forEach((l) => l({ data: message })), 0);
    },
    addEventListener: (_type, l) => listeners.add(l),
    removeEventListener: (_type, l) => listeners.delete(l),
  };
}
