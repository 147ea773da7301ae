/**
 * Scrape outcomes go to a report endpoint (spec §3 "Scrape report", §4: success, notfound, failed;
 * pending and waiting are never reported). One POST per run, `{items: ScrapeReportItem[]}`; a failed
 * report is dropped (it must never affect playback).
 */
import type { ScrapeError } from './errors';
import type { Fetcher, ScrapeMedia, ScrapeReportItem } from './types';

export function reportItem(media: ScrapeMedia, providerId: string, embedId: string | null, status: ScrapeReportItem['status'], error?: ScrapeError): ScrapeReportItem {
  return {
    tmdbId: media.tmdbId,
    type: media.type,
    title: media.title,
    ...(media.type === 'show' ? { seasonId: media.season.tmdbId, episodeId: media.episode.tmdbId } : {}),
    providerId,
    embedId,
    status,
    errorMessage: error ? error.message : null,
    fullError: error ? `${error.code}: ${error.detail ?? error.message}` : null,
  };
}

export async function sendReport(url: string, items: ScrapeReportItem[], fetcher: Fetcher): Promise<void> {
  if (items.length === 0) return;
  try {
    await fetcher({ url, method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ items }) });
  } catch (error) {
    // Reporting is best effort: a dead metrics endpoint must not show up to the viewer.
    console.warn('[scraping] report failed:', error instanceof Error ? error.message : error);
  }
}
