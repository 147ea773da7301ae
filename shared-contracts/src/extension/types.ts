/**
 * The browser extension's message protocol (hello, makeRequest, prepareStream, openPage;
 * docs/behaviour.md#scraping-extension). Plain data: it crosses window.postMessage and, in the player, comlink.
 */

/** The answer to hello: which version is installed and whether it may act on this site. */
export interface ExtensionHello {
  success: boolean;
  /** Semver of the installed extension; it must satisfy ^1.0.2. */
  version: string;
  /** The user has allowed the extension on this site. */
  allowed: boolean;
  /** The extension holds the browser permission it needs for this site. */
  hasPermission: boolean;
}

export interface ExtensionMakeRequest {
  url: string;
  method: string;
  headers?: Record<string, string>;
  body?: string;
  bodyType?: 'string';
}

export type ExtensionMakeRequestResponse =
  | { success: true; response: { statusCode: number; headers: Record<string, string>; finalUrl: string; body: unknown } }
  | { success: false; error: string };

export interface ExtensionPrepareStream {
  ruleId: number;
  targetDomains: string[];
  requestHeaders?: Record<string, string>;
  responseHeaders?: Record<string, string>;
}

/** Asks the extension to open one of its own pages (e.g. 'PermissionGrant'), then come back to `redirectUrl`. */
export interface ExtensionOpenPage {
  page: string;
  redirectUrl: string;
}

/**
 * The browser extension as the engine sees it. In the browser it lives on the main thread (it talks to
 * the page's content script); the worker reaches it through a comlink proxy. Each call resolves to null
 * when the extension did not answer in time.
 */
export interface ExtensionBridge {
  hello(): Promise<ExtensionHello | null>;
  makeRequest(request: ExtensionMakeRequest): Promise<ExtensionMakeRequestResponse | null>;
  prepareStream(request: ExtensionPrepareStream): Promise<{ success: boolean } | null>;
  openPage(request: ExtensionOpenPage): Promise<{ success: boolean } | null>;
}
