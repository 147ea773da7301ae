/**
 * Which catalog title or episode has which streams and captions (the media index), built from the
 * catalog's data set so ids always agree. Deterministic: the same ids have the same sources on every start.
 */
import type { QualityKey } from 'scraping-core/types';
import { LIBRARY_SOURCES as LIBRARY_SOURCE_LIST, type LibrarySourceId } from 'shared-contracts/sources';
import { MOVIES, SHOWS, movieById, showById, type Movie } from '../catalog/data';
import { longCaptionPath, longPlaylistPath, type LongClip } from './long';

export type ClipName = 'meadow' | 'harbor' | 'lantern' | 'trailer';

export interface IndexCaption {
  id: string;
  language: string;
  type: 'srt' | 'vtt';
  url: string;
  needsProxy: false;
}

export type IndexStream =
  | {
      type: 'hls';
      playlist: string;
      flags: string[];
      captions: IndexCaption[];
      qualities4k: boolean;
      audioTracks: Array<{ language: string; label: string }>;
    }
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

/**
 * The library's sources, best first, by id: every one is a separate scraping source of the product's
 * local-library provider (ids, names and ranks from shared-contracts' `LIBRARY_SOURCES`). Mirrors and
 * backups carry copies of some titles; `local-hosts` lists the title on several embed hosts, some of
 * which removed it.
 */
export const LIBRARY_SOURCES = Object.fromEntries(LIBRARY_SOURCE_LIST.map((s) => [s.id, { name: s.name, rank: s.rank }])) as Record<
  LibrarySourceId,
  { name: string; rank: number }
>;

const meta = (id: LibrarySourceId) => ({ id, name: LIBRARY_SOURCES[id].name, rank: LIBRARY_SOURCES[id].rank });

const captions = (base: string, clip: keyof typeof CLIPS, languages: string[], types: Array<'srt' | 'vtt'>): IndexCaption[] =>
  languages.flatMap((language) =>
    types.map((type) => ({
      id: `${clip}-${language}-${type}`,
      language,
      type,
      url: `${base}/subtitles/${clip}/${language}.${type}`,
      needsProxy: false as const,
    })),
  );

/**
 * The HLS copy of a title: the clip's ladder repeated to the title's `minutes` (long.ts), with caption
 * files generated to the same length, so every title plays for its catalog runtime.
 */
function hlsSource(
  base: string,
  clip: LongClip,
  minutes: number,
  captionLangs: readonly string[],
  id: 'local-hls' | 'local-hls-mirror' = 'local-hls',
): IndexSource {
  const info = CLIPS[clip];
  return {
    ...meta(id),
    kind: 'stream',
    quality: info.hls4k ? '4k' : clip === 'lantern' ? '1080' : '720',
    stream: {
      type: 'hls',
      playlist: `${base}${longPlaylistPath(clip, minutes)}`,
      flags: ['cors-allowed'],
      captions: longCaptions(base, clip, minutes, captionLangs),
      qualities4k: info.hls4k,
      audioTracks: info.audio,
    },
  };
}

const longCaptions = (base: string, clip: LongClip, minutes: number, languages: readonly string[]): IndexCaption[] =>
  languages.map((language) => ({
    id: `${clip}-${language}-vtt`,
    language,
    type: 'vtt' as const,
    url: `${base}${longCaptionPath(clip, minutes, language, 'vtt')}`,
    needsProxy: false as const,
  }));

/** The clip's own HLS (its 12-16 s), as the embed pages play it. */
function clipHlsStream(base: string, clip: LongClip): IndexStream {
  const info = CLIPS[clip];
  return {
    type: 'hls',
    playlist: `${base}/clips/${clip}/hls/master.m3u8`,
    flags: ['cors-allowed'],
    captions: captions(base, clip, info.subtitles, ['vtt']),
    qualities4k: info.hls4k,
    audioTracks: info.audio,
  };
}

