// @vitest-environment jsdom
/**
 * Loading Google's Cast sender script: its one script element at the gstatic address, the SDK once the
 * script reports the API, and a failure when the script does not load or reports no Cast API (as it does
 * in browsers without Cast support).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type CastWindow = Window & {
  __onGCastApiAvailable?: (isAvailable: boolean, reason?: string) => void;
  cast?: unknown;
  chrome?: unknown;
};
const w = window as CastWindow;

/** A fresh module: the SDK is loaded once per page. */
const freshLoader = async () => (await import('./load-sdk')).loadCastSdk;
const senderScripts = () => [...document.querySelectorAll('script')].filter((s) => s.src.startsWith('https://www.gstatic.com/'));

beforeEach(() => vi.resetModules());
afterEach(() => {
  senderScripts().forEach((s) => s.remove());
  delete w.__onGCastApiAvailable;
  delete w.cast;
  delete w.chrome;
});

describe('the Cast sender script', () => {
  it('is added once, at its gstatic address; the SDK comes when the script reports the API', async () => {
    const loadCastSdk = await freshLoader();
    const sdk = loadCastSdk();
    expect(loadCastSdk()).toBe(sdk);
    expect(senderScripts().map((s) => s.src)).toEqual(['https://www.gstatic.com/cv/js/sender/v1/cast_sender.js?loadCastFramework=1']);
    const framework = { CastContext: {} };
    const chromeCast = { media: {} };
    Object.assign(w, { cast: { framework }, chrome: { cast: chromeCast } });
    w.__onGCastApiAvailable!(true);
    await expect(sdk).resolves.toEqual({ framework, chromeCast });
  });

  it('that reports no Cast API is a failure, with its reason', async () => {
    const sdk = (await freshLoader())();
    w.__onGCastApiAvailable!(false, 'no Cast support');
    await expect(sdk).rejects.toThrow('Cast API not available: no Cast support');
  });

  it('that does not load is a failure', async () => {
    const sdk = (await freshLoader())();
    senderScripts()[0]!.dispatchEvent(new Event('error'));
    await expect(sdk).rejects.toThrow('the Cast sender script did not load');
  });
});
