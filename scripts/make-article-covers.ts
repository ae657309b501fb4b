/**
 * Draws a cover picture for every article of content/articles/ (no stock photos can be fetched),
 * each its own: a palette from the article's town (geo.city, else geo.county, else the state), a
 * motif from its kind (new homes, living in, virtual tours, investment, the coast, read from its
 * slug), and its town and title set in the picture. Each cover is an ordinary 1200x675 JPEG,
 * content/articles/images/{slug}.jpg, that the article's front matter points to (coverImage);
 * the agent replaces one with a photograph saved under another name, coverImage pointing at it. An
 * article without coverImage gets the field added, with a text alternative.
 *
 *   npm run covers                 # draws missing covers only, adds missing coverImage fields
 *   npm run covers -- --force      # redraws every images/{slug}.jpg an article points to
 *
 * Covers are drawn from the front matter alone, deterministically: a redraw gives the same file.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { parse } from 'yaml';
import { hillPath, house, pine, rng } from './art/landscape.ts';
import { escapeXml, fitTitle, fontFamily, inkBox, textWidth, titleText } from './art/text.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const articleDir = join(root, 'content', 'articles');
const imageDir = join(articleDir, 'images');
const force = process.argv.includes('--force');

const W = 1200;
const H = 675;
const margin = 60;

interface FrontMatter {
  title: string;
  slug: string;
  coverImage?: { src: string; alt: string };
  geo?: { city?: string; county?: string; state?: string };
}

type Motif = 'new-construction' | 'tour' | 'investment' | 'coast' | 'living';

/** The article's kind, from its slug: each kind has its own motif. */
function motifOf(slug: string): Motif {
  if (/new-homes|new-construction/.test(slug)) return 'new-construction';
  if (/virtual-tour/.test(slug)) return 'tour';
  if (/cap-rate|multifamily|invest/.test(slug)) return 'investment';
  if (/beach|coast/.test(slug)) return 'coast';
  return 'living';
}

const motifAlt: Record<Motif, string> = {
  'new-construction': 'new homes going up beside a crane',
  tour: 'a tablet showing a home with a play button',
  investment: 'apartment buildings beside a rising bar chart',
  coast: 'a beach house on stilts above the dunes and the sea',
  living: 'a street of homes among pines',
};

/** A stable number from a string (FNV-1a), so a town always gets the same colours. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (const c of s.toLowerCase()) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return h;
}

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(((h % 360) + 360) % 360)}, ${s}%, ${l}%)`;

/** The town's palette: its hue from its name; the sky darkens towards the top and the title band. */
function palette(town: string) {
  const hue = (hash(town) % 36) * 10;
  return {
    skyTop: hsl(hue, 45, 26),
    skyBottom: hsl(hue + 30, 55, 58),
    sun: hsl(hue + 50, 90, 88),
    hills: [hsl(hue + 110, 30, 42), hsl(hue + 120, 32, 30), hsl(hue + 130, 35, 18)] as const,
    accent: hsl(hue + 180, 60, 45),
    light: hsl(hue + 30, 70, 92),
  };
}

type Palette = ReturnType<typeof palette>;

