/**
 * What the OpenSubtitles stand-in knows: subtitle uploads for titles of the local catalog, each with the
 * real-world subtitle file (fixtures/subtitles) it serves. Ids agree with the catalog (TMDB and IMDb ids),
 * so the player finds them for what it plays. Every file is English: the fixtures are English test files,
 * and a stand-in that called them French would lie; several English uploads per title (different
 * releases, one for the hard of hearing) are what OpenSubtitles has for most titles anyway.
 */
import { movieById, showById } from '../catalog/data';

export interface StandInUpload {
  /** The subtitle's id (a string in the API, as OpenSubtitles sends it). */
  id: string;
  /** The one file of this upload (OpenSubtitles files have their own ids). */
  fileId: number;
  /** Fixture path under fixtures/subtitles, e.g. srt/typical.srt. */
  fixture: string;
  /** The name the file is downloaded under. */
  fileName: string;
  language: string;
  release: string;
  hearingImpaired: boolean;
  downloadCount: number;
  ratings: number;
  votes: number;
  fromTrusted: boolean;
  fps: number;
  uploadDate: string;
  uploader: { uploader_id: number; name: string; rank: string };
  feature: StandInMovie | StandInEpisode;
}

export interface StandInMovie {
  kind: 'movie';
  tmdbId: number;
}

export interface StandInEpisode {
  kind: 'episode';
  /** The show's TMDB id (parent_tmdb_id). */
  showTmdbId: number;
  season: number;
  episode: number;
}

const TRUSTED = { uploader_id: 47823, name: 'silentera', rank: 'Trusted member' };
const MEMBER = { uploader_id: 119465, name: 'os_robot', rank: 'Application Developers' };

/** Nosferatu (TMDB 653), Metropolis (19), and the first two episodes of Files of the Northern Street (910001). */
export const UPLOADS: readonly StandInUpload[] = [
  {
    id: '9100001',
    fileId: 9200001,
    fixture: 'srt/typical.srt',
    fileName: 'Nosferatu.1922.1080p.BluRay.x264.srt',
    language: 'en',
    release: 'Nosferatu.1922.1080p.BluRay.x264',
    hearingImpaired: false,
    downloadCount: 48211,
    ratings: 8,
    votes: 12,
    fromTrusted: true,
    fps: 23.976,
    uploadDate: '2013-04-18T09:12:44Z',
    uploader: TRUSTED,
    feature: { kind: 'movie', tmdbId: 653 },
  },
  {
    id: '9100002',
    fileId: 9200002,
    fixture: 'srt/typical-utf16le-bom.srt',
    fileName: 'Nosferatu.1922.Restored.DVDRip.srt',
    language: 'en',
    release: 'Nosferatu.1922.Restored.DVDRip',
    hearingImpaired: false,
    downloadCount: 9310,
    ratings: 6,
    votes: 3,
    fromTrusted: false,
    fps: 25,
    uploadDate: '2009-11-02T21:40:03Z',
    uploader: MEMBER,
    feature: { kind: 'movie', tmdbId: 653 },
  },
  {
    id: '9100003',
    fileId: 9200003,
    fixture: 'vtt/bom-header-comment.vtt',
    fileName: 'Nosferatu.1922.WEB.HI.vtt',
    language: 'en',
    release: 'Nosferatu.1922.WEB',
    hearingImpaired: true,
    downloadCount: 2544,
    ratings: 0,
    votes: 0,
    fromTrusted: false,
    fps: 24,
    uploadDate: '2021-06-30T17:05:51Z',
    uploader: MEMBER,
    feature: { kind: 'movie', tmdbId: 653 },
  },
  {
    id: '9100004',
    fileId: 9200004,
    fixture: 'srt/html-entities-bom.srt',
    fileName: 'Metropolis.1927.Complete.BluRay.srt',
    language: 'en',
    release: 'Metropolis.1927.Complete.BluRay',
    hearingImpaired: false,
    downloadCount: 30877,
    ratings: 9,
    votes: 21,
    fromTrusted: true,
    fps: 24,
    uploadDate: '2011-02-10T12:00:19Z',
    uploader: TRUSTED,
    feature: { kind: 'movie', tmdbId: 19 },
  },
  {
    id: '9100005',
    fileId: 9200005,
    fixture: 'srt/typical.srt',
    fileName: 'Files.of.the.Northern.Street.S01E01.WEB.srt',
    language: 'en',
    release: 'Files.of.the.Northern.Street.S01E01.WEB',
    hearingImpaired: false,
    downloadCount: 1204,
    ratings: 7,
    votes: 2,
    fromTrusted: true,
    fps: 23.976,
    uploadDate: '2022-11-28T06:31:10Z',
    uploader: TRUSTED,
    feature: { kind: 'episode', showTmdbId: 910001, season: 1, episode: 1 },
  },
  {
    id: '9100006',
    fileId: 9200006,
    fixture: 'vtt/typical.vtt',
    fileName: 'Files.of.the.Northern.Street.S01E02.WEB.vtt',
    language: 'en',
    release: 'Files.of.the.Northern.Street.S01E02.WEB',
    hearingImpaired: false,
    downloadCount: 988,
    ratings: 0,
    votes: 0,
    fromTrusted: true,
    fps: 23.976,
    uploadDate: '2022-12-05T06:02:44Z',
    uploader: TRUSTED,
    feature: { kind: 'episode', showTmdbId: 910001, season: 1, episode: 2 },
  },
];

