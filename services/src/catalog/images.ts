/** Generated artwork: small SVG images labelled with the title, served like image.tmdb.org (/t/p/{size}/{file}). */
import { PEOPLE, WATCH_PROVIDERS, episodeById, movieById, showById } from './data';

export const IMAGE_SIZES = ['w45', 'w92', 'w154', 'w185', 'w300', 'w342', 'w500', 'w780', 'w1280', 'h632', 'original'];

type Kind = 'poster' | 'backdrop' | 'still' | 'profile' | 'logo';
const ASPECT: Record<Kind, number> = { poster: 1.5, backdrop: 9 / 16, still: 9 / 16, profile: 1.5, logo: 0.4 };
const ORIGINAL_WIDTH: Record<Kind, number> = { poster: 1000, backdrop: 1920, still: 1280, profile: 600, logo: 500 };

const escapeXml = (text: string): string =>
  text.replace(/[<>&"']/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[ch] ?? ch);

const fontSize = (text: string, max: number): number => Math.min(max, Math.floor((300 * 0.9) / (text.length * 0.62)));
const hue = (n: number): number => (n * 47) % 360;

/** Finds the label for a file name such as `poster-m900001.svg`; undefined when nothing has that image. */
function describe(file: string): { kind: Kind; label: string; sub: string; seed: number } | undefined {
  const match = /^(poster|backdrop|still|profile|logo)-([a-z]+)(\d+)\.svg$/.exec(file);
  if (!match) return undefined;
  const kind = match[1] as Kind;
  const prefix = match[2] as string;
  const id = Number(match[3]);
  if (prefix === 'm') {
    const m = movieById.get(id);
    return m && { kind, label: m.title, sub: m.releaseDate.slice(0, 4) || 'Movie', seed: id };
  }
  if (prefix === 't') {
    const s = showById.get(id);
    return s && { kind, label: s.name, sub: 'TV series', seed: id };
  }
  if (prefix === 's') {
    for (const show of showById.values()) {
      const season = show.seasons.find((x) => x.id === id);
      if (season) return { kind, label: show.name, sub: season.name, seed: show.id };
    }
    return undefined;
  }
  if (prefix === 'e') {
    const found = episodeById.get(id);
    return (
      found && {
        kind,
        label: found.episode.name,
        sub: `${found.show.name} · S${found.season.number}E${found.episode.number}`,
        seed: found.show.id,
      }
    );
  }
  if (prefix === 'p') {
    const person = PEOPLE.find((p) => p.id === id);
    return person && { kind, label: person.name, sub: person.department, seed: id };
  }
  if (prefix === 'provider') {
    const provider = WATCH_PROVIDERS.find((p) => p.provider_id === id);
    return provider && { kind, label: provider.provider_name, sub: '', seed: id };
  }
  if (prefix === 'network') return { kind, label: `Network ${id}`, sub: '', seed: id };
  return undefined;
}

/** The SVG for `/t/p/{size}/{file}`, or undefined (404) for an unknown size or file. */
export function renderImage(size: string, file: string): string | undefined {
  if (!IMAGE_SIZES.includes(size)) return undefined;
  const d = describe(file);
  if (!d) return undefined;
  const requested = Number(size.slice(1));
  let width: number;
  let height: number;
  if (size === 'original') {
    width = ORIGINAL_WIDTH[d.kind];
    height = Math.round(width * ASPECT[d.kind]);
  } else if (size.startsWith('h')) {
    height = requested;
    width = Math.round(height / ASPECT[d.kind]);
  } else {
    width = requested;
    height = Math.round(width * ASPECT[d.kind]);
  }
  const h = hue(d.seed);
  const title = escapeXml(d.label);
  const sub = escapeXml(`${d.sub}${d.sub ? ' · ' : ''}${d.kind} ${size}`);
  // viewBox in a fixed coordinate system so the text scales with the requested size.
  const vw = 300;
  const vh = Math.round(vw * ASPECT[d.kind]);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${vw} ${vh}" role="img" aria-label="${title}">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${h},55%,38%)"/><stop offset="1" stop-color="hsl(${(h + 40) % 360},60%,14%)"/></linearGradient></defs>
<rect width="${vw}" height="${vh}" fill="url(#g)"/>
<circle cx="${vw * 0.78}" cy="${vh * 0.22}" r="${vh * 0.12}" fill="hsl(${(h + 180) % 360},70%,60%)" opacity="0.55"/>
<text x="${vw / 2}" y="${vh * 0.55}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${fontSize(d.label, d.kind === 'logo' ? 28 : 22)}" font-weight="700" fill="#fff" text-anchor="middle">${title}</text>
<text x="${vw / 2}" y="${vh * 0.55 + 24}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${fontSize(`${d.sub} · ${d.kind} ${size}`, 12)}" fill="#e8e8e8" text-anchor="middle">${sub}</text>
</svg>`;
}
