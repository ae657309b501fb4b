/**
 * Draws the pictures of the sample homes (content/listings/*.yaml whose first line says SAMPLE
 * HOME): every photo a sample's file names that is not there yet is drawn from its file name
 * (front, kitchen, living, bedroom, backyard) and the home's PropertySubType, with "SAMPLE PICTURE"
 * written on it. They are ordinary JPEG files that the build processes like any photograph; replace
 * them with the real photos under the same names (or change the names in the listing file). A real
 * home's photos are never drawn: one missing stops the build, which names it.
 *
 *   node scripts/make-listing-photos.ts            # draws only missing files
 *   node scripts/make-listing-photos.ts --force    # redraws every photo of every sample home
 */
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { parse } from 'yaml';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const listingsDir = join(root, 'content', 'listings');
const force = process.argv.includes('--force');

const width = 1600;
const height = 1067;

interface Look {
  sky: [string, string];
  wall: string;
  trim: string;
  roof: string;
  door: string;
  floor: string;
  accent: string;
}

const looks: Look[] = [
  {
    sky: ['#8ec5e8', '#e3f2fb'],
    wall: '#b5583f',
    trim: '#f7f4ef',
    roof: '#3f3a36',
    door: '#b4232a',
    floor: '#b98a5e',
    accent: '#5e8a5a',
  },
  {
    sky: ['#9fc3dd', '#f3ead7'],
    wall: '#e9e4da',
    trim: '#2f2f2f',
    roof: '#44474d',
    door: '#14213d',
    floor: '#c9a27a',
    accent: '#c99a57',
  },
  {
    sky: ['#b8dcf2', '#f2f8ee'],
    wall: '#8a9aa6',
    trim: '#ffffff',
    roof: '#37474f',
    door: '#2563eb',
    floor: '#a47551',
    accent: '#6fa35a',
  },
  {
    sky: ['#3b4a7a', '#f0a57c'],
    wall: '#d8c8b0',
    trim: '#fff8ec',
    roof: '#5b3b26',
    door: '#7a171c',
    floor: '#8d6748',
    accent: '#f4d35e',
  },
];

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function hash(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="${w.toFixed(0)}" height="${h.toFixed(0)}" fill="${fill}" ${extra}/>`;

function sky(l: Look): string {
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${l.sky[0]}"/><stop offset="1" stop-color="${l.sky[1]}"/></linearGradient></defs>${rect(0, 0, width, height, 'url(#sky)')}`;
}

function tree(x: number, y: number, s: number, fill: string): string {
  return `${rect(x - 8 * s, y - 40 * s, 16 * s, 60 * s, '#5b4636')}<circle cx="${x}" cy="${y - 90 * s}" r="${70 * s}" fill="${fill}"/><circle cx="${x - 45 * s}" cy="${y - 55 * s}" r="${50 * s}" fill="${fill}"/><circle cx="${x + 45 * s}" cy="${y - 55 * s}" r="${50 * s}" fill="${fill}"/>`;
}

function windowPane(x: number, y: number, w: number, h: number, trim: string): string {
  return `${rect(x - 6, y - 6, w + 12, h + 12, trim)}${rect(x, y, w, h, '#bcd7ea')}${rect(x + w / 2 - 3, y, 6, h, trim)}${rect(x, y + h / 2 - 3, w, 6, trim)}`;
}

/** The house seen from the street: a detached home, a row of townhomes or a condominium building. */
function front(l: Look, type: string, r: () => number): string {
  let out = sky(l) + rect(0, height * 0.72, width, height * 0.28, '#6f9d55');
  out += tree(140, height * 0.74, 1.6, '#3f6b3a') + tree(width - 150, height * 0.74, 1.8, '#355c3c');
  if (type === 'Condominium') {
    const x = 330;
    const w = 940;
    const top = 150;
    out += rect(x, top, w, height * 0.72 - top, l.wall);
    for (let floor = 0; floor < 4; floor++) {
      for (let col = 0; col < 5; col++) {
        const wx = x + 60 + col * 175;
        const wy = top + 50 + floor * 150;
        out += windowPane(wx, wy, 110, 90, l.trim);
        if (col % 2 === 1) out += rect(wx - 20, wy + 96, 150, 14, l.roof);
      }
    }
    out += rect(x + w / 2 - 60, height * 0.72 - 150, 120, 150, l.door);
    return out;
  }
  const units = type === 'Townhouse' ? 3 : 1;
  const unitW = type === 'Townhouse' ? 330 : 760;
  const start = (width - unitW * units) / 2;
  for (let u = 0; u < units; u++) {
    const x = start + u * unitW;
    const top = height * 0.3;
    const base = height * 0.72;
    out += `<path d="M${x - 30} ${top + 10} L${x + unitW / 2} ${top - 170 - r() * 30} L${x + unitW + 30} ${top + 10} Z" fill="${l.roof}"/>`;
    out += rect(
      x,
      top,
      unitW,
      base - top,
      u === units - 1 ? l.wall : l.trim === '#ffffff' ? '#9aa8b2' : l.wall,
      `stroke="${l.trim}" stroke-width="6"`,
    );
    const door = u === units - 1 ? l.door : l.roof;
    out += rect(x + unitW / 2 - 45, base - 170, 90, 170, door);
    out += windowPane(x + 40, top + 50, 110, 120, l.trim) + windowPane(x + unitW - 150, top + 50, 110, 120, l.trim);
    if (units === 1) {
      out +=
        windowPane(x + 40, top + 230, 110, 120, l.trim) +
        rect(x + unitW - 250, base - 150, 220, 150, '#d9d4cc', `stroke="${l.trim}" stroke-width="6"`);
    }
  }
  return out + rect(width / 2 - 60, height * 0.72, 120, height * 0.28, '#cfc8bb');
}

