/**
 * OpenSubtitles REST API client (api.opensubtitles.com/api/v1): external captions for what
 * plays. `GET /subtitles` finds a title's subtitles (by TMDB or IMDb id; an episode by its show's ids
 * with season and episode numbers); `POST /download {file_id}` gives a temporary link to one file,
 * which the caption loader then fetches and parses like any caption file (direct, cached 24 h).
 *
 * Every request carries `Api-Key` and `User-Agent` (browsers may keep their own User-Agent; the key is
 * what the API checks). Queries are sent in the API's canonical form: parameters sorted by name,
 * values lowercased, IMDb ids without `tt` and leading zeros (anything else is answered with a redirect).
 * Answers are validated; every failure is data (a Result), never a throw.
 */
import { fail, ok, type Result } from '../result';

/** Sent as User-Agent: the API asks consumers to name their app and its version. */
export const OPENSUBTITLES_USER_AGENT = 'movie-web v4.9';
/** No answer in this long: the service counts as down. */
export const OPENSUBTITLES_TIMEOUT_MS = 10_000;

/** Error codes (the menu shows a translated text per code; the message is the English fallback). */
export const OS_ERRORS = {
  unavailable: 'opensubtitles/unavailable',
  unauthorized: 'opensubtitles/unauthorized',
  invalid: 'opensubtitles/invalid',
  quota: 'opensubtitles/quota',
  notFound: 'opensubtitles/not-found',
} as const;
export type OpenSubtitlesErrorCode = (typeof OS_ERRORS)[keyof typeof OS_ERRORS];

export interface OpenSubtitlesConfig {
  /** API base, e.g. https://api.opensubtitles.com/api/v1 */
  baseUrl: string;
  apiKey: string;
  /** The page's fetch by default. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** What is playing: a movie (`tmdbId`/`imdbId` are its own) or an episode (the show's ids plus numbers). */
export type OpenSubtitlesQuery =
  | { type: 'movie'; tmdbId?: string | number; imdbId?: string; languages?: readonly string[] }
  | { type: 'episode'; tmdbId?: string | number; imdbId?: string; season: number; episode: number; languages?: readonly string[] };

/** One downloadable subtitle file found on OpenSubtitles. */
export interface OpenSubtitlesFile {
  subtitleId: string;
  fileId: number;
  fileName: string;
  /** As the API writes it (ISO 639-1, sometimes with a region: en, pt-BR, zh-CN). */
  language: string;
  hearingImpaired: boolean;
  downloadCount: number;
  ratings: number;
  /** The release it was timed for (shown to tell several files of one language apart). */
  release: string;
}

export interface OpenSubtitlesDownload {
  link: string;
  fileName: string;
  /** Downloads left today (the API's `remaining`). */
  remaining: number;
}

/** The IMDb id as the API wants it: digits without `tt` and leading zeros; null when it is not one. */
export function imdbIdParam(imdbId: string | undefined): string | null {
  const match = /^(?:tt)?0*(\d+)$/i.exec((imdbId ?? '').trim());
  return match ? match[1]! : null;
}

const idParam = (value: string | number | undefined): string | null => {
  const text = String(value ?? '').trim();
  return /^\d+$/.test(text) ? String(Number(text)) : null;
};

/** `GET /subtitles` URL for a query, canonical (sorted parameters, lowercase values); null without any usable id. */
export function buildSearchUrl(baseUrl: string, query: OpenSubtitlesQuery): string | null {
  const params: Array<[string, string]> = [];
  const tmdb = idParam(query.tmdbId);
  const imdb = imdbIdParam(query.imdbId);
  if (!tmdb && !imdb) return null;
  // A TMDB id is the more exact match; the IMDb id only when there is no TMDB id.
  if (query.type === 'movie') {
    params.push(tmdb ? ['tmdb_id', tmdb] : ['imdb_id', imdb!]);
    params.push(['type', 'movie']);
  } else {
    params.push(tmdb ? ['parent_tmdb_id', tmdb] : ['parent_imdb_id', imdb!]);
    params.push(['season_number', String(query.season)], ['episode_number', String(query.episode)], ['type', 'episode']);
  }
  const languages = [
    ...new Set((query.languages ?? []).map((l) => l.trim().toLowerCase()).filter((l) => /^[a-z]{2,3}(-[a-z0-9]{2,4})?$/.test(l))),
  ].sort();
  if (languages.length) params.push(['languages', languages.join(',')]);
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${baseUrl.replace(/\/+$/, '')}/subtitles?${new URLSearchParams(params).toString()}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The files of a search answer. Null when the answer is not the API's (`data` not a list of
 * subtitles); single entries that miss what a caption needs (a language, exactly one file with a
 * numeric id and a name) are left out, as are duplicates of one file.
 */
export function readSearchResponse(body: unknown): OpenSubtitlesFile[] | null {
  if (!isRecord(body) || !Array.isArray(body.data)) return null;
  const files: OpenSubtitlesFile[] = [];
  const seen = new Set<number>();
  for (const item of body.data) {
    if (!isRecord(item) || !isRecord(item.attributes)) continue;
    if (item.type !== undefined && item.type !== 'subtitle') continue;
    const a = item.attributes;
    const language = typeof a.language === 'string' ? a.language.trim() : '';
    if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,4})?$/.test(language)) continue;
    // A subtitle split over several CDs does not fit one video file: only single-file subtitles.
    if (!Array.isArray(a.files) || a.files.length !== 1) continue;
    const file: unknown = a.files[0];
    if (!isRecord(file) || typeof file.file_id !== 'number' || !Number.isInteger(file.file_id) || typeof file.file_name !== 'string')
      continue;
    if (seen.has(file.file_id)) continue;
    seen.add(file.file_id);
    const id = typeof item.id === 'string' || typeof item.id === 'number' ? String(item.id) : String(file.file_id);
    files.push({
      subtitleId: id,
      fileId: file.file_id,
      fileName: file.file_name,
      language,
      hearingImpaired: a.hearing_impaired === true,
      downloadCount: typeof a.download_count === 'number' ? a.download_count : 0,
      ratings: typeof a.ratings === 'number' ? a.ratings : 0,
      release: typeof a.release === 'string' ? a.release : file.file_name,
    });
  }
  return files;
}

