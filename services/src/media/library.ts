/**
 * Which catalog title or episode has which streams and captions (the media index), built from the
 * catalog's data set so ids always agree. Deterministic: the same ids have the same sources on every start.
 */
import { MOVIES, SHOWS, movieById, showById, type Movie } from '../catalog/data';

export type ClipName = 'meadow' | 'harbor' | 'lantern' | 'trailer';
export type QualityKey = '4k' | '1080' | '720' | '480' | '360' | 'unknown';

export interface IndexCaption {
  id: string;
  language: string;
  type: 'srt' | 'vtt';
  url: string;
  needsProxy: false;
}

export type IndexStream =
  | { type: 'hls'; playlist: string; flags: string[]; captions: IndexCaption[]; qualities4k: boolean; audioTracks: Array<{ language: string; label: string }> }
  | { type: 'file'; qualities: Partial<Record<QualityKey, { type: 'mp4'; url: string }>>; flags: string[]; captions: IndexCaption[] };

export interface IndexEmbed {
  embedId: string;
  url: string;
}

export type IndexSource =
  | { id: string; name: string; rank: number; kind: 'stream'; quality: string; stream: IndexStream; broken?: string }
  | { id: string; name: string; rank: number; kind: 'embeds'; embeds: IndexEmbed[] };

export interface IndexEntry {
  type: 'movie' | 'show';
  tmdbId: number;
  imdbId: string;
  title: string;
  season?: { number: number; tmdbId: number };
  episode?: { number: number; tmdbId: number };
  /** False when the title is known but the library deliberately has no stream for it. */
  available: boolean;
  sources: IndexSource[];
}

interface ClipInfo {
  duration: number;
  mp4: QualityKey[];
  subtitles: string[];
  hls4k: boolean;
  audio: Array<{ language: string; label: string }>;
}

export const CLIPS: Record<Exclude<ClipName, 'trailer'>, ClipInfo> = {
  meadow: {
    duration: 16,
    mp4: ['1080', '720', '480', '360'],
    subtitles: ['en', 'es', 'fr', 'de'],
    hls4k: true,
    audio: [
      { language: 'en', label: 'English' },
      { language: 'es', label: 'Español' },
    ],
  },
  harbor: { duration: 12, mp4: ['720', '480'], subtitles: ['en', 'es', 'fr', 'de'], hls4k: false, audio: [] },
  lantern: { duration: 12, mp4: ['720', '360'], subtitles: ['en', 'es', 'fr', 'de'], hls4k: false, audio: [] },
};

/** Broken streams (paths under the media root) for error paths. */
export const BROKEN = {
  missingSegments: '/broken/missing-segments/master.m3u8',
  garbageSegments: '/broken/garbage-segments/master.m3u8',
  notAPlaylist: '/broken/not-a-playlist/master.m3u8',
  badMp4: '/broken/bad-mp4/720.mp4',
} as const;

const captions = (base: string, clip: keyof typeof CLIPS, languages: string[], types: Array<'srt' | 'vtt'>): IndexCaption[] =>
  languages.flatMap((language) =>
    types.map((type) => ({ id: `${clip}-${language}-${type}`, language, type, url: `${base}/subtitles/${clip}/${language}.${type}`, needsProxy: false as const })),
  );

function hlsSource(base: string, clip: keyof typeof CLIPS, captionLangs: string[]): IndexSource {
  const info = CLIPS[clip];
  return {
    id: 'local-hls',
    name: 'Local library (HLS)',
    rank: 300,
    kind: 'stream',
    quality: info.hls4k ? '4k' : clip === 'lantern' ? '1080' : '720',
    stream: {
      type: 'hls',
      playlist: `${base}/clips/${clip}/hls/master.m3u8`,
      flags: ['cors-allowed'],
      captions: captions(base, clip, captionLangs, ['vtt']),
      qualities4k: info.hls4k,
      audioTracks: info.audio,
    },
  };
}

function fileSource(base: string, clip: keyof typeof CLIPS, captionLangs: string[], only?: QualityKey[]): IndexSource {
  const info = CLIPS[clip];
  const qualities: Partial<Record<QualityKey, { type: 'mp4'; url: string }>> = {};
  for (const q of only ?? info.mp4) qualities[q] = { type: 'mp4', url: `${base}/clips/${clip}/mp4/${q}.mp4` };
  const best = (only ?? info.mp4)[0] ?? 'unknown';
  return {
    id: only ? 'local-mp4-sd' : 'local-mp4',
    name: only ? 'Local library (MP4, low quality)' : 'Local library (MP4)',
    rank: only ? 100 : 200,
    kind: 'stream',
    quality: best,
    stream: { type: 'file', qualities, flags: ['cors-allowed'], captions: captions(base, clip, captionLangs, ['srt']) },
  };
}

function embedSource(base: string, clip: keyof typeof CLIPS, kind: 'hls' | 'mp4'): IndexSource {
  return {
    id: 'local-embed',
    name: 'Local library player (embed)',
    rank: 150,
    kind: 'embeds',
    embeds: [
      { embedId: 'local-player', url: `${base}/embed/${clip}?type=${kind}` },
      { embedId: 'local-player', url: `${base}/embed/${clip}?type=${kind === 'hls' ? 'mp4' : 'hls'}` },
    ],
  };
}

function brokenSource(base: string, id: string, name: string, path: string, broken: string): IndexSource {
  const stream: IndexStream = path.endsWith('.mp4')
    ? { type: 'file', qualities: { '720': { type: 'mp4', url: `${base}${path}` } }, flags: ['cors-allowed'], captions: [] }
    : { type: 'hls', playlist: `${base}${path}`, flags: ['cors-allowed'], captions: [], qualities4k: false, audioTracks: [] };
  return { id, name, rank: 400, kind: 'stream', quality: 'unknown', stream, broken };
}

