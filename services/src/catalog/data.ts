/**
 * The catalog's data set: invented titles plus a handful of public-domain films, generated
 * deterministically (same ids, titles and structure on every start). Dates are relative to the day
 * the module is loaded, so "now playing", "upcoming" and future episodes stay in the present.
 */

/** A v4-style read access token (a JWT-shaped string) accepted by default as `Authorization: Bearer`. */
export const LOCAL_TMDB_READ_TOKEN =
  'eyJhbGciOiJIUzI1NiJ9.eyJhdWQiOiJsb2NhbC1jYXRhbG9nIiwic3ViIjoibW92aWUtd2ViLWxvY2FsIiwic2NvcGVzIjpbImFwaV9yZWFkIl0sInZlcnNpb24iOjF9.bG9jYWwtY2F0YWxvZy1ub3QtYS1zZWNyZXQ';
/** A v3-style API key (32 hex) accepted by default as `?api_key=`. */
export const LOCAL_TMDB_API_KEY = '6c6f63616c2d636174616c6f672d6b31';

export interface Genre {
  id: number;
  name: string;
}

export const MOVIE_GENRES: readonly Genre[] = [
  { id: 28, name: 'Action' },
  { id: 12, name: 'Adventure' },
  { id: 16, name: 'Animation' },
  { id: 35, name: 'Comedy' },
  { id: 80, name: 'Crime' },
  { id: 99, name: 'Documentary' },
  { id: 18, name: 'Drama' },
  { id: 10751, name: 'Family' },
  { id: 14, name: 'Fantasy' },
  { id: 36, name: 'History' },
  { id: 27, name: 'Horror' },
  { id: 10402, name: 'Music' },
  { id: 9648, name: 'Mystery' },
  { id: 10749, name: 'Romance' },
  { id: 878, name: 'Science Fiction' },
  { id: 10770, name: 'TV Movie' },
  { id: 53, name: 'Thriller' },
  { id: 10752, name: 'War' },
  { id: 37, name: 'Western' },
];

export const TV_GENRES: readonly Genre[] = [
  { id: 10759, name: 'Action & Adventure' },
  { id: 16, name: 'Animation' },
  { id: 35, name: 'Comedy' },
  { id: 80, name: 'Crime' },
  { id: 99, name: 'Documentary' },
  { id: 18, name: 'Drama' },
  { id: 10751, name: 'Family' },
  { id: 10762, name: 'Kids' },
  { id: 9648, name: 'Mystery' },
  { id: 10763, name: 'News' },
  { id: 10764, name: 'Reality' },
  { id: 10765, name: 'Sci-Fi & Fantasy' },
  { id: 10766, name: 'Soap' },
  { id: 10767, name: 'Talk' },
  { id: 10768, name: 'War & Politics' },
  { id: 37, name: 'Western' },
];

export interface WatchProvider {
  provider_id: number;
  provider_name: string;
  logo_path: string;
  display_priority: number;
}

/** The providers of the Discover page, with their real TMDB provider ids (availability: region US). */
export const WATCH_PROVIDERS: readonly WatchProvider[] = [
  { provider_id: 8, provider_name: 'Netflix', logo_path: '/logo-provider-8.svg', display_priority: 0 },
  { provider_id: 350, provider_name: 'Apple TV Plus', logo_path: '/logo-provider-350.svg', display_priority: 1 },
  { provider_id: 9, provider_name: 'Amazon Prime Video', logo_path: '/logo-provider-9.svg', display_priority: 2 },
  { provider_id: 15, provider_name: 'Hulu', logo_path: '/logo-provider-15.svg', display_priority: 3 },
  { provider_id: 1899, provider_name: 'Max', logo_path: '/logo-provider-1899.svg', display_priority: 4 },
  { provider_id: 531, provider_name: 'Paramount Plus', logo_path: '/logo-provider-531.svg', display_priority: 5 },
  { provider_id: 337, provider_name: 'Disney Plus', logo_path: '/logo-provider-337.svg', display_priority: 6 },
  { provider_id: 99, provider_name: 'Shudder', logo_path: '/logo-provider-99.svg', display_priority: 7 },
  { provider_id: 257, provider_name: 'fuboTV', logo_path: '/logo-provider-257.svg', display_priority: 8 },
];

