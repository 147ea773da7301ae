/**
 * Scrape outcomes go to a report endpoint (docs/behaviour.md#scraping-reports: success, notfound, failed;
 * pending and waiting are never reported). One POST per run, `{items: ScrapeReportItem[]}`; a failed
 * report is dropped (it must never affect playback).
 */
import type { ScrapeError } from './errors';
import type { Fetcher, ScrapeEvent, ScrapeMedia, ScrapeReportItem } from './types';

export function reportItem(
  media: ScrapeMedia,
  providerId: string,
  embedId: string | null,
  status: ScrapeReportItem['status'],
  error?: ScrapeError,
): ScrapeReportItem {
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

/**
 * The report items of a run rebuilt from its events (runs on a remote server report here from the
 * client, as the engine does for local runs): one per finished embed, and one per source without embeds.
 */
export function reportItemsFromEvents(media: ScrapeMedia, events: readonly ScrapeEvent[]): ScrapeReportItem[] {
  const embedOf = new Map<string, { sourceId: string; embedId: string }>();
  const withEmbeds = new Set<string>();
  const items: ScrapeReportItem[] = [];
  for (const event of events) {
    if (event.type === 'embeds') {
      withEmbeds.add(event.sourceId);
      for (const e of event.embeds) embedOf.set(e.id, { sourceId: event.sourceId, embedId: e.embedId });
    }
    if (event.type !== 'update' || event.status === 'pending' || event.status === 'waiting') continue;
    if (event.error?.code === 'scrape/cancelled') continue;
    const status = event.status === 'success' ? 'success' : event.status === 'notfound' ? 'notfound' : 'failed';
    const error = event.error ? { ...event.error, code: event.error.code as ScrapeError['code'] } : undefined;
    const embed = embedOf.get(event.id);
    if (embed) items.push(reportItem(media, embed.sourceId, embed.embedId, status, error));
    else if (!withEmbeds.has(event.id)) items.push(reportItem(media, event.id, null, status, error));
  }
  return items;
}
