/**
 * docs/behaviour.md#player-ios-home-screen-app: in the web app installed on an iOS home screen, Safari gives a page neither
 * Picture-in-Picture nor fullscreen of a video; pressing either says so instead of failing silently.
 */
export interface WebAppEnvironment {
  userAgent: string;
  platform?: string;
  maxTouchPoints?: number;
  /** Safari's own flag: true when started from the home screen. */
  standalone?: boolean;
  /** matchMedia('(display-mode: standalone)').matches */
  displayModeStandalone?: boolean;
}

/** iPhone, iPod, iPad (iPadOS announces itself as a Mac with a touch screen). */
export function isIos(env: Pick<WebAppEnvironment, 'userAgent' | 'platform' | 'maxTouchPoints'>): boolean {
  if (/\b(iPhone|iPad|iPod)\b/.test(env.userAgent)) return true;
  return env.platform === 'MacIntel' && (env.maxTouchPoints ?? 0) > 1;
}

/** True in the installed web app on iOS, where Picture-in-Picture and fullscreen are not available. */
export function isIosWebApp(env: WebAppEnvironment): boolean {
  return isIos(env) && (env.standalone === true || env.displayModeStandalone === true);
}

/** This browser's environment. */
export function currentWebAppEnvironment(): WebAppEnvironment {
  const nav = navigator as Navigator & { standalone?: boolean };
  return {
    userAgent: nav.userAgent,
    platform: nav.platform,
    maxTouchPoints: nav.maxTouchPoints,
    ...(nav.standalone !== undefined ? { standalone: nav.standalone } : {}),
    displayModeStandalone: typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches,
  };
}