export interface Person {
  id: number;
  name: string;
  gender: number;
  department: 'Acting' | 'Directing' | 'Writing';
  popularity: number;
  profilePath: string | null;
}

export interface CastMember {
  person: Person;
  character: string;
  order: number;
  creditId: string;
}

export interface Movie {
  kind: 'movie';
  id: number;
  imdbId: string;
  title: string;
  originalTitle: string;
  originalLanguage: string;
  /** YYYY-MM-DD, or '' when unknown. */
  releaseDate: string;
  overview: string;
  tagline: string;
  genreIds: number[];
  /** Provider ids where the title is on flat-rate subscription in the US. */
  providerIds: number[];
  runtime: number;
  certification: string;
  voteAverage: number;
  voteCount: number;
  popularity: number;
  adult: boolean;
  posterPath: string | null;
  backdropPath: string | null;
  directors: Person[];
  writers: Person[];
  cast: CastMember[];
  publicDomain: boolean;
  budget: number;
  revenue: number;
}

export interface Episode {
  id: number;
  number: number;
  seasonNumber: number;
  name: string;
  overview: string;
  /** YYYY-MM-DD or null when TMDB has no air date yet. */
  airDate: string | null;
  runtime: number | null;
  stillPath: string | null;
  voteAverage: number;
  voteCount: number;
  episodeType: 'standard' | 'mid_season' | 'finale';
  director: Person;
  writer: Person;
  guestStars: CastMember[];
}

export interface Season {
  id: number;
  number: number;
  name: string;
  overview: string;
  airDate: string | null;
  posterPath: string | null;
  voteAverage: number;
  episodes: Episode[];
}

export interface Show {
  kind: 'tv';
  id: number;
  imdbId: string;
  tvdbId: number;
  name: string;
  originalName: string;
  originalLanguage: string;
  overview: string;
  tagline: string;
  genreIds: number[];
  providerIds: number[];
  rating: string;
  voteAverage: number;
  voteCount: number;
  popularity: number;
  adult: boolean;
  posterPath: string | null;
  backdropPath: string | null;
  creators: Person[];
  cast: CastMember[];
  network: { id: number; name: string; logo_path: string; origin_country: string };
  status: 'Returning Series' | 'Ended' | 'In Production';
  type: 'Scripted' | 'Miniseries' | 'Documentary' | 'Reality';
  seasons: Season[];
}

// ------------------------------------------------------------------------------------------------
// Deterministic helpers

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = mulberry32(20261121);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
const between = (min: number, max: number): number => min + Math.floor(rand() * (max - min + 1));
const round = (value: number, digits: number): number => Number(value.toFixed(digits));
const hex = (length: number): string => {
  let out = '';
  for (let i = 0; i < length; i += 1) out += Math.floor(rand() * 16).toString(16);
  return out;
};

const DAY = 86_400_000;
const today = new Date();
today.setUTCHours(0, 0, 0, 0);
/** The date `days` from today (negative: in the past), as YYYY-MM-DD. */
export const dayOffset = (days: number): string => new Date(today.getTime() + days * DAY).toISOString().slice(0, 10);
/** Today, YYYY-MM-DD (the day the data set was built). */
export const TODAY = dayOffset(0);

// ------------------------------------------------------------------------------------------------
// People

const FIRST = [
  'Ada',
  'Bram',
  'Celia',
  'Dorian',
  'Edda',
  'Felix',
  'Greta',
  'Hugo',
  'Ines',
  'Jonas',
  'Kira',
  'Lionel',
  'Mara',
  'Nils',
  'Odile',
  'Pavel',
  'Quinn',
  'Rosa',
  'Silas',
  'Talia',
  'Ugo',
  'Vera',
  'Wendell',
  'Xenia',
  'Yusuf',
  'Zora',
  'Amos',
  'Bettina',
  'Caspar',
  'Delphine',
  'Emil',
  'Flora',
  'Gideon',
  'Hester',
];
const LAST = [
  'Ashgrove',
  'Bellweather',
  'Carrow',
  'Dunmore',
  'Elling',
  'Fairbanks',
  'Galloway',
  'Hartigan',
  'Ivers',
  'Jessop',
  'Kettering',
  'Lindqvist',
  'Marlowe',
  'Northam',
  'Oakes',
  'Penhallow',
  'Quarrie',
  'Rennick',
  'Strand',
  'Thorne',
  'Underhill',
  'Vasquez-Lind',
  'Whitcombe',
  'Yarrow',
  'Zeller',
  'Abernathy',
  'Brightwater',
];

