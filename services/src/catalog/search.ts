/** /3/search: titles and people whose names match the query, best match first, then by popularity. */
import type { Context } from 'hono';
import { MOVIES, PEOPLE, SHOWS, type Movie, type Show } from './data';
import { includeAdult, pageParam } from './http';
import { movieItem, paginate, personItem, showItem, type JsonObject } from './tmdb';

const normalize = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** 0 = no match; higher is better. */
function matchScore(query: string, text: string): number {
  const q = normalize(query);
  const t = normalize(text);
  if (!q) return 0;
  if (t === q) return 4;
  if (t.startsWith(q)) return 3;
  if (t.includes(q)) return 2;
  const words = q.split(' ');
  return words.every((w) => t.split(' ').some((tw) => tw.startsWith(w))) ? 1 : 0;
}

export function searchResults(c: Context): JsonObject {
  const type = c.req.param('type');
  const query = c.req.query('query') ?? '';
  const page = pageParam(c);
  const adult = includeAdult(c);
  const scored: Array<{ score: number; popularity: number; item: JsonObject }> = [];
  if (type !== 'tv')
    for (const m of MOVIES) {
      if (m.adult && !adult) continue;
      const score = Math.max(matchScore(query, m.title), matchScore(query, m.originalTitle));
      if (score) scored.push({ score, popularity: m.popularity, item: movieItem(m, type === 'multi') });
    }
  if (type !== 'movie')
    for (const s of SHOWS) {
      const score = Math.max(matchScore(query, s.name), matchScore(query, s.originalName));
      if (score) scored.push({ score, popularity: s.popularity, item: showItem(s, type === 'multi') });
    }
  if (type === 'multi')
    for (const p of PEOPLE) {
      const score = matchScore(query, p.name);
      if (!score) continue;
      const knownFor: Array<Movie | Show> = [
        ...MOVIES.filter((m) => !m.adult && (m.cast.some((x) => x.person.id === p.id) || m.directors.some((d) => d.id === p.id))),
        ...SHOWS.filter((s) => s.cast.some((x) => x.person.id === p.id)),
      ];
      scored.push({ score, popularity: p.popularity, item: personItem(p, knownFor) });
    }
  scored.sort((a, b) => b.score - a.score || b.popularity - a.popularity);
  return paginate(
    scored.map((s) => s.item),
    page,
  );
}