function fileSource(
  base: string,
  clip: keyof typeof CLIPS,
  captionLangs: string[],
  only?: QualityKey[],
  id: 'local-mp4' | 'local-mp4-mirror' = 'local-mp4',
): IndexSource {
  const info = CLIPS[clip];
  const qualities: Partial<Record<QualityKey, { type: 'mp4'; url: string }>> = {};
  for (const q of only ?? info.mp4) qualities[q] = { type: 'mp4', url: `${base}/clips/${clip}/mp4/${q}.mp4` };
  const best = (only ?? info.mp4)[0] ?? 'unknown';
  return {
    ...meta(only ? 'local-mp4-sd' : id),
    kind: 'stream',
    quality: best,
    stream: { type: 'file', qualities, flags: ['cors-allowed'], captions: captions(base, clip, captionLangs, ['srt']) },
  };
}

/** One rendition's media playlist (no master), at the title's length: the low-bandwidth HLS of the clips with muxed audio. */
function hlsSdSource(base: string, clip: 'harbor' | 'lantern', minutes: number): IndexSource {
  return {
    ...meta('local-hls-sd'),
    kind: 'stream',
    quality: '360',
    stream: {
      type: 'hls',
      playlist: `${base}/long/${clip}/${minutes}/v360/index.m3u8`,
      flags: ['cors-allowed'],
      captions: longCaptions(base, clip, minutes, ['en']),
      qualities4k: false,
      audioTracks: [],
    },
  };
}

/** Embed hosts: the first removed the video (its page answers 404), the second plays it; or only one host has it; or none any more. */
function hostsSource(base: string, clip: keyof typeof CLIPS, hosts: 'firstRemoved' | 'one' | 'none'): IndexSource {
  const removed = { embedId: 'local-player', url: `${base}/embed/${clip}-removed?type=hls` };
  const playing = { embedId: 'local-player', url: `${base}/embed/${clip}?type=mp4` };
  return {
    ...meta('local-hosts'),
    kind: 'embeds',
    embeds: hosts === 'firstRemoved' ? [removed, playing] : hosts === 'one' ? [playing] : [],
  };
}

function embedSource(base: string, clip: keyof typeof CLIPS, kind: 'hls' | 'mp4'): IndexSource {
  return {
    ...meta('local-embed'),
    kind: 'embeds',
    embeds: [
      { embedId: 'local-player', url: `${base}/embed/${clip}?type=${kind}` },
      { embedId: 'local-player', url: `${base}/embed/${clip}?type=${kind === 'hls' ? 'mp4' : 'hls'}` },
    ],
  };
}

function brokenSource(base: string, id: LibrarySourceId, path: string, broken: string): IndexSource {
  const stream: IndexStream = path.endsWith('.mp4')
    ? { type: 'file', qualities: { '720': { type: 'mp4', url: `${base}${path}` } }, flags: ['cors-allowed'], captions: [] }
    : { type: 'hls', playlist: `${base}${path}`, flags: ['cors-allowed'], captions: [], qualities4k: false, audioTracks: [] };
  return { ...meta(id), kind: 'stream', quality: 'unknown', stream, broken };
}

/** Movies (catalog ids) with no stream at all, and movies whose only stream is broken. */
const visibleMovies = MOVIES.filter((m) => !m.adult);
export const MOVIES_WITHOUT_STREAM: readonly number[] = visibleMovies.filter((_, i) => i % 9 === 4).map((m) => m.id);
export const BROKEN_MOVIES: Readonly<Record<string, number>> = {
  missingSegments: (visibleMovies[15] as Movie).id,
  garbageSegments: (visibleMovies[16] as Movie).id,
  notAPlaylist: (visibleMovies[17] as Movie).id,
  badMp4: (visibleMovies[18] as Movie).id,
  /** The first two sources broken (mirror: segments 404, backup: not a playlist), the third and the next ones work. */
  brokenThenWorking: (visibleMovies[19] as Movie).id,
  /** On every source of the library, each copy broken (or removed from the embed hosts): a run tries them all, then not found. */
  everySourceBroken: (visibleMovies[20] as Movie).id,
};

