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
/** Episodes of the invented shows. */
export const EPISODE_COUNT = episodeSerial;

// ------------------------------------------------------------------------------------------------
// Editor picks: real titles with their TMDB ids, so that the product's fixed Editor Picks list is the
// same against TMDB and against this catalog. Title, original title, release or air dates, runtime,
// TMDB genre ids, seasons and episode counts are TMDB's; overviews are short descriptions of our own;
// cast, votes and artwork are generated like the invented titles'.

interface PickedFilm {
  id: number;
  imdbId: string;
  title: string;
  originalTitle?: string;
  originalLanguage?: string;
  date: string;
  runtime: number;
  genres: number[];
  certification: string;
  director: string;
  overview: string;
}

const PICKED_FILMS: readonly PickedFilm[] = [
  {
    id: 27205,
    imdbId: 'tt1375666',
    title: 'Inception',
    date: '2010-07-15',
    runtime: 148,
    genres: [28, 878, 12],
    certification: 'PG-13',
    director: 'Christopher Nolan',
    overview: 'A thief who steals secrets from dreams is offered a way home if he can plant an idea instead.',
  },
  {
    id: 157336,
    imdbId: 'tt0816692',
    title: 'Interstellar',
    date: '2014-11-05',
    runtime: 169,
    genres: [12, 18, 878],
    certification: 'PG-13',
    director: 'Christopher Nolan',
    overview: 'As crops fail on Earth, a former pilot leads a crew through a wormhole in search of a new home.',
  },
  {
    id: 120,
    imdbId: 'tt0120737',
    title: 'The Lord of the Rings: The Fellowship of the Ring',
    date: '2001-12-18',
    runtime: 179,
    genres: [12, 14, 28],
    certification: 'PG-13',
    director: 'Peter Jackson',
    overview: 'A hobbit sets out with eight companions to destroy a ring of terrible power.',
  },
  {
    id: 329,
    imdbId: 'tt0107290',
    title: 'Jurassic Park',
    date: '1993-06-11',
    runtime: 127,
    genres: [12, 878],
    certification: 'PG-13',
    director: 'Steven Spielberg',
    overview: 'Visitors to an island park of cloned dinosaurs are stranded when its systems fail.',
  },
  {
    id: 22,
    imdbId: 'tt0325980',
    title: 'Pirates of the Caribbean: The Curse of the Black Pearl',
    date: '2003-07-09',
    runtime: 143,
    genres: [12, 14, 28],
    certification: 'PG-13',
    director: 'Gore Verbinski',
    overview: 'A blacksmith teams up with an eccentric pirate to rescue the governor’s daughter from a cursed crew.',
  },
  {
    id: 335984,
    imdbId: 'tt1856101',
    title: 'Blade Runner 2049',
    date: '2017-10-04',
    runtime: 164,
    genres: [878, 18],
    certification: 'R',
    director: 'Denis Villeneuve',
    overview: 'A replicant blade runner unearths a secret that leads him to a former blade runner missing for decades.',
  },
  {
    id: 264660,
    imdbId: 'tt0470752',
    title: 'Ex Machina',
    date: '2015-01-21',
    runtime: 108,
    genres: [18, 878],
    certification: 'R',
    director: 'Alex Garland',
    overview: 'A programmer is invited to a remote estate to judge whether a humanoid robot is truly conscious.',
  },
  {
    id: 152601,
    imdbId: 'tt1798709',
    title: 'Her',
    date: '2013-12-18',
    runtime: 126,
    genres: [10749, 878, 18],
    certification: 'R',
    director: 'Spike Jonze',
    overview: 'A lonely writer falls in love with the operating system that runs his life.',
  },
  {
    id: 545611,
    imdbId: 'tt6710474',
    title: 'Everything Everywhere All at Once',
    date: '2022-03-24',
    runtime: 140,
    genres: [28, 12, 878],
    certification: 'R',
    director: 'Daniel Kwan',
    overview: 'A laundromat owner being audited discovers she can borrow the skills of her selves in other universes.',
  },
  {
    id: 693134,
    imdbId: 'tt15239678',
    title: 'Dune: Part Two',
    date: '2024-02-27',
    runtime: 167,
    genres: [878, 12],
    certification: 'PG-13',
    director: 'Denis Villeneuve',
    overview: 'Paul Atreides joins the Fremen and seeks revenge against those who destroyed his family.',
  },
  {
    id: 106646,
    imdbId: 'tt0993846',
    title: 'The Wolf of Wall Street',
    date: '2013-12-25',
    runtime: 180,
    genres: [80, 18, 35],
    certification: 'R',
    director: 'Martin Scorsese',
    overview: 'A stockbroker’s rise to wealth on fraud and excess, and his fall.',
  },
  {
    id: 207,
    imdbId: 'tt0097165',
    title: 'Dead Poets Society',
    date: '1989-06-02',
    runtime: 128,
    genres: [18],
    certification: 'PG',
    director: 'Peter Weir',
    overview: 'An unconventional English teacher inspires the students of a strict boarding school.',
  },
  {
    id: 762,
    imdbId: 'tt0071853',
    title: 'Monty Python and the Holy Grail',
    date: '1975-05-25',
    runtime: 91,
    genres: [12, 35, 14],
    certification: 'PG',
    director: 'Terry Gilliam',
    overview: 'King Arthur and his knights seek the Holy Grail, meeting one absurd obstacle after another.',
  },
  {
    id: 370172,
    imdbId: 'tt2382320',
    title: 'No Time to Die',
    date: '2021-09-29',
    runtime: 163,
    genres: [12, 28, 53],
    certification: 'PG-13',
    director: 'Cary Joji Fukunaga',
    overview: 'Called out of retirement, James Bond goes after a villain armed with a dangerous new technology.',
  },
  {
    id: 661374,
    imdbId: 'tt11564570',
    title: 'Glass Onion: A Knives Out Mystery',
    date: '2022-11-23',
    runtime: 140,
    genres: [35, 80, 9648],
    certification: 'PG-13',
    director: 'Rian Johnson',
    overview: 'Detective Benoit Blanc joins a tech billionaire’s island getaway, where a murder game turns real.',
  },
  {
    id: 330459,
    imdbId: 'tt3748528',
    title: 'Rogue One: A Star Wars Story',
    date: '2016-12-14',
    runtime: 133,
    genres: [28, 12, 878],
    certification: 'PG-13',
    director: 'Gareth Edwards',
    overview: 'A band of rebels sets out to steal the plans of the Empire’s planet-destroying battle station.',
  },
  {
    id: 334533,
    imdbId: 'tt3553976',
    title: 'Captain Fantastic',
    date: '2016-07-08',
    runtime: 118,
    genres: [18],
    certification: 'R',
    director: 'Matt Ross',
    overview: 'A father raising his six children in the forest must bring them back into society.',
  },
  {
    id: 293,
    imdbId: 'tt0105265',
    title: 'A River Runs Through It',
    date: '1992-10-09',
    runtime: 123,
    genres: [18],
    certification: 'PG',
    director: 'Robert Redford',
    overview: 'Two brothers grow up in Montana, bound by their minister father and fly fishing.',
  },
  {
    id: 9342,
    imdbId: 'tt0120746',
    title: 'The Mask of Zorro',
    date: '1998-07-16',
    runtime: 136,
    genres: [12, 28],
    certification: 'PG-13',
    director: 'Martin Campbell',
    overview: 'An ageing Zorro trains a young outlaw to take up his mask and sword.',
  },
];

