import { describe, expect, it } from 'vitest';
import { isIos, isIosWebApp } from './ios-web-app';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';

describe('the iOS web app check', () => {
  it('knows iPhones, and iPads that announce themselves as a Mac with a touch screen', () => {
    expect(isIos({ userAgent: IPHONE })).toBe(true);
    expect(isIos({ userAgent: IPAD_AS_MAC, platform: 'MacIntel', maxTouchPoints: 5 })).toBe(true);
    expect(isIos({ userAgent: IPAD_AS_MAC, platform: 'MacIntel', maxTouchPoints: 0 })).toBe(false); // a Mac
    expect(isIos({ userAgent: ANDROID, platform: 'Linux armv8l', maxTouchPoints: 5 })).toBe(false);
  });

  it('is the installed web app only when started from the home screen', () => {
    expect(isIosWebApp({ userAgent: IPHONE, standalone: true })).toBe(true);
    expect(isIosWebApp({ userAgent: IPHONE, displayModeStandalone: true })).toBe(true);
    expect(isIosWebApp({ userAgent: IPHONE, standalone: false, displayModeStandalone: false })).toBe(false); // Safari
    expect(isIosWebApp({ userAgent: ANDROID, displayModeStandalone: true })).toBe(false); // an installed app elsewhere
  });
});