/**
 * The long titles: every title plays for its runtime from its HLS copies, and these have nothing else
 * (no MP4, mirror or embed copy, which would be the short clips). A Trip to the Moon (public domain, the
 * full Meadow ladder), The Burning Frontier (invented, Harbor) and every episode of Copper Station
 * (Lantern; the skips service gives them intros of 45 s to 2 min).
 */
export const LONG_MOVIES: Readonly<Record<number, LongClip>> = { 775: 'meadow', 900001: 'harbor' };
export const LONG_SHOW = { tmdbId: 910012, clip: 'lantern' } as const satisfies { tmdbId: number; clip: LongClip };
/** What `GET /` lists: each long title with its clip and length in minutes. */
export const LONG_TITLES = {
  movies: Object.entries(LONG_MOVIES).map(([id, clip]) => ({
    tmdbId: Number(id),
    title: movieById.get(Number(id))?.title,
    clip,
    minutes: movieById.get(Number(id))?.runtime,
  })),
  shows: [
    { tmdbId: LONG_SHOW.tmdbId, title: showById.get(LONG_SHOW.tmdbId)?.name, clip: LONG_SHOW.clip, minutes: "each episode's runtime" },
  ],
};

const hasStream = (movie: Movie) =>
  !(movie.id in LONG_MOVIES) &&
  !MOVIES_WITHOUT_STREAM.includes(movie.id) &&
  Boolean(movie.releaseDate) &&
  movie.releaseDate <= new Date().toISOString().slice(0, 10) &&
  !Object.values(BROKEN_MOVIES).includes(movie.id);
/** Invented movies the mirrors carry too (HLS and MP4 copies, ranked above the main copies): they play from the mirror. */
export const MIRRORED_MOVIES: readonly number[] = visibleMovies
  .filter((m, i) => i % 11 === 7 && !m.publicDomain && hasStream(m))
  .map((m) => m.id);
/** Movies the embed hosts list: with the first host's video removed (the second plays), on one host only, or removed from every host (no embeds). */
const HOSTS_BY_INDEX: Readonly<Record<number, 'firstRemoved' | 'one' | 'none'>> = { 1: 'firstRemoved', 3: 'none', 5: 'one' };
const hostedWith = (hosts: 'firstRemoved' | 'one' | 'none') =>
  visibleMovies.filter((m, i) => HOSTS_BY_INDEX[i % 6] === hosts && hasStream(m)).map((m) => m.id);
