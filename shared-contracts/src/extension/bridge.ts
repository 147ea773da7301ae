/**
 * The main thread's link to the browser extension: messages relayed by the extension's content script
 * over window.postMessage (the Plasmo relay protocol the movie-web extension speaks): the page posts
 * `{name, body, instanceId, relayId}`; the content script answers with the same name and instanceId,
 * `relayed: true`, and the answer in `body`. Hello times out after 500 ms, and the first
 * message waits until 500 ms after start so the content script has loaded (docs/behaviour.md#scraping-extension).
 */
import type { ExtensionBridge, ExtensionHello, ExtensionMakeRequestResponse } from './types';

/** What the bridge needs of `window` (injected so a test can give it a fake page). */
export interface RelayPort {
  postMessage(message: unknown, targetOrigin: string): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  removeEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

export interface ExtensionBridgeOptions {
  port: RelayPort;
  /** Default 500 ms. */
  helloTimeoutMs?: number;
  /** Default 500 ms, counted from the bridge's creation. */
  initialDelayMs?: number;
  /** Timeout of the other messages; none by default (a request may take long). */
  requestTimeoutMs?: number;
  relayId?: string;
}

interface RelayMessage {
  name?: unknown;
  instanceId?: unknown;
  relayed?: unknown;
  body?: unknown;
}

let counter = 0;

export function createExtensionBridge(options: ExtensionBridgeOptions): ExtensionBridge {
  const { port } = options;
  const helloTimeout = options.helloTimeoutMs ?? 500;
  const ready = new Promise<void>((resolve) => setTimeout(resolve, options.initialDelayMs ?? 500));

  async function send<T>(name: string, body: unknown, timeoutMs?: number): Promise<T | null> {
    await ready;
    counter += 1;
    const instanceId = `mw-${Date.now().toString(36)}-${counter}`;
    return new Promise<T | null>((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const listener = (event: { data: unknown }) => {
        const data = event.data as RelayMessage | null;
        if (!data || typeof data !== 'object' || data.relayed !== true || data.instanceId !== instanceId) return;
        finish((data.body ?? null) as T | null);
      };
      const finish = (value: T | null) => {
        if (timer) clearTimeout(timer);
        port.removeEventListener('message', listener);
        resolve(value);
      };
      port.addEventListener('message', listener);
      if (timeoutMs !== undefined) timer = setTimeout(() => finish(null), timeoutMs);
      port.postMessage({ name, body, instanceId, ...(options.relayId ? { relayId: options.relayId } : {}) }, '/');
    });
  }

  return {
    hello: () => send<ExtensionHello>('hello', null, helloTimeout),
    makeRequest: (request) => send<ExtensionMakeRequestResponse>('makeRequest', request, options.requestTimeoutMs),
    prepareStream: (request) => send<{ success: boolean }>('prepareStream', request, options.requestTimeoutMs),
    openPage: (request) => send<{ success: boolean }>('openPage', request, options.requestTimeoutMs),
  };
}
