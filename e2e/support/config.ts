/** The site's runtime configuration as a test wants it: config.json with some fields changed. */
import type { Page } from '@playwright/test';

/** Serves the site's own config.json with `patch` laid over it, for every page load of `page`. */
export async function withConfig(page: Page, patch: Record<string, unknown>): Promise<void> {
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...((await response.json()) as Record<string, unknown>), ...patch } });
  });
}