/** IMDb id as the API writes it: a number, without `tt` and leading zeros. */
export const imdbNumber = (imdbId: string): number => Number(imdbId.replace(/^tt/, ''));

/** What a search filters on, known for each upload from the catalog. */
export interface FeatureIds {
  tmdbId: number | null;
  imdbId: number | null;
  parentTmdbId: number | null;
  parentImdbId: number | null;
  season: number | null;
  episode: number | null;
}

export function featureIds(upload: StandInUpload): FeatureIds {
  const feature = upload.feature;
  if (feature.kind === 'movie') {
    const movie = movieById.get(feature.tmdbId);
    return {
      tmdbId: feature.tmdbId,
      imdbId: movie ? imdbNumber(movie.imdbId) : null,
      parentTmdbId: null,
      parentImdbId: null,
      season: null,
      episode: null,
    };
  }
  const show = showById.get(feature.showTmdbId);
  const episode = show?.seasons.find((s) => s.number === feature.season)?.episodes.find((e) => e.number === feature.episode);
  return {
    tmdbId: episode?.id ?? null,
    imdbId: null,
    parentTmdbId: feature.showTmdbId,
    parentImdbId: show ? imdbNumber(show.imdbId) : null,
    season: feature.season,
    episode: feature.episode,
  };
}

/** The `feature_details` object of a search result (the real API's fields for a movie or an episode). */
export function featureDetails(upload: StandInUpload): Record<string, unknown> {
  const feature = upload.feature;
  const ids = featureIds(upload);
  if (feature.kind === 'movie') {
    const movie = movieById.get(feature.tmdbId);
    const year = Number((movie?.releaseDate ?? '').slice(0, 4)) || null;
    return {
      feature_id: 600_000 + feature.tmdbId,
      feature_type: 'Movie',
      year,
      title: movie?.title ?? '',
      movie_name: `${year ?? ''} - ${movie?.title ?? ''}`,
      imdb_id: ids.imdbId,
      tmdb_id: feature.tmdbId,
    };
  }
  const show = showById.get(feature.showTmdbId);
  const episode = show?.seasons.find((s) => s.number === feature.season)?.episodes.find((e) => e.number === feature.episode);
  const code = `S${String(feature.season).padStart(2, '0')}E${String(feature.episode).padStart(2, '0')}`;
  return {
    feature_id: 700_000 + ((episode?.id ?? 0) % 100_000),
    feature_type: 'Episode',
    year: Number((episode?.airDate ?? '').slice(0, 4)) || null,
    title: episode?.name ?? '',
    movie_name: `${show?.name ?? ''} - ${code}  ${episode?.name ?? ''}`,
    imdb_id: null,
    tmdb_id: ids.tmdbId,
    season_number: feature.season,
    episode_number: feature.episode,
    parent_imdb_id: ids.parentImdbId,
    parent_title: show?.name ?? '',
    parent_tmdb_id: feature.showTmdbId,
    parent_feature_id: 800_000 + (feature.showTmdbId % 100_000),
  };
}
