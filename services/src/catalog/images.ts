/**
 * Generated artwork, served like image.tmdb.org (/t/p/{size}/{file}). Posters, backdrops, stills and
 * profiles are raster images (PNG; TMDB's are JPEG) so a browser decodes them off its main thread as it
 * does real ones; an SVG with text is laid out and painted on the page's main thread, which would make the
 * stand-in's artwork weigh on the home page as real artwork does not. Logos stay SVG
 * with the name, as many of TMDB's are.
 */
import { PNG } from 'pngjs';
import { PEOPLE, WATCH_PROVIDERS, episodeById, movieById, showById } from './data';

export const IMAGE_SIZES = ['w45', 'w92', 'w154', 'w185', 'w300', 'w342', 'w500', 'w780', 'w1280', 'h632', 'original'];

type Kind = 'poster' | 'backdrop' | 'still' | 'profile' | 'logo';
const ASPECT: Record<Kind, number> = { poster: 1.5, backdrop: 9 / 16, still: 9 / 16, profile: 1.5, logo: 0.4 };
const ORIGINAL_WIDTH: Record<Kind, number> = { poster: 1000, backdrop: 1920, still: 1280, profile: 600, logo: 500 };

const escapeXml = (text: string): string =>
  text.replace(/[<>&"']/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[ch] ?? ch);

const fontSize = (text: string, max: number): number => Math.min(max, Math.floor((300 * 0.9) / (text.length * 0.62)));
const hue = (n: number): number => (n * 47) % 360;

/** Finds the label for a file name such as `poster-m900001.png` or `logo-m653.svg`; undefined when nothing has that image. */
function describe(file: string): { kind: Kind; label: string; sub: string; seed: number } | undefined {
  const match = /^(poster|backdrop|still|profile|logo)-([a-z]+)(\d+)\.(png|svg)$/.exec(file);
  if (!match) return undefined;
  const kind = match[1] as Kind;
  if ((kind === 'logo') !== (match[4] === 'svg')) return undefined;
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

export interface Image {
  contentType: 'image/png' | 'image/svg+xml';
  body: Uint8Array<ArrayBuffer> | string;
}

/** Encoded raster images by size and file: each is drawn once (drawing one costs far more than serving it). */
const rasterCache = new Map<string, Uint8Array<ArrayBuffer>>();
const RASTER_CACHE_ENTRIES = 400;

/** `hsl()` to 0–255 RGB. */
function rgb(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

/** The artwork drawn as pixels: a vertical gradient in the title's hue with a translucent disc. */
function drawRaster(width: number, height: number, seed: number): Uint8Array<ArrayBuffer> {
  const png = new PNG({ width, height });
  const h = hue(seed);
  const top = rgb(h, 0.55, 0.38);
  const bottom = rgb((h + 40) % 360, 0.6, 0.14);
  const disc = rgb((h + 180) % 360, 0.7, 0.6);
  const cx = width * 0.78;
  const cy = height * 0.22;
  const r = Math.min(width, height) * 0.18;
  const data = png.data;
  for (let y = 0; y < height; y++) {
    const t = height > 1 ? y / (height - 1) : 0;
    const row = top.map((c, i) => c + (bottom[i]! - c) * t);
    for (let x = 0; x < width; x++) {
      const inDisc = (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
      const at = (y * width + x) * 4;
      for (let i = 0; i < 3; i++) data[at + i] = Math.round(inDisc ? row[i]! * 0.45 + disc[i]! * 0.55 : row[i]!);
      data[at + 3] = 255;
    }
  }
  return new Uint8Array(PNG.sync.write(png, { colorType: 2, inputColorType: 6, filterType: 2 }));
}

/** The image for `/t/p/{size}/{file}`, or undefined (404) for an unknown size or file. */
export function renderImage(size: string, file: string): Image | undefined {
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
  if (d.kind !== 'logo') {
    const key = `${size}/${file}`;
    let body = rasterCache.get(key);
    if (!body) {
      body = drawRaster(width, height, d.seed);
      if (rasterCache.size >= RASTER_CACHE_ENTRIES) rasterCache.delete(rasterCache.keys().next().value!);
      rasterCache.set(key, body);
    }
    return { contentType: 'image/png', body };
  }
  const h = hue(d.seed);
  const title = escapeXml(d.label);
  const sub = escapeXml(`${d.sub}${d.sub ? ' · ' : ''}${d.kind} ${size}`);
  // viewBox in a fixed coordinate system so the text scales with the requested size.
  const vw = 300;
  const vh = Math.round(vw * ASPECT[d.kind]);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${vw} ${vh}" role="img" aria-label="${title}">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${h},55%,38%)"/><stop offset="1" stop-color="hsl(${(h + 40) % 360},60%,14%)"/></linearGradient></defs>
<rect width="${vw}" height="${vh}" fill="url(#g)"/>
<circle cx="${vw * 0.78}" cy="${vh * 0.22}" r="${vh * 0.12}" fill="hsl(${(h + 180) % 360},70%,60%)" opacity="0.55"/>
<text x="${vw / 2}" y="${vh * 0.55}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${fontSize(d.label, d.kind === 'logo' ? 28 : 22)}" font-weight="700" fill="#fff" text-anchor="middle">${title}</text>
<text x="${vw / 2}" y="${vh * 0.55 + 24}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${fontSize(`${d.sub} · ${d.kind} ${size}`, 12)}" fill="#e8e8e8" text-anchor="middle">${sub}</text>
</svg>`;
  return { contentType: 'image/svg+xml', body: svg };
}