for (const [k, film] of PICKED_FILMS.entries()) {
  const voteCount = between(2_000, 38_000);
  movies.push({
    kind: 'movie',
    id: film.id,
    imdbId: film.imdbId,
    title: film.title,
    originalTitle: film.originalTitle ?? film.title,
    originalLanguage: film.originalLanguage ?? 'en',
    releaseDate: film.date,
    overview: film.overview,
    tagline: '',
    genreIds: [...film.genres],
    providerIds: [],
    runtime: film.runtime,
    certification: film.certification,
    voteAverage: round(6.5 + rand() * 2, 3),
    voteCount,
    popularity: round(1 + rand() * 40, 3),
    adult: false,
    posterPath: `/poster-m${film.id}.png`,
    backdropPath: `/backdrop-m${film.id}.png`,
    directors: [{ id: 7_000_500 + k, name: film.director, gender: 2, department: 'Directing', popularity: 5, profilePath: null }],
    writers: [pick(writers)],
    cast: castList(between(5, 9)),
    publicDomain: false,
    budget: 0,
    revenue: 0,
  });
}

interface PickedShow {
  id: number;
  imdbId: string;
  name: string;
  originalName?: string;
  originalLanguage?: string;
  genres: number[];
  rating: string;
  network: Show['network'];
  status: Show['status'];
  type?: Show['type'];
  /** Minutes of an episode. */
  runtime: number;
  overview: string;
  /** TheTVDB's id where known; otherwise one of the catalog's own range. */
  tvdbId?: number;
  /** Each season, from season 1: its first air date and its number of episodes. */
  seasons: ReadonlyArray<readonly [string, number]>;
}