/** A room: back wall, floor, a window and the furniture its name says. */
function room(l: Look, kind: string, r: () => number): string {
  let out = rect(0, 0, width, height, '#f4efe6') + rect(0, height * 0.68, width, height * 0.32, l.floor);
  out += windowPane(width * 0.58, height * 0.14, 380, 330, '#ffffff');
  if (kind === 'kitchen') {
    out += rect(80, 120, 560, 220, '#ffffff', 'stroke="#c9c2b6" stroke-width="4"');
    out += rect(80, height * 0.45, 760, height * 0.23, '#ffffff', 'stroke="#c9c2b6" stroke-width="4"');
    out += rect(70, height * 0.43, 780, 24, '#d6d3cf');
    out += rect(420, height * 0.6, 760, 200, l.roof) + rect(400, height * 0.58, 800, 30, '#e7e4df');
    for (let i = 0; i < 3; i++) out += rect(520 + i * 220, height * 0.8, 40, 150, '#2f2f2f');
    for (let i = 0; i < 3; i++) out += `<circle cx="${560 + i * 240}" cy="120" r="34" fill="${l.accent}"/>`;
  } else if (kind === 'bedroom') {
    out += rect(260, height * 0.42, 720, 90, '#7c6a58') + rect(240, height * 0.5, 760, 260, '#ffffff');
    out +=
      rect(240, height * 0.6, 760, 160, l.accent) +
      rect(300, height * 0.47, 200, 70, '#eeeae2') +
      rect(740, height * 0.47, 200, 70, '#eeeae2');
    out += rect(100, height * 0.55, 130, 160, '#8d6748') + rect(1010, height * 0.55, 130, 160, '#8d6748');
  } else {
    out += rect(200, height * 0.5, 820, 220, '#7d8790') + rect(180, height * 0.44, 860, 110, '#8f99a2');
    out += rect(300, height * 0.8, 640, 60, '#d9cbb4', 'rx="20"');
    out += rect(1120, height * 0.36, 220, 330, '#9c9186') + rect(1150, height * 0.42, 160, 140, '#3a2f2a');
    out += `<circle cx="${1230 + r() * 10}" cy="${height * 0.5}" r="40" fill="#f59e0b" opacity="0.8"/>`;
  }
  return out;
}

/** The yard: lawn, fence, a porch or deck and trees. */
function backyard(l: Look, r: () => number): string {
  let out = sky(l) + rect(0, height * 0.55, width, height * 0.45, '#79a95e');
  for (let i = 0; i < 6; i++)
    out += tree(120 + i * 280 + r() * 60, height * 0.58, 1.1 + r() * 0.6, i % 2 ? '#3f6b3a' : '#4f7d43');
  for (let x = 0; x < width; x += 36) out += rect(x, height * 0.5, 26, 160, '#e9e1d3');
  out += rect(0, height * 0.55, width, 14, '#d8cfbf');
  out +=
    rect(0, height * 0.66, 620, height * 0.34, '#a47551') +
    rect(0, height * 0.3, 560, height * 0.36, l.trim, 'opacity="0.85"');
  for (let x = 20; x < 560; x += 110) out += rect(x, height * 0.3, 16, height * 0.36, l.roof);
  return out + `<ellipse cx="${1050}" cy="${height * 0.85}" rx="260" ry="70" fill="#b9b2a5"/>`;
}

function label(): string {
  return `<g><rect x="36" y="${height - 100}" width="360" height="64" rx="10" fill="#14213d" opacity="0.85"/><text x="60" y="${height - 56}" font-family="DejaVu Sans, sans-serif" font-size="34" font-weight="bold" fill="#ffffff">SAMPLE PICTURE</text></g>`;
}

function draw(kind: string, type: string, seed: number): string {
  const r = rng(seed);
  const look = looks[seed % looks.length]!;
  const body = kind === 'front' ? front(look, type, r) : kind === 'backyard' ? backyard(look, r) : room(look, kind, r);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}${label()}</svg>`;
}

/** A file the project shipped as a sample, marked so on its first line; the agent's own homes are not. */
export const isSampleHome = (text: string) => /^\uFEFF?# SAMPLE HOME\b/.test(text);

const kinds = ['front', 'kitchen', 'living', 'bedroom', 'backyard'];
let drawn = 0;
for (const file of readdirSync(listingsDir)
  .filter((f) => /\.ya?ml$/.test(f))
  .sort()) {
  const text = readFileSync(join(listingsDir, file), 'utf8');
  if (!isSampleHome(text)) continue;
  const home = parse(text) as {
    PropertySubType?: string;
    Photos?: { src: string }[];
  };
  for (const photo of home.Photos ?? []) {
    const out = join(listingsDir, photo.src);
    if (!force && existsSync(out)) continue;
    const name = basename(photo.src).replace(/\.\w+$/, '');
    const kind = kinds.find((k) => name.includes(k)) ?? 'living';
    mkdirSync(dirname(out), { recursive: true });
    const svg = draw(kind, home.PropertySubType ?? '', hash(photo.src));
    await sharp(Buffer.from(svg)).jpeg({ quality: 80, mozjpeg: true }).toFile(out);
    console.log(`drew ${photo.src.replace(/^\.\//, 'content/listings/')}`);
    drawn++;
  }
}
console.log(drawn ? `${drawn} sample photo(s) drawn` : 'every listing photo is already there');
