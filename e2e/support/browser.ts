import fs from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/** Debian's Chromium when present (Playwright cannot download its own browser here); Playwright's own otherwise. */
export const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));

export function launchOptions(): LaunchOptions {
  return {
    executablePath: systemChromium,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--autoplay-policy=no-user-gesture-required',
    ],
  };
}