const network = (id: number, name: string, country: string): Show['network'] => ({
  id,
  name,
  logo_path: `/logo-network-${id}.svg`,
  origin_country: country,
});
const FOX = network(19, 'FOX', 'US');
const NETFLIX = NETWORKS[0] as Show['network'];
const HBO = NETWORKS[1] as Show['network'];
/** Seasons that start every autumn from `firstYear` (date of the first, then late September). */
const yearly = (first: string, counts: readonly number[]): Array<readonly [string, number]> =>
  counts.map((count, s) => [s === 0 ? first : `${Number(first.slice(0, 4)) + s}-09-28`, count] as const);

const PICKED_SHOWS: readonly PickedShow[] = [
  {
    id: 456,
    imdbId: 'tt0096697',
    name: 'The Simpsons',
    genres: [10751, 16, 35],
    rating: 'TV-PG',
    network: FOX,
    status: 'Returning Series',
    runtime: 22,
    overview: 'The satirical adventures of a working-class family in the town of Springfield.',
    seasons: yearly(
      '1989-12-17',
      [
        13, 22, 24, 22, 22, 25, 25, 25, 25, 23, 22, 21, 22, 22, 22, 21, 22, 22, 20, 21, 23, 22, 22, 22, 22, 22, 22, 22, 21, 23, 22, 22, 22,
        22, 18,
      ],
    ),
  },
  {
    id: 73021,
    imdbId: 'tt5363918',
    name: 'Disenchantment',
    genres: [16, 35, 10765],
    rating: 'TV-14',
    network: NETFLIX,
    status: 'Ended',
    runtime: 30,
    overview: 'A hard-drinking princess, her elf companion and her personal demon roam the medieval kingdom of Dreamland.',
    seasons: [
      ['2018-08-17', 10],
      ['2019-09-20', 10],
      ['2021-01-15', 10],
      ['2022-02-09', 10],
      ['2023-09-01', 10],
    ],
  },
  {
    id: 1434,
    imdbId: 'tt0182576',
    name: 'Family Guy',
    genres: [16, 35],
    rating: 'TV-14',
    network: FOX,
    status: 'Returning Series',
    runtime: 22,
    overview: 'Peter Griffin, his family and their talking dog get into trouble in Quahog, Rhode Island.',
    seasons: [
      ['1999-01-31', 7],
      ['1999-09-23', 21],
      ['2001-07-11', 22],
      ...yearly('2005-05-01', [30, 18, 12, 16, 21, 18, 23, 22, 21, 18, 20, 20, 20, 20, 20, 20, 20, 20, 15]),
    ],
  },
  {
    id: 1695,
    imdbId: 'tt0312172',
    name: 'Monk',
    genres: [35, 80, 18, 9648],
    rating: 'TV-PG',
    network: network(30, 'USA Network', 'US'),
    status: 'Ended',
    runtime: 44,
    overview: 'A brilliant detective whose phobias cost him his police job solves cases as a consultant.',
    seasons: [
      ['2002-07-12', 13],
      ['2003-06-20', 16],
      ['2004-06-18', 16],
      ['2005-07-08', 16],
      ['2006-07-07', 16],
      ['2007-07-13', 16],
      ['2008-07-18', 16],
      ['2009-08-07', 16],
    ],
  },
  {
    id: 1408,
    imdbId: 'tt0412142',
    name: 'House',
    genres: [18, 9648, 35],
    rating: 'TV-14',
    network: FOX,
    status: 'Ended',
    runtime: 44,
    overview: 'A misanthropic doctor and his team take on the cases no one else can diagnose.',
    seasons: [
      ['2004-11-16', 22],
      ['2005-09-13', 24],
      ['2006-09-05', 24],
      ['2007-09-25', 16],
      ['2008-09-16', 24],
      ['2009-09-21', 22],
      ['2010-09-20', 23],
      ['2011-10-03', 22],
    ],
  },
  {
    id: 93740,
    imdbId: 'tt0804484',
    name: 'Foundation',
    genres: [10765, 18],
    rating: 'TV-14',
    network: NETWORKS[2] as Show['network'],
    status: 'Returning Series',
    runtime: 60,
    overview: 'A mathematician who foresees the fall of the Galactic Empire sets out to shorten the dark age to come.',
    seasons: [
      ['2021-09-23', 10],
      ['2023-07-14', 10],
      ['2025-07-11', 10],
    ],
  },
  {
    id: 60625,
    imdbId: 'tt2861424',
    name: 'Rick and Morty',
    genres: [16, 35, 10765, 10759],
    rating: 'TV-MA',
    network: network(80, 'Adult Swim', 'US'),
    status: 'Returning Series',
    runtime: 22,
    overview: 'A reckless scientist drags his grandson on adventures across the multiverse.',
    seasons: [
      ['2013-12-02', 11],
      ['2015-07-26', 10],
      ['2017-04-01', 10],
      ['2019-11-10', 10],
      ['2021-06-20', 10],
      ['2022-09-04', 10],
      ['2023-10-15', 10],
      ['2025-05-25', 10],
    ],
  },
  {
    id: 1396,
    imdbId: 'tt0903747',
    name: 'Breaking Bad',
    genres: [18],
    rating: 'TV-MA',
    network: network(174, 'AMC', 'US'),
    status: 'Ended',
    runtime: 47,
    overview: 'A chemistry teacher with terminal cancer starts making methamphetamine to secure his family’s future.',
    tvdbId: 81189,
    seasons: [
      ['2008-01-19', 7],
      ['2009-03-08', 13],
      ['2010-03-21', 13],
      ['2011-07-17', 13],
      ['2012-07-15', 16],
    ],
  },
  {
    id: 44217,
    imdbId: 'tt2306299',
    name: 'Vikings',
    genres: [10759, 18, 10768],
    rating: 'TV-MA',
    network: network(65, 'History', 'US'),
    status: 'Ended',
    runtime: 44,
    overview: 'The Norse farmer Ragnar Lothbrok rises to become a legendary Viking raider and king.',
    seasons: [
      ['2013-03-03', 9],
      ['2014-02-27', 10],
      ['2015-02-19', 10],
      ['2016-02-18', 20],
      ['2017-11-29', 20],
      ['2019-12-04', 20],
    ],
  },
  {
    id: 90228,
    imdbId: 'tt10466872',
    name: 'Dune: Prophecy',
    genres: [10765, 18],
    rating: 'TV-MA',
    network: HBO,
    status: 'Returning Series',
    runtime: 60,
    overview: 'Ten thousand years before Paul Atreides, two sisters found the order that will become the Bene Gesserit.',
    seasons: [['2024-11-17', 6]],
  },
  {
    id: 13916,
    imdbId: 'tt0877057',
    name: 'Death Note',
    originalName: 'デスノート',
    originalLanguage: 'ja',
    genres: [16, 9648, 10765],
    rating: 'TV-14',
    network: network(57, 'Nippon TV', 'JP'),
    status: 'Ended',
    runtime: 23,
    overview: 'A student finds a notebook that kills anyone whose name is written in it, and a detective hunts him.',
    seasons: [['2006-10-04', 37]],
  },
  {
    id: 71912,
    imdbId: 'tt5180504',
    name: 'The Witcher',
    genres: [10765, 18, 10759],
    rating: 'TV-MA',
    network: NETFLIX,
    status: 'Returning Series',
    runtime: 60,
    overview: 'Geralt of Rivia, a monster hunter for hire, is bound by destiny to a young princess.',
    seasons: [
      ['2019-12-20', 8],
      ['2021-12-17', 8],
      ['2023-06-29', 8],
      ['2025-10-30', 8],
    ],
  },
  {
    id: 61222,
    imdbId: 'tt3398228',
    name: 'BoJack Horseman',
    genres: [16, 35, 18],
    rating: 'TV-MA',
    network: NETFLIX,
    status: 'Ended',
    runtime: 25,
    overview: 'A washed-up sitcom star, who is a horse, tries to make a comeback in Hollywood.',
    seasons: [
      ['2014-08-22', 12],
      ['2015-07-17', 12],
      ['2016-07-22', 12],
      ['2017-09-08', 12],
      ['2018-09-14', 12],
      ['2019-10-25', 16],
    ],
  },
  {
    id: 93405,
    imdbId: 'tt10919420',
    name: 'Squid Game',
    originalName: '오징어 게임',
    originalLanguage: 'ko',
    genres: [10759, 9648, 18],
    rating: 'TV-MA',
    network: NETFLIX,
    status: 'Ended',
    runtime: 55,
    overview: 'Hundreds of people in debt play deadly children’s games for a huge cash prize.',
    seasons: [
      ['2021-09-17', 9],
      ['2024-12-26', 7],
      ['2025-06-27', 6],
    ],
  },
  {
    id: 87108,
    imdbId: 'tt7366338',
    name: 'Chernobyl',
    genres: [18],
    rating: 'TV-MA',
    network: HBO,
    status: 'Ended',
    type: 'Miniseries',
    runtime: 65,
    overview: 'The 1986 nuclear disaster and the people who gave their lives to contain it.',
    seasons: [['2019-05-06', 5]],
  },
  {
    id: 105248,
    imdbId: 'tt12590266',
    name: 'Cyberpunk: Edgerunners',
    genres: [16, 10765, 10759],
    rating: 'TV-MA',
    network: NETFLIX,
    status: 'Ended',
    runtime: 25,
    overview: 'A street kid in a city obsessed with body modification becomes an edgerunner, a mercenary outlaw.',
    seasons: [['2022-09-13', 10]],
  },
];