/** A download answer's link, or null when the answer is not the API's. */
export function readDownloadResponse(body: unknown): OpenSubtitlesDownload | null {
  if (!isRecord(body) || typeof body.link !== 'string') return null;
  let link: URL;
  try {
    link = new URL(body.link);
  } catch {
    return null;
  }
  if (link.protocol !== 'https:' && link.protocol !== 'http:') return null;
  return {
    link: link.href,
    fileName: typeof body.file_name === 'string' ? body.file_name : '',
    remaining: typeof body.remaining === 'number' ? body.remaining : 0,
  };
}

type Answer = { ok: true; status: number; body: unknown } | { ok: false; error: Result<never> };

async function request(config: OpenSubtitlesConfig, url: string, init: RequestInit, signal?: AbortSignal): Promise<Answer> {
  const doFetch = config.fetch ?? globalThis.fetch.bind(globalThis);
  const controller = new AbortController();
  const abort = () => controller.abort();
  signal?.addEventListener('abort', abort);
  const timer = setTimeout(abort, config.timeoutMs ?? OPENSUBTITLES_TIMEOUT_MS);
  try {
    const response = await doFetch(url, {
      ...init,
      signal: controller.signal,
      headers: {
        ...(init.headers as Record<string, string>),
        Accept: 'application/json',
        'Api-Key': config.apiKey,
        'User-Agent': OPENSUBTITLES_USER_AGENT,
      },
    });
    if (response.status === 401 || response.status === 403)
      return { ok: false, error: fail(OS_ERRORS.unauthorized, 'OpenSubtitles refused the API key') };
    if (response.status === 406) return { ok: false, error: fail(OS_ERRORS.quota, 'OpenSubtitles download limit reached') };
    if (response.status === 404) return { ok: false, error: fail(OS_ERRORS.notFound, 'OpenSubtitles does not have this file') };
    if (response.status === 429 || response.status >= 500)
      return { ok: false, error: fail(OS_ERRORS.unavailable, 'OpenSubtitles is unavailable') };
    if (response.status < 200 || response.status >= 300)
      return { ok: false, error: fail(OS_ERRORS.invalid, `OpenSubtitles answered HTTP ${response.status}`) };
    const text = await response.text();
    try {
      return { ok: true, status: response.status, body: JSON.parse(text) as unknown };
    } catch {
      return { ok: false, error: fail(OS_ERRORS.invalid, 'OpenSubtitles answered something that is not JSON') };
    }
  } catch {
    // Network failure, CORS refusal, timeout (or the caller gave up).
    return { ok: false, error: fail(OS_ERRORS.unavailable, 'OpenSubtitles is unavailable') };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}

/** The subtitle files OpenSubtitles has for a title (first page, most downloaded first). */
export async function searchOpenSubtitles(
  config: OpenSubtitlesConfig,
  query: OpenSubtitlesQuery,
  signal?: AbortSignal,
): Promise<Result<OpenSubtitlesFile[]>> {
  const url = buildSearchUrl(config.baseUrl, query);
  if (!url) return ok([]);
  const answer = await request(config, url, { method: 'GET' }, signal);
  if (!answer.ok) return answer.error;
  const files = readSearchResponse(answer.body);
  return files ? ok(files) : fail(OS_ERRORS.invalid, 'OpenSubtitles answered something that is not a subtitle list');
}

/** A temporary link to one file (counts against the key's daily downloads). */
export async function requestOpenSubtitlesDownload(
  config: OpenSubtitlesConfig,
  fileId: number,
  signal?: AbortSignal,
): Promise<Result<OpenSubtitlesDownload>> {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/download`;
  const answer = await request(
    config,
    url,
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ file_id: fileId }) },
    signal,
  );
  if (!answer.ok) return answer.error;
  const download = readDownloadResponse(answer.body);
  return download ? ok(download) : fail(OS_ERRORS.invalid, 'OpenSubtitles answered something that is not a download link');
}