const people: Person[] = [];
const personNames = new Set<string>();
while (people.length < 180) {
  const name = `${pick(FIRST)} ${pick(LAST)}`;
  if (personNames.has(name)) continue;
  personNames.add(name);
  const i = people.length;
  people.push({
    id: 7_100_000 + i,
    name,
    gender: i % 3 === 0 ? 1 : 2,
    department: i < 30 ? 'Directing' : i < 45 ? 'Writing' : 'Acting',
    popularity: round(0.5 + rand() * 30, 3),
    profilePath: i % 7 === 3 ? null : `/profile-p${7_100_000 + i}.png`,
  });
}
export const PEOPLE: readonly Person[] = people;
const directors = people.slice(0, 30);
const writers = people.slice(30, 45);
const actors = people.slice(45);

const CHARACTERS = [
  'The Keeper',
  'Captain Vale',
  'Inspector Moss',
  'Dr. Ember',
  'The Stranger',
  'Young Pip',
  'Mayor Quill',
  'Sister Agnes',
  'The Courier',
  'Old Tom',
  'Lady Wren',
  'The Navigator',
  'Officer Lark',
  'June',
  'Rook',
];
const creditId = (): string => hex(24);
const castList = (count: number): CastMember[] => {
  const chosen = new Set<Person>();
  while (chosen.size < count) chosen.add(pick(actors));
  return [...chosen].map((person, order) => ({ person, character: pick(CHARACTERS), order, creditId: creditId() }));
};

// ------------------------------------------------------------------------------------------------
// Titles

const ADJ = [
  'Copper',
  'Silent',
  'Crimson',
  'Hollow',
  'Northern',
  'Paper',
  'Velvet',
  'Distant',
  'Broken',
  'Golden',
  'Midnight',
  'Salt',
  'Glass',
  'Iron',
  'Wandering',
  'Hidden',
  'Last',
  'Burning',
  'Quiet',
  'Electric',
];
const NOUN = [
  'Lighthouse',
  'Orchard',
  'Compass',
  'Harbor',
  'Meridian',
  'Carnival',
  'Atlas',
  'Signal',
  'Garden',
  'Frontier',
  'Archive',
  'Tide',
  'Engine',
  'Kingdom',
  'Observatory',
  'Ferry',
  'Cipher',
  'Canyon',
  'Parade',
  'Lantern',
];
const SHOW_NOUN = [
  'Station',
  'Chronicles',
  'Files',
  'Academy',
  'Street',
  'Quarter',
  'Precinct',
  'Frontier',
  'Hotel',
  'Crossing',
  'Valley',
  'Division',
  'Society',
  'Diaries',
  'Company',
  'Outpost',
];
const OVERVIEW_A = [
  'A retired cartographer',
  'Two estranged sisters',
  'A night-shift radio host',
  'An apprentice clockmaker',
  'A small-town detective',
  'A crew of salvage divers',
  'A disgraced chef',
  'A travelling circus',
  'A young archivist',
  'A lighthouse keeper',
];
const OVERVIEW_B = [
  'uncovers a map that should not exist',
  'must return home for one last summer',
  'receives messages from a station that closed decades ago',
  'builds a machine that predicts the weather of the heart',
  'follows a trail of forged postcards',
  'races a storm across an empty coast',
  'inherits a failing cinema',
  'searches for a missing melody',
  'is pulled into a feud between rival orchards',
  'discovers the town is being rewritten overnight',
];
const TAGLINES = ['Some doors open only once.', 'Every map lies a little.', 'Home is a moving target.', 'Listen closely.', ''];

const MOVIE_CERTS = ['G', 'PG', 'PG-13', 'R', 'PG-13', 'PG', 'NR'];
const TV_CERTS = ['TV-Y', 'TV-G', 'TV-PG', 'TV-14', 'TV-MA', 'TV-14', 'TV-PG'];

interface PublicDomainFilm {
  id: number;
  imdbId: string;
  title: string;
  date: string;
  runtime: number;
  genres: number[];
  overview: string;
  director: string;
}

