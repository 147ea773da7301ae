/**
 * Public-domain films from an Internet Archive-style API: search by title and year
 * (`advancedsearch.php`), then the item's files (`/metadata/{identifier}`), MP4s by height.
 */
import { knownSource } from 'shared-contracts/sources';
import { ScrapeFailure, notFound } from '../errors';
import { getJson } from '../fetchers/common';
import type { QualityKey, SourceProvider, Stream } from '../types';

interface SearchAnswer {
  response?: { docs?: Array<{ identifier: string; title?: string | string[]; year?: string | number }> };
}

interface MetadataAnswer {
  metadata?: { identifier?: string; title?: string };
  files?: Array<{ name: string; format?: string; height?: string | number; source?: string }>;
}

const normalise = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/^(the|a|an) /, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

function qualityOf(height: number): QualityKey {
  if (height >= 2000) return '4k';
  if (height >= 1000) return '1080';
  if (height >= 700) return '720';
  if (height >= 470) return '480';
  if (height >= 300) return '360';
  return 'unknown';
}

export const archiveSource: SourceProvider = {
  kind: 'source',
  ...knownSource('archive'),
  mediaTypes: ['movie'],
  isConfigured: (settings) => Boolean(settings.archiveUrl),
  async scrape({ media, settings, fetcher, progress }) {
    const base = (settings.archiveUrl ?? '').replace(/\/+$/, '');
    const title = media.title.replace(/["\\]/g, ' ');
    // fl[] repeats, so the query is built here rather than through FetchRequest.query.
    const params = new URLSearchParams({ q: `title:("${title}") AND mediatype:(movies)` });
    for (const field of ['identifier', 'title', 'year']) params.append('fl[]', field);
    params.set('rows', '50');
    params.set('output', 'json');
    const search = await getJson<SearchAnswer>(fetcher, { url: `${base}/advancedsearch.php?${params.toString()}` });
    const wanted = normalise(media.title);
    const doc = (search.response?.docs ?? []).find((d) => {
      const docTitle = Array.isArray(d.title) ? (d.title[0] ?? '') : (d.title ?? '');
      const year = Number(d.year);
      return normalise(docTitle) === wanted && (!media.releaseYear || !year || Math.abs(year - media.releaseYear) <= 1);
    });
    if (!doc) throw notFound('no public-domain copy with this title and year');
    progress(50);
    const meta = await getJson<MetadataAnswer>(fetcher, { url: `${base}/metadata/${encodeURIComponent(doc.identifier)}` });
    const qualities: Extract<Stream, { type: 'file' }>['qualities'] = {};
    for (const file of meta.files ?? []) {
      if (!/\.mp4$/i.test(file.name)) continue;
      const key = qualityOf(Number(file.height) || 0);
      qualities[key] ??= {
        type: 'mp4',
        url: `${base}/download/${encodeURIComponent(doc.identifier)}/${file.name.split('/').map(encodeURIComponent).join('/')}`,
      };
    }
    if (Object.keys(qualities).length === 0) throw new ScrapeFailure('scrape/no-stream', 'the item has no MP4 file');
    return { stream: [{ id: `archive-${doc.identifier}`, type: 'file', qualities, flags: ['cors-allowed'], captions: [] }], embeds: [] };
  },
};