export const HOSTED_MOVIES: Readonly<{
  firstHostRemoved: readonly number[];
  oneHost: readonly number[];
  removedEverywhere: readonly number[];
}> = {
  firstHostRemoved: hostedWith('firstRemoved'),
  oneHost: hostedWith('one'),
  removedEverywhere: hostedWith('none'),
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
  const long = LONG_MOVIES[tmdbId];
  if (long) entry.sources = [hlsSource(base, long, movie.runtime, CLIPS[long].subtitles)];
  else if (tmdbId === BROKEN_MOVIES.missingSegments)
    entry.sources = [brokenSource(base, 'local-hls', BROKEN.missingSegments, 'segments-404')];
  else if (tmdbId === BROKEN_MOVIES.garbageSegments)
    entry.sources = [brokenSource(base, 'local-hls', BROKEN.garbageSegments, 'undecodable-segments')];
  else if (tmdbId === BROKEN_MOVIES.notAPlaylist) entry.sources = [brokenSource(base, 'local-hls', BROKEN.notAPlaylist, 'not-a-playlist')];
  else if (tmdbId === BROKEN_MOVIES.badMp4) entry.sources = [brokenSource(base, 'local-mp4', BROKEN.badMp4, 'undecodable-mp4')];
  else if (tmdbId === BROKEN_MOVIES.everySourceBroken) {
    const removed = (clip: string) => ({ embedId: 'local-player', url: `${base}/embed/${clip}-removed?type=hls` });
    entry.sources = [
      brokenSource(base, 'local-hls-mirror', BROKEN.missingSegments, 'segments-404'),
      brokenSource(base, 'local-hls-backup', BROKEN.notAPlaylist, 'not-a-playlist'),
      brokenSource(base, 'local-hls', BROKEN.garbageSegments, 'undecodable-segments'),
      brokenSource(base, 'local-mp4-mirror', BROKEN.badMp4, 'undecodable-mp4'),
      brokenSource(base, 'local-mp4', BROKEN.badMp4, 'undecodable-mp4'),
      { ...meta('local-hosts'), kind: 'embeds', embeds: [removed('harbor'), removed('meadow')] },
      { ...meta('local-embed'), kind: 'embeds', embeds: [removed('harbor')] },
      brokenSource(base, 'local-hls-sd', BROKEN.missingSegments, 'segments-404'),
      brokenSource(base, 'local-mp4-sd', BROKEN.badMp4, 'undecodable-mp4'),
    ];
  } else {
    // Public-domain films and every third title get the full ladder (4K, two audio languages).
    const clip: keyof typeof CLIPS = movie.publicDomain || i % 3 === 0 ? 'meadow' : 'harbor';
    entry.sources = [hlsSource(base, clip, movie.runtime, CLIPS[clip].subtitles), fileSource(base, clip, CLIPS[clip].subtitles)];
    if (MIRRORED_MOVIES.includes(tmdbId))
      entry.sources.unshift(
        hlsSource(base, clip, movie.runtime, CLIPS[clip].subtitles, 'local-hls-mirror'),
        fileSource(base, clip, CLIPS[clip].subtitles, undefined, 'local-mp4-mirror'),
      );
    const hosts = HOSTS_BY_INDEX[i % 6];
    if (hosts) entry.sources.push(hostsSource(base, clip, hosts));
    if (i % 2 === 0) entry.sources.push(embedSource(base, clip, i % 4 === 0 ? 'hls' : 'mp4'));
    if (clip === 'harbor' && i % 5 === 2) entry.sources.push(hlsSdSource(base, clip, movie.runtime));
    if (i % 5 === 1) entry.sources.push(fileSource(base, clip, ['en'], [CLIPS[clip].mp4.at(-1) as QualityKey]));
    if (tmdbId === BROKEN_MOVIES.brokenThenWorking)
      entry.sources.unshift(
        brokenSource(base, 'local-hls-mirror', BROKEN.missingSegments, 'segments-404'),
        brokenSource(base, 'local-hls-backup', BROKEN.notAPlaylist, 'not-a-playlist'),
      );
  }
  entry.sources.sort((a, b) => b.rank - a.rank);
  return entry;
}

/** An aired episode's length when the catalog gives none (TMDB leaves some runtimes empty). */
const EPISODE_MINUTES_UNKNOWN = 30;

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
    entry.sources = [brokenSource(base, 'local-hls', BROKEN.missingSegments, 'segments-404')];
    return entry;
  }
  const minutes = episode.runtime ?? EPISODE_MINUTES_UNKNOWN;
  if (tmdbId === LONG_SHOW.tmdbId) {
    entry.sources = [hlsSource(base, LONG_SHOW.clip, minutes, CLIPS[LONG_SHOW.clip].subtitles)];
    return entry;
  }
  // The first shows' episodes use the full ladder; the others the episode clip.
  const clip: keyof typeof CLIPS = showIndex < 4 ? 'meadow' : 'lantern';
  entry.sources = [hlsSource(base, clip, minutes, CLIPS[clip].subtitles), fileSource(base, clip, CLIPS[clip].subtitles)];
  if (episode.number % 2 === 1) entry.sources.push(embedSource(base, clip, 'hls'));
  if (clip === 'lantern' && episode.number % 2 === 0) entry.sources.push(hlsSdSource(base, clip, minutes));
  return entry;
}

/** The stream an embed page (`/embed/{clip}?type=hls|mp4`) plays. */
export function embedStream(clip: string, type: string, base: string): IndexStream | undefined {
  if (!(clip in CLIPS)) return undefined;
  const name = clip as keyof typeof CLIPS;
  if (type !== 'mp4') return clipHlsStream(base, name);
  const source = fileSource(base, name, CLIPS[name].subtitles);
  return source.kind === 'stream' ? source.stream : undefined;
}