/** Films in the public domain in the United States (real titles, real release dates). */
const PUBLIC_DOMAIN: readonly PublicDomainFilm[] = [
  {
    id: 653,
    imdbId: 'tt0013442',
    title: 'Nosferatu',
    date: '1922-03-04',
    runtime: 94,
    genres: [27, 14],
    director: 'F. W. Murnau',
    overview: 'The mysterious Count Orlok summons an estate agent to his castle, then travels to the agent’s town.',
  },
  {
    id: 19,
    imdbId: 'tt0017136',
    title: 'Metropolis',
    date: '1927-01-10',
    runtime: 148,
    genres: [18, 878],
    director: 'Fritz Lang',
    overview: 'In a futuristic city sharply divided between workers and planners, the son of the city’s master falls for a prophet.',
  },
  {
    id: 234,
    imdbId: 'tt0010323',
    title: 'The Cabinet of Dr. Caligari',
    date: '1920-02-27',
    runtime: 77,
    genres: [18, 27, 53],
    director: 'Robert Wiene',
    overview: 'A hypnotist uses a somnambulist to commit murders in a small German town.',
  },
  {
    id: 10331,
    imdbId: 'tt0063350',
    title: 'Night of the Living Dead',
    date: '1968-10-04',
    runtime: 96,
    genres: [27, 53],
    director: 'George A. Romero',
    overview: 'A group of strangers barricade themselves in a farmhouse while the dead return to life.',
  },
  {
    id: 961,
    imdbId: 'tt0017925',
    title: 'The General',
    date: '1926-12-31',
    runtime: 79,
    genres: [12, 35, 10752, 28],
    director: 'Buster Keaton',
    overview: 'A railway engineer pursues the stolen locomotive he loves through enemy lines.',
  },
  {
    id: 775,
    imdbId: 'tt0000417',
    title: 'A Trip to the Moon',
    date: '1902-09-01',
    runtime: 14,
    genres: [12, 14, 878],
    director: 'Georges Méliès',
    overview: 'A group of astronomers travel to the Moon in a capsule fired from a giant cannon.',
  },
  {
    id: 992,
    imdbId: 'tt0015324',
    title: 'Sherlock Jr.',
    date: '1924-04-21',
    runtime: 45,
    genres: [35, 28, 10749],
    director: 'Buster Keaton',
    overview: 'A film projectionist who dreams of being a detective walks into the movie he is showing.',
  },
  {
    id: 10098,
    imdbId: 'tt0012349',
    title: 'The Kid',
    date: '1921-01-21',
    runtime: 68,
    genres: [35, 18, 10751],
    director: 'Charles Chaplin',
    overview: 'The Tramp cares for an abandoned child, until events put their relationship in jeopardy.',
  },
  {
    id: 10513,
    imdbId: 'tt0052077',
    title: 'Plan 9 from Outer Space',
    date: '1957-07-22',
    runtime: 79,
    genres: [27, 878],
    director: 'Edward D. Wood Jr.',
    overview: 'Aliens resurrect the dead of Earth to stop humanity from building a doomsday weapon.',
  },
  {
    id: 3085,
    imdbId: 'tt0032599',
    title: 'His Girl Friday',
    date: '1940-01-11',
    runtime: 92,
    genres: [35, 10749],
    director: 'Howard Hawks',
    overview: 'A newspaper editor uses every trick to keep his ex-wife, his best reporter, from remarrying.',
  },
  {
    id: 4808,
    imdbId: 'tt0056923',
    title: 'Charade',
    date: '1963-12-05',
    runtime: 113,
    genres: [9648, 10749, 35, 53],
    director: 'Stanley Donen',
    overview: 'Romance and suspense ensue in Paris as a woman is pursued by men who want a fortune her husband stole.',
  },
  {
    id: 16093,
    imdbId: 'tt0055830',
    title: 'Carnival of Souls',
    date: '1962-09-26',
    runtime: 78,
    genres: [27, 9648],
    director: 'Herk Harvey',
    overview: 'After a car accident, a church organist is drawn to an abandoned lakeside pavilion.',
  },
];

