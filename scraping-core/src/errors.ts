/**
 * The scraping error taxonomy (docs/behaviour.md#scraping-errors): codes plus their English product copy. Providers throw
 * ScrapeFailure inside the engine; everything that leaves the engine is the plain AppError data.
 */
import type { AppError } from './result';

/** The Turnstile failure text, product copy (key player.turnstile.error; docs/behaviour.md#scraping-captcha). */
export const TURNSTILE_MESSAGE =
  'Failed to verify your humanity - stream failed to load. Clear your cache and try again, or switch to a different source';

export const SCRAPE_ERRORS = {
  'scrape/no-embeds': 'no embeds',
  'scrape/no-stream': 'no stream',
  'scrape/failed': 'failed to scrape',
  'scrape/not-found': 'not found',
  'scrape/extension-disabled': 'extension disabled',
  'scrape/turnstile': TURNSTILE_MESSAGE,
  'scrape/invalid-source-id': 'invalid source id',
  'scrape/invalid-type': 'Invalid type',
  'scrape/timeout': 'failed to scrape',
  'scrape/cancelled': 'cancelled',
  'scrape/invalid-stream': 'no stream',
  'scrape/needs-proxy': 'failed to scrape',
  'scrape/remote-server': 'failed to scrape',
  'scrape/takedown': 'media removed due to takedown',
} as const;

export type ScrapeErrorCode = keyof typeof SCRAPE_ERRORS;

/** An error with its product-copy message and an optional technical detail (kept apart from the user-facing message). */
export interface ScrapeError extends AppError {
  code: ScrapeErrorCode;
  /** What went wrong, for "show details" and the report; not translated. */
  detail?: string;
}

/** The key of an error's message in the player's translations: scraping.errors.<code>, but Turnstile's is player.turnstile.error. */
export function scrapeErrorKey(code: string): string {
  return code === 'scrape/turnstile' ? 'turnstile.error' : `scraping.errors.${code.replace('scrape/', '')}`;
}

export function scrapeError(code: ScrapeErrorCode, detail?: string): ScrapeError {
  return detail === undefined ? { code, message: SCRAPE_ERRORS[code] } : { code, message: SCRAPE_ERRORS[code], detail };
}

/** Thrown by providers and fetch helpers inside the engine; never crosses a boundary. */
export class ScrapeFailure extends Error {
  constructor(
    readonly code: ScrapeErrorCode,
    detail?: string,
  ) {
    super(detail ?? SCRAPE_ERRORS[code]);
    this.name = 'ScrapeFailure';
  }
}

/** A not-found outcome ("this provider does not have this title"), as opposed to a failure. */
export const notFound = (detail?: string): ScrapeFailure => new ScrapeFailure('scrape/not-found', detail);

/** Any thrown value as data. */
export function toScrapeError(error: unknown): ScrapeError {
  if (error instanceof ScrapeFailure) return scrapeError(error.code, error.message);
  if (error instanceof Error && error.name === 'AbortError') return scrapeError('scrape/cancelled', error.message);
  return scrapeError('scrape/failed', error instanceof Error ? error.message : String(error));
}
