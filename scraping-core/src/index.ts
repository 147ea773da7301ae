/** The scraping engine's public surface (worker, inline fallback, remote server, UI types). */
export { runAll, runSource, runEmbed, cancel, listProviders, type ScrapeHooks } from './scraper';
export { applyScrapeEvent, emptyProgress, type ScrapeProgress } from './progress';
export { SCRAPE_ERRORS, TURNSTILE_MESSAGE, scrapeError, type ScrapeError, type ScrapeErrorCode } from './errors';
export { createExtensionBridge, type RelayPort } from './extension-bridge';
export { directStream, guessDirectType } from './providers/direct-url';
export { parseProxyList } from './fetchers/proxy';
export { mediaFromQuery, mediaToQuery, optionsFromQuery } from './fetchers/remote';
export * from './types';