const usedTitles = new Set<string>(PUBLIC_DOMAIN.map((f) => f.title));
const inventTitle = (nouns: readonly string[]): string => {
  for (;;) {
    const form = rand();
    const title =
      form < 0.45
        ? `The ${pick(ADJ)} ${pick(nouns)}`
        : form < 0.7
          ? `${pick(ADJ)} ${pick(nouns)}`
          : form < 0.85
            ? `${pick(nouns)} of the ${pick(ADJ)} ${pick(nouns)}`
            : `The ${pick(nouns)}`;
    if (!usedTitles.has(title)) {
      usedTitles.add(title);
      return title;
    }
  }
};
const overview = (): string => `${pick(OVERVIEW_A)} ${pick(OVERVIEW_B)}.`;

/** Each title gets `count` genres so that every genre ends up with roughly the same number of titles. */
const spreadGenres = (genres: readonly Genre[], index: number, count: number): number[] => {
  const ids: number[] = [];
  for (let k = 0; k < count; k += 1) {
    const genre = genres[(index * count + k) % genres.length] as Genre;
    if (!ids.includes(genre.id)) ids.push(genre.id);
  }
  return ids;
};
/** Two or three providers per title, spread so every provider has about the same number of titles. */
const spreadProviders = (index: number, all: readonly WatchProvider[]): number[] => {
  const n = all.length;
  const picks = [index % n, (index + 2) % n];
  if (index % 2 === 0) picks.push((index + 4) % n);
  return [...new Set(picks.map((k) => (all[k] as WatchProvider).provider_id))];
};
const MOVIE_PROVIDERS = WATCH_PROVIDERS.filter((p) => p.provider_id !== 257);
const TV_PROVIDERS = WATCH_PROVIDERS.filter((p) => p.provider_id !== 9 && p.provider_id !== 99);

const movies: Movie[] = [];
const INVENTED_MOVIES = 118;
for (let i = 0; i < PUBLIC_DOMAIN.length + INVENTED_MOVIES; i += 1) {
  const pd = PUBLIC_DOMAIN[i];
  const invented = i - PUBLIC_DOMAIN.length;
  // Release dates: the first 26 invented titles are recent ("now playing"), 4 are upcoming, one has none.
  let releaseDate: string;
  if (pd) releaseDate = pd.date;
  else if (invented < 26) releaseDate = dayOffset(-(invented + 1));
  else if (invented < 30) releaseDate = dayOffset(14 + (invented - 26) * 20);
  else if (invented === 30) releaseDate = '';
  else releaseDate = dayOffset(-between(60, 365 * 30));
  const title = pd ? pd.title : inventTitle(NOUN);
  const id = pd ? pd.id : 900_001 + invented;
  const directorByName: Person | undefined = pd
    ? { id: 7_000_000 + i, name: pd.director, gender: 2, department: 'Directing', popularity: 5, profilePath: null }
    : undefined;
  const voteCount = releaseDate > TODAY || releaseDate === '' ? 0 : between(12, 24_000);
  movies.push({
    kind: 'movie',
    id,
    imdbId: pd ? pd.imdbId : `tt9${String(100_001 + invented).padStart(6, '0')}`,
    title,
    originalTitle: title,
    originalLanguage:
      pd && ['Nosferatu', 'Metropolis', 'The Cabinet of Dr. Caligari'].includes(pd.title)
        ? 'de'
        : pd?.title === 'A Trip to the Moon'
          ? 'fr'
          : 'en',
    releaseDate,
    overview: pd ? pd.overview : overview(),
    tagline: pick(TAGLINES),
    genreIds: pd ? [...pd.genres] : spreadGenres(MOVIE_GENRES, invented, 4),
    providerIds: spreadProviders(i, MOVIE_PROVIDERS),
    runtime: pd ? pd.runtime : between(78, 165),
    certification: pd ? (i % 2 ? 'NR' : 'PG') : (MOVIE_CERTS[i % MOVIE_CERTS.length] as string),
    voteAverage: voteCount ? round(4 + rand() * 5, 3) : 0,
    voteCount,
    popularity: round(1 + rand() * 400, 3),
    adult: false,
    posterPath: invented % 37 === 5 ? null : `/poster-m${id}.png`,
    backdropPath: invented % 29 === 7 ? null : `/backdrop-m${id}.png`,
    directors: directorByName ? [directorByName] : i % 11 === 4 ? [pick(directors), pick(directors)] : [pick(directors)],
    writers: [pick(writers)],
    cast: castList(between(5, 9)),
    publicDomain: Boolean(pd),
    budget: pd ? 0 : between(0, 90) * 1_000_000,
    revenue: pd ? 0 : between(0, 300) * 1_000_000,
  });
}
// Two adult-flagged titles: only returned with include_adult=true.
for (let k = 0; k < 2; k += 1) {
  const id = 990_001 + k;
  const title = k === 0 ? 'After Hours at the Velvet Lounge' : 'The Midnight Revue';
  movies.push({
    kind: 'movie',
    id,
    imdbId: `tt99${String(90_001 + k).padStart(5, '0')}`,
    title,
    originalTitle: title,
    originalLanguage: 'en',
    releaseDate: dayOffset(-400 - k * 90),
    overview: 'A title flagged adult (include_adult test data).',
    tagline: '',
    genreIds: [18, 10749],
    providerIds: [],
    runtime: 88,
    certification: 'NC-17',
    voteAverage: 5.1,
    voteCount: 40,
    popularity: 2.5,
    adult: true,
    posterPath: `/poster-m${id}.png`,
    backdropPath: null,
    directors: [pick(directors)],
    writers: [pick(writers)],
    cast: castList(3),
    publicDomain: false,
    budget: 0,
    revenue: 0,
  });
}
export const MOVIES: readonly Movie[] = movies;