function motif(kind: Motif, p: Palette, r: () => number): string {
  const ground = H * 0.62;
  let out = '';
  switch (kind) {
    case 'new-construction': {
      // A crane and a row of houses, the last one still a frame.
      const cx = W * (0.74 + r() * 0.12);
      out += `<g stroke="${p.hills[2]}" stroke-width="10" fill="none"><path d="M${cx} ${ground} L${cx} ${H * 0.12} M${cx - 260} ${H * 0.14} L${cx + 90} ${H * 0.14} M${cx} ${H * 0.2} L${cx - 200} ${H * 0.14} M${cx - 220} ${H * 0.14} L${cx - 220} ${H * 0.32}"/></g>`;
      out += `<rect x="${cx - 238}" y="${H * 0.32}" width="36" height="28" fill="${p.accent}"/>`;
      const homes = 2 + Math.floor(r() * 3);
      const start = 0.56 - homes * 0.13;
      for (let i = 0; i < homes; i++) out += house(W * (start + i * 0.13), ground, 1.5, '#f7f4ef', p.accent, '#ffe8a3');
      const fx = W * (start + homes * 0.13);
      out += `<g stroke="#f7f4ef" stroke-width="5" fill="none"><path d="M${fx} ${ground} L${fx} ${ground - 60} L${fx + 52} ${ground - 108} L${fx + 104} ${ground - 60} L${fx + 104} ${ground} M${fx + 26} ${ground} L${fx + 26} ${ground - 60} M${fx + 52} ${ground} L${fx + 52} ${ground - 108} M${fx + 78} ${ground} L${fx + 78} ${ground - 60} M${fx} ${ground - 60} L${fx + 104} ${ground - 60}"/></g>`;
      break;
    }
    case 'tour': {
      // A tablet with a home on its screen and a play button.
      const tx = W * 0.52;
      const ty = H * 0.1;
      const tw = 440;
      const th = 300;
      out += `<rect x="${tx}" y="${ty}" width="${tw}" height="${th}" rx="26" fill="${p.hills[2]}"/>`;
      out += `<rect x="${tx + 22}" y="${ty + 22}" width="${tw - 44}" height="${th - 44}" rx="8" fill="${p.skyBottom}"/>`;
      out += house(tx + 120, ty + th - 40, 2.6, '#f7f4ef', p.accent, '#ffe8a3');
      out += `<circle cx="${tx + tw - 90}" cy="${ty + 90}" r="42" fill="${p.accent}"/><path d="M${tx + tw - 104} ${ty + 68} L${tx + tw - 104} ${ty + 112} L${tx + tw - 66} ${ty + 90} Z" fill="#ffffff"/>`;
      break;
    }
    case 'investment': {
      // Apartment blocks with lit windows and a rising bar chart.
      for (const [i, [bx, bw, bh]] of [
        [0.34, 150, 250],
        [0.48, 130, 320],
        [0.6, 160, 210],
      ].entries()) {
        const x = W * bx!;
        const y = ground - bh!;
        out += `<rect x="${x}" y="${y}" width="${bw}" height="${bh}" fill="${p.hills[2]}"/>`;
        for (let row = y + 22; row < ground - 40; row += 44) {
          for (let col = x + 20; col < x + bw! - 30; col += 40) {
            out += `<rect x="${col}" y="${row}" width="20" height="24" fill="${r() < 0.6 + i * 0.1 ? '#ffe8a3' : p.hills[1]}"/>`;
          }
        }
      }
      [90, 140, 200, 270].forEach((bh, i) => {
        out += `<rect x="${W * 0.8 + i * 44}" y="${H * 0.5 - bh}" width="32" height="${bh}" rx="4" fill="${i === 3 ? p.accent : p.light}" opacity="0.9"/>`;
      });
      break;
    }
    case 'coast': {
      // The sea, dunes and a beach house on stilts.
      out += `<rect x="0" y="${H * 0.48}" width="${W}" height="${H * 0.2}" fill="${p.accent}" opacity="0.75"/>`;
      for (let i = 0; i < 5; i++) {
        const y = H * (0.51 + i * 0.03);
        out += `<path d="M${W * (0.1 + r() * 0.6)} ${y} q30 -12 60 0 t60 0" stroke="#ffffff" stroke-width="4" fill="none" opacity="0.6"/>`;
      }
      out += `<path d="M0 ${H * 0.62} Q${W * 0.3} ${H * 0.54} ${W * 0.6} ${H * 0.6} T${W} ${H * 0.58} L${W} ${H} L0 ${H} Z" fill="#e9d7b0"/>`;
      const hx = W * 0.66;
      out += `<g fill="${p.hills[2]}"><rect x="${hx + 10}" y="${H * 0.42}" width="10" height="${H * 0.2}"/><rect x="${hx + 140}" y="${H * 0.42}" width="10" height="${H * 0.2}"/></g>`;
      out += house(hx, H * 0.44, 2.3, '#f7f4ef', p.accent, '#ffe8a3');
      break;
    }
    case 'living': {
      // A street of homes among pines.
      for (let i = 0; i < 10; i++) out += pine(W * (0.3 + r() * 0.7), ground - r() * 20, 1.6 + r() * 1.2, p.hills[2]);
      for (let i = 0; i < 4; i++)
        out += house(W * (0.33 + i * 0.16), ground + 10, 1.6 + r() * 0.4, '#f7f4ef', p.accent, '#ffe8a3');
      break;
    }
  }
  return out;
}

