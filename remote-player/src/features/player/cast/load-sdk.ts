/**
 * Loads the Google Cast sender (its sender script, from Google's host) once per page.
 * The script calls window.__onGCastApiAvailable(isAvailable) when it has set up cast.framework and
 * chrome.cast; it says false where there is no Cast support (browsers other than Chrome).
 */
import type { CastFrameworkNamespace, CastSdk, ChromeCastNamespace } from '../../../core/cast/sdk';

export const CAST_SENDER_URL = 'https://www.gstatic.com/cv/js/sender/v1/cast_sender.js?loadCastFramework=1';
/** A script that loads but never says whether the API is there counts as a failure after this. */
const CALLBACK_TIMEOUT_MS = 20_000;

interface CastWindow {
  __onGCastApiAvailable?: (isAvailable: boolean, reason?: string) => void;
  cast?: { framework?: CastFrameworkNamespace };
  chrome?: { cast?: ChromeCastNamespace & { media?: unknown } };
}

let loading: Promise<CastSdk> | null = null;

function sdkOnWindow(w: CastWindow): CastSdk | null {
  const framework = w.cast?.framework;
  const chromeCast = w.chrome?.cast;
  return framework && chromeCast?.media ? { framework, chromeCast } : null;
}

/** The Cast SDK; rejects when the script fails to load or says the API is not available here. */
export function loadCastSdk(): Promise<CastSdk> {
  if (loading) return loading;
  loading = new Promise<CastSdk>((resolve, reject) => {
    const w = window as unknown as CastWindow;
    const ready = sdkOnWindow(w);
    if (ready) return resolve(ready);
    const timer = setTimeout(() => reject(new Error('the Cast sender script did not report the API')), CALLBACK_TIMEOUT_MS);
    w.__onGCastApiAvailable = (isAvailable, reason) => {
      clearTimeout(timer);
      const sdk = isAvailable ? sdkOnWindow(w) : null;
      if (sdk) resolve(sdk);
      else reject(new Error(`Cast API not available${reason ? `: ${reason}` : ''}`));
    };
    const script = document.createElement('script');
    script.src = CAST_SENDER_URL;
    script.async = true;
    script.onerror = () => {
      clearTimeout(timer);
      reject(new Error(`the Cast sender script did not load (${CAST_SENDER_URL})`));
    };
    document.head.appendChild(script);
  });
  return loading;
}