// ------------------------------------------------------------------------------------------------
// Shows

const NETWORKS = [
  { id: 213, name: 'Netflix', logo_path: '/logo-network-213.svg', origin_country: '' },
  { id: 49, name: 'HBO', logo_path: '/logo-network-49.svg', origin_country: 'US' },
  { id: 2552, name: 'Apple TV+', logo_path: '/logo-network-2552.svg', origin_country: '' },
  { id: 453, name: 'Hulu', logo_path: '/logo-network-453.svg', origin_country: 'US' },
  { id: 4330, name: 'Paramount+', logo_path: '/logo-network-4330.svg', origin_country: 'US' },
];
const EPISODE_WORDS = [
  'Arrival',
  'The Signal',
  'Low Tide',
  'Crossroads',
  'Ghost Light',
  'The Ledger',
  'Undertow',
  'Homecoming',
  'Static',
  'First Frost',
  'The Visitor',
  'Open Water',
];

const shows: Show[] = [];
const SHOW_COUNT = 64;
let episodeSerial = 0;
for (let i = 0; i < SHOW_COUNT; i += 1) {
  const id = 910_001 + i;
  const name = inventTitle(SHOW_NOUN);
  // Seasons: the first 6 shows run 3-5 seasons; a few shows have a specials season 0.
  const seasonCount = i < 6 ? 3 + (i % 3) : 1 + (i % 3 === 0 ? 1 : 0);
  const firstYearsAgo = i < 6 ? seasonCount + 1 : between(1, 12);
  const ongoing = i % 4 === 0; // last season still airing: future and missing air dates
  const upcoming = i === SHOW_COUNT - 1; // nothing aired yet
  const seasons: Season[] = [];
  const numbers = i % 16 === 2 ? [0] : [];
  for (let s = 1; s <= seasonCount; s += 1) numbers.push(s);
  for (const s of numbers) {
    const episodes: Episode[] = [];
    const count = s === 0 ? 2 : between(4, 8);
    const last = s === seasonCount;
    const seasonStart = upcoming ? 21 : -Math.round((firstYearsAgo - (s === 0 ? 0 : s - 1)) * 365);
    for (let e = 1; e <= count; e += 1) {
      episodeSerial += 1;
      let airDate: string | null = dayOffset(seasonStart + (e - 1) * 7);
      if (ongoing && last && s !== 0) {
        // Half aired, then two in the future, then one with no date yet.
        const aired = Math.ceil(count / 2);
        if (e <= aired) airDate = dayOffset(-7 * (aired - e + 1));
        else if (e === count) airDate = null;
        else airDate = dayOffset(7 * (e - aired));
      }
      const epId = 5_000_000 + i * 1000 + s * 50 + e;
      const aired = airDate !== null && airDate <= TODAY;
      episodes.push({
        id: epId,
        number: e,
        seasonNumber: s,
        name: s === 0 ? `Special ${e}` : `${pick(EPISODE_WORDS)}${e > 6 ? ` (Part ${e - 6})` : ''}`,
        overview: aired ? overview() : '',
        airDate,
        runtime: aired ? between(22, 58) : null,
        stillPath: aired ? `/still-e${epId}.png` : null,
        voteAverage: aired ? round(5 + rand() * 4.5, 3) : 0,
        voteCount: aired ? between(1, 400) : 0,
        episodeType: e === count ? 'finale' : e === Math.ceil(count / 2) && count > 6 ? 'mid_season' : 'standard',
        director: pick(directors),
        writer: pick(writers),
        guestStars: castList(between(1, 3)),
      });
    }
    seasons.push({
      id: 600_000 + i * 20 + s,
      number: s,
      name: s === 0 ? 'Specials' : `Season ${s}`,
      overview: s === 0 ? '' : `Season ${s} of ${name}.`,
      airDate: episodes[0]?.airDate ?? null,
      posterPath: `/poster-s${600_000 + i * 20 + s}.png`,
      voteAverage: round(5 + rand() * 4, 1),
      episodes,
    });
  }
  const lastAired = seasons.flatMap((season) => season.episodes).some((e) => e.airDate && e.airDate <= TODAY);
  const voteCount = lastAired ? between(20, 9_000) : 0;
  shows.push({
    kind: 'tv',
    id,
    imdbId: `tt8${String(200_001 + i).padStart(6, '0')}`,
    tvdbId: 420_001 + i,
    name,
    originalName: name,
    originalLanguage: i % 9 === 4 ? 'es' : 'en',
    overview: overview(),
    tagline: pick(TAGLINES),
    genreIds: spreadGenres(TV_GENRES, i, 5),
    providerIds: spreadProviders(i, TV_PROVIDERS),
    rating: TV_CERTS[i % TV_CERTS.length] as string,
    voteAverage: voteCount ? round(5 + rand() * 4.4, 3) : 0,
    voteCount,
    popularity: round(1 + rand() * 500, 3),
    adult: false,
    posterPath: i % 23 === 11 ? null : `/poster-t${id}.png`,
    backdropPath: `/backdrop-t${id}.png`,
    creators: [pick(writers)],
    cast: castList(between(5, 8)),
    network: NETWORKS[i % NETWORKS.length] as Show['network'],
    status: upcoming ? 'In Production' : ongoing ? 'Returning Series' : 'Ended',
    type: i % 10 === 3 ? 'Miniseries' : 'Scripted',
    seasons,
  });
}
export const SHOWS: readonly Show[] = shows;
export const EPISODE_COUNT = episodeSerial;

