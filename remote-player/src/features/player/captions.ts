/**
 * Caption files: fetched directly or through the proxy (needsProxy), HLS WebVTT renditions segment by
 * segment, parsed in the worker, cached for 24 h (spec §7, §9). Failures come back as data.
 */
import type { CaptionsFileFormat } from 'media-captions';
import { captionFormatOf, type CaptionCue } from '../../core/captions/parse-captions';
import type { Result } from '../../core/result';
import { parseProxyList } from '../../core/scraping/fetchers/proxy';
import { getPlayerWorker } from '../../worker/player.client';
import type { CaptionOption } from './player.store';

const DAY_MS = 24 * 60 * 60 * 1000;
const cache = new Map<string, { at: number; cues: CaptionCue[] }>();

const FAILED = 'failed to get caption data';

function proxied(url: string, proxyUrls: string[]): string {
  const proxy = parseProxyList(proxyUrls).find((p) => p.type === 'proxy');
  return proxy ? `${proxy.url.replace(/\/$/, '')}/?destination=${encodeURIComponent(url)}` : url;
}

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.text();
}

async function parse(text: string, format?: CaptionsFileFormat): Promise<Result<CaptionCue[]>> {
  const worker = await getPlayerWorker();
  return worker.parseCaptions(text, format);
}

/** The WebVTT text of an HLS subtitle rendition: its segments, each parsed on its own. */
async function hlsCues(playlistUrl: string): Promise<Result<CaptionCue[]>> {
  const playlist = await fetchText(playlistUrl);
  const segments = playlist
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => new URL(l, playlistUrl).toString());
  const cues: CaptionCue[] = [];
  for (const segment of segments) {
    const parsed = await parse(await fetchText(segment), 'vtt');
    if (parsed.ok) cues.push(...parsed.value);
  }
  if (!cues.length) return { ok: false, error: { code: 'captions/invalid', message: 'Invalid subtitle format' } };
  return { ok: true, value: cues };
}

export async function loadCaption(option: CaptionOption, proxyUrls: string[]): Promise<Result<CaptionCue[]>> {
  const key = option.url ?? option.caption?.url ?? option.id;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < DAY_MS) return { ok: true, value: hit.cues };
  let result: Result<CaptionCue[]>;
  try {
    if (option.kind === 'hls' && option.url) result = await hlsCues(option.url);
    else if (option.caption) {
      const url = option.caption.needsProxy ? proxied(option.caption.url, proxyUrls) : option.caption.url;
      result = await parse(await fetchText(url), option.caption.type);
    } else result = { ok: false, error: { code: 'captions/fetch', message: FAILED } };
  } catch {
    // Network or HTTP failure: the spec's message, shown in the menu.
    result = { ok: false, error: { code: 'captions/fetch', message: FAILED } };
  }
  if (result.ok) cache.set(key, { at: Date.now(), cues: result.value });
  return result;
}

/** A user's file (upload or drop): only supported extensions; others are ignored (null). */
export async function parseCaptionFile(file: File): Promise<Result<CaptionCue[]> | null> {
  const format = captionFormatOf(file.name);
  if (!format) return null;
  return parse(await file.text(), format);
}