/** Picked shows' seasons and episodes get ids of their own range (TMDB's are not modelled). */
for (const [k, picked] of PICKED_SHOWS.entries()) {
  const seasons: Season[] = picked.seasons.map(([premiere, count], index) => {
    const number = index + 1;
    const seasonId = 700_000 + k * 100 + number;
    const episodes: Episode[] = [];
    for (let e = 1; e <= count; e += 1) {
      const epId = 6_000_000 + k * 10_000 + number * 100 + e;
      const airDate = new Date(Date.parse(premiere) + (e - 1) * 7 * DAY).toISOString().slice(0, 10);
      episodes.push({
        id: epId,
        number: e,
        seasonNumber: number,
        name: `Episode ${e}`,
        overview: `Season ${number}, episode ${e} of ${picked.name}.`,
        airDate,
        runtime: picked.runtime,
        stillPath: `/still-e${epId}.png`,
        voteAverage: round(6 + rand() * 3.5, 3),
        voteCount: between(20, 900),
        episodeType: e === count ? 'finale' : 'standard',
        director: pick(directors),
        writer: pick(writers),
        guestStars: [],
      });
    }
    return {
      id: seasonId,
      number,
      name: `Season ${number}`,
      overview: '',
      airDate: premiere,
      posterPath: `/poster-s${seasonId}.png`,
      voteAverage: round(6 + rand() * 3, 1),
      episodes,
    };
  });
  shows.push({
    kind: 'tv',
    id: picked.id,
    imdbId: picked.imdbId,
    tvdbId: picked.tvdbId ?? 430_001 + k,
    name: picked.name,
    originalName: picked.originalName ?? picked.name,
    originalLanguage: picked.originalLanguage ?? 'en',
    overview: picked.overview,
    tagline: '',
    genreIds: [...picked.genres],
    providerIds: [],
    rating: picked.rating,
    voteAverage: round(7 + rand() * 2, 3),
    voteCount: between(2_000, 20_000),
    popularity: round(1 + rand() * 60, 3),
    adult: false,
    posterPath: `/poster-t${picked.id}.png`,
    backdropPath: `/backdrop-t${picked.id}.png`,
    creators: [pick(writers)],
    cast: castList(between(5, 8)),
    network: picked.network,
    status: picked.status,
    type: picked.type ?? 'Scripted',
    seasons,
  });
}

export const MOVIES: readonly Movie[] = movies;
export const SHOWS: readonly Show[] = shows;

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

/** The 31 movies of Discover's Editor Picks tab: real TMDB ids, the public-domain films first. */
export const EDITOR_PICK_MOVIE_IDS: readonly number[] = [...PUBLIC_DOMAIN.map((f) => f.id), ...PICKED_FILMS.map((f) => f.id)];
/** The 16 shows of Discover's Editor Picks tab: real TMDB ids. */
export const EDITOR_PICK_SHOW_IDS: readonly number[] = PICKED_SHOWS.map((s) => s.id);

/** IMDb ids that have an IMDb-style title page (`/title/{imdbId}/`) on the catalog service. */
export const IMDB_PAGE_IDS: readonly string[] = [
  ...MOVIES.filter((m) => !m.adult && m.voteCount > 0)
    .slice(0, 20)
    .map((m) => m.imdbId),
  ...SHOWS.slice(0, 8).map((s) => s.imdbId),
];