// ------------------------------------------------------------------------------------------------
// Lookups and editor picks

export const movieById = new Map<number, Movie>(MOVIES.map((m) => [m.id, m]));
export const showById = new Map<number, Show>(SHOWS.map((s) => [s.id, s]));
export const titleByImdbId = new Map<string, Movie | Show>([
  ...MOVIES.map((m) => [m.imdbId, m] as const),
  ...SHOWS.map((s) => [s.imdbId, s] as const),
]);
export const showByTvdbId = new Map<number, Show>(SHOWS.map((s) => [s.tvdbId, s]));
export const episodeById = new Map<number, { show: Show; season: Season; episode: Episode }>();
for (const show of SHOWS)
  for (const season of show.seasons) for (const episode of season.episodes) episodeById.set(episode.id, { show, season, episode });

/** The 31 movies of Discover's Editor Picks tab (TMDB ids in this catalog). */
export const EDITOR_PICK_MOVIE_IDS: readonly number[] = [
  ...PUBLIC_DOMAIN.map((f) => f.id),
  ...MOVIES.filter((m) => !m.publicDomain && !m.adult && m.releaseDate && m.releaseDate <= TODAY)
    .slice(30, 30 + 31 - PUBLIC_DOMAIN.length)
    .map((m) => m.id),
];
/** The 16 shows of Discover's Editor Picks tab (TMDB ids in this catalog). */
export const EDITOR_PICK_SHOW_IDS: readonly number[] = SHOWS.slice(0, 16).map((s) => s.id);

/** IMDb ids that have an IMDb-style title page (`/title/{imdbId}/`) on the catalog service. */
export const IMDB_PAGE_IDS: readonly string[] = [
  ...MOVIES.filter((m) => !m.adult && m.voteCount > 0)
    .slice(0, 20)
    .map((m) => m.imdbId),
  ...SHOWS.slice(0, 8).map((s) => s.imdbId),
];