async function drawCover(fm: FrontMatter, town: string): Promise<string> {
  const p = palette(town);
  const r = rng(hash(fm.slug));
  const titleTop = Math.round(H * 0.64);
  const titleBottom = H - 44;
  const fitted = await fitTitle(fm.title, [60, 54, 48, 44], W - 2 * margin, titleBottom - titleTop);
  const firstBaseline = Math.round(titleBottom - (fitted.lines.length - 1) * fitted.lineHeight - fitted.size * 0.26);
  const label = `${town.toUpperCase()}${fm.geo?.city || fm.geo?.county ? `, ${fm.geo?.state ?? 'NC'}` : ''}`;
  const labelSize = 28;
  const labelWidth = Math.ceil((await textWidth(label, labelSize)) + 40);
  const body = `<defs>
  <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.skyTop}"/><stop offset="1" stop-color="${p.skyBottom}"/></linearGradient>
  <linearGradient id="scrim" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000000" stop-opacity="0"/><stop offset="0.45" stop-color="#000000" stop-opacity="0.55"/><stop offset="1" stop-color="#000000" stop-opacity="0.75"/></linearGradient>
</defs>
<rect width="${W}" height="${H}" fill="url(#sky)"/>
<circle cx="${Math.round(W * (0.15 + r() * 0.25))}" cy="${Math.round(H * 0.3)}" r="${Math.round(H * 0.09)}" fill="${p.sun}" opacity="0.9"/>
<path d="${hillPath(W, H, H * 0.56, H * 0.1, r)}" fill="${p.hills[0]}"/>
${motif(motifOf(fm.slug), p, r)}
<path d="${hillPath(W, H, H * 0.7, H * 0.05, r)}" fill="${p.hills[1]}"/>
<rect y="${H * 0.5}" width="${W}" height="${H * 0.5}" fill="url(#scrim)"/>
<rect x="${margin}" y="48" width="${labelWidth}" height="50" rx="25" fill="${p.light}"/>
<text x="${margin + 20}" y="83" font-family="${fontFamily}" font-size="${labelSize}" font-weight="bold" fill="${p.skyTop}">${escapeXml(label)}</text>
${titleText(fitted, margin, firstBaseline, '#ffffff')}`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
  // The title must stay inside the picture, below the motif.
  const box = await inkBox(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${titleText(fitted, margin, firstBaseline, '#fff')}</svg>`,
  );
  if (!box || box.y < titleTop - 10 || box.y + box.h > H || box.x + box.w > W - margin / 2) {
    throw new Error(`The title of ${fm.slug} does not fit its cover: ${JSON.stringify(box)}`);
  }
  return svg;
}

/** Adds a coverImage field after playlistId (else after the date fields) of a front matter without one. */
function addCoverField(text: string, slug: string, alt: string): string {
  const lines = text.split('\n');
  const end = lines.indexOf('---', 1);
  const after = ['playlistId:', 'dateModified:', 'datePublished:']
    .map((key) => lines.findIndex((l, i) => i < end && l.startsWith(key)))
    .find((i) => i >= 0);
  const at = (after ?? end - 1) + 1;
  // Quoted as Prettier quotes YAML: single quotes unless the text has one.
  const quoted = alt.includes("'") ? JSON.stringify(alt) : `'${alt}'`;
  lines.splice(at, 0, 'coverImage:', `  src: ./images/${slug}.jpg`, `  alt: ${quoted}`);
  return lines.join('\n');
}

let drawn = 0;
let added = 0;
for (const name of readdirSync(articleDir)
  .filter((f) => f.endsWith('.mdx'))
  .sort()) {
  const file = join(articleDir, name);
  const text = readFileSync(file, 'utf8');
  const fm = parse(text.split(/^---\s*$/m)[1] ?? '') as FrontMatter;
  // A county article is about the county, not the town its geo names.
  const town =
    (/county/.test(fm.slug) ? fm.geo?.county : undefined) ?? fm.geo?.city ?? fm.geo?.county ?? 'North Carolina';
  const own = `./images/${fm.slug}.jpg`;
  if (!fm.coverImage) {
    const alt = `Illustration of ${motifAlt[motifOf(fm.slug)]}, with the title ${fm.title}`;
    writeFileSync(file, addCoverField(text, fm.slug, alt));
    added++;
  } else if (fm.coverImage.src !== own) continue; // The agent's own picture.
  const out = join(imageDir, `${fm.slug}.jpg`);
  if (existsSync(out) && !force) continue;
  mkdirSync(imageDir, { recursive: true });
  await sharp(Buffer.from(await drawCover(fm, town)))
    .jpeg({ quality: 78, mozjpeg: true })
    .toFile(out);
  drawn++;
}
console.log(`Drew ${drawn} cover(s); added coverImage to ${added} article(s).`);