/** Movies (catalog ids) with no stream at all, and movies whose only stream is broken. */
const visibleMovies = MOVIES.filter((m) => !m.adult);
export const MOVIES_WITHOUT_STREAM: readonly number[] = visibleMovies.filter((_, i) => i % 9 === 4).map((m) => m.id);
export const BROKEN_MOVIES: Readonly<Record<string, number>> = {
  missingSegments: (visibleMovies[15] as Movie).id,
  garbageSegments: (visibleMovies[16] as Movie).id,
  notAPlaylist: (visibleMovies[17] as Movie).id,
  badMp4: (visibleMovies[18] as Movie).id,
  /** A broken HLS source ranked first, then working sources (the engine must fall through). */
  brokenThenWorking: (visibleMovies[19] as Movie).id,
};

export function movieEntry(tmdbId: number, base: string): IndexEntry | undefined {
  const movie = movieById.get(tmdbId);
  if (!movie || movie.adult) return undefined;
  const entry: IndexEntry = { type: 'movie', tmdbId, imdbId: movie.imdbId, title: movie.title, available: true, sources: [] };
  const i = visibleMovies.indexOf(movie);
  if (MOVIES_WITHOUT_STREAM.includes(tmdbId) || !movie.releaseDate || movie.releaseDate > new Date().toISOString().slice(0, 10)) {
    entry.available = false;
    return entry;
  }
  if (tmdbId === BROKEN_MOVIES.missingSegments) entry.sources = [brokenSource(base, 'local-hls', 'Local library (HLS)', BROKEN.missingSegments, 'segments-404')];
  else if (tmdbId === BROKEN_MOVIES.garbageSegments) entry.sources = [brokenSource(base, 'local-hls', 'Local library (HLS)', BROKEN.garbageSegments, 'undecodable-segments')];
  else if (tmdbId === BROKEN_MOVIES.notAPlaylist) entry.sources = [brokenSource(base, 'local-hls', 'Local library (HLS)', BROKEN.notAPlaylist, 'not-a-playlist')];
  else if (tmdbId === BROKEN_MOVIES.badMp4) entry.sources = [brokenSource(base, 'local-mp4', 'Local library (MP4)', BROKEN.badMp4, 'undecodable-mp4')];
  else {
    // Public-domain films and every third title get the full ladder (4K, two audio languages).
    const clip: keyof typeof CLIPS = movie.publicDomain || i % 3 === 0 ? 'meadow' : 'harbor';
    entry.sources = [hlsSource(base, clip, CLIPS[clip].subtitles), fileSource(base, clip, CLIPS[clip].subtitles)];
    if (i % 2 === 0) entry.sources.push(embedSource(base, clip, i % 4 === 0 ? 'hls' : 'mp4'));
    if (i % 5 === 1) entry.sources.push(fileSource(base, clip, ['en'], [CLIPS[clip].mp4.at(-1) as QualityKey]));
    if (tmdbId === BROKEN_MOVIES.brokenThenWorking)
      entry.sources.unshift(brokenSource(base, 'local-hls-mirror', 'Local library (HLS mirror)', BROKEN.missingSegments, 'segments-404'));
  }
  return entry;
}

export function episodeEntry(tmdbId: number, seasonNumber: number, episodeNumber: number, base: string): IndexEntry | undefined {
  const show = showById.get(tmdbId);
  const season = show?.seasons.find((s) => s.number === seasonNumber);
  const episode = season?.episodes.find((e) => e.number === episodeNumber);
  if (!show || !season || !episode) return undefined;
  const entry: IndexEntry = {
    type: 'show',
    tmdbId,
    imdbId: show.imdbId,
    title: show.name,
    season: { number: season.number, tmdbId: season.id },
    episode: { number: episode.number, tmdbId: episode.id },
    available: true,
    sources: [],
  };
  const aired = episode.airDate !== null && episode.airDate <= new Date().toISOString().slice(0, 10);
  const showIndex = SHOWS.indexOf(show);
  // No stream: unaired episodes, every 5th episode of a season, and all of every 7th show.
  if (!aired || episode.number % 5 === 0 || showIndex % 7 === 6) {
    entry.available = false;
    return entry;
  }
  if (showIndex === 5 && seasonNumber === 1 && episodeNumber === 2) {
    entry.sources = [brokenSource(base, 'local-hls', 'Local library (HLS)', BROKEN.missingSegments, 'segments-404')];
    return entry;
  }
  // The first shows' episodes use the full ladder; the others the episode clip.
  const clip: keyof typeof CLIPS = showIndex < 4 ? 'meadow' : 'lantern';
  entry.sources = [hlsSource(base, clip, CLIPS[clip].subtitles), fileSource(base, clip, CLIPS[clip].subtitles)];
  if (episode.number % 2 === 1) entry.sources.push(embedSource(base, clip, 'hls'));
  return entry;
}

/** The stream an embed page (`/embed/{clip}?type=hls|mp4`) plays. */
export function embedStream(clip: string, type: string, base: string): IndexStream | undefined {
  if (!(clip in CLIPS)) return undefined;
  const name = clip as keyof typeof CLIPS;
  const source = type === 'mp4' ? fileSource(base, name, CLIPS[name].subtitles) : hlsSource(base, name, CLIPS[name].subtitles);
  return source.kind === 'stream' ? source.stream : undefined;
}
