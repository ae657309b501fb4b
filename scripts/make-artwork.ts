/**
 * Draws the site's original artwork (no stock photos can be fetched): layered Piedmont
 * landscapes with pines, homes or a skyline, in a palette per picture. Each output is an
 * ordinary image file that the agent may replace with a photograph of the same name.
 *
 *   node scripts/make-artwork.ts            # writes only missing files
 *   node scripts/make-artwork.ts --force    # redraws everything
 */
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { drawSvg, palettes, type Scene } from './art/landscape.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--force');

interface Job {
  file: string;
  w: number;
  h: number;
  palette: keyof typeof palettes;
  scene: Scene;
  seed: number;
}

/** One picture per city file (content/cities/{slug}.yaml -> {slug}.jpg), its look picked by its place in the list. */
const cityLooks: [keyof typeof palettes, Scene][] = [
  ['dawn', 'homes'],
  ['noon', 'homes'],
  ['spring', 'lake'],
  ['autumn', 'pines'],
  ['evening', 'homes'],
  ['dusk', 'skyline'],
];
const citySlugs = readdirSync(join(root, 'content', 'cities'))
  .filter((f) => /\.ya?ml$/.test(f))
  .map((f) => f.replace(/\.ya?ml$/, ''))
  .sort();

const services: [string, keyof typeof palettes, Scene][] = [
  ['buyer', 'noon', 'homes'],
  ['seller', 'dawn', 'homes'],
  ['communities', 'spring', 'lake'],
  ['relocate', 'dusk', 'skyline'],
  ['downsizing', 'autumn', 'homes'],
  ['first-time-buyer', 'spring', 'homes'],
  ['featured-properties', 'evening', 'homes'],
];

const jobs: Job[] = [
  { file: 'src/assets/site/hero-poster.jpg', w: 1920, h: 1080, palette: 'dusk', scene: 'skyline', seed: 7 },
  { file: 'src/assets/site/og-default.jpg', w: 1200, h: 630, palette: 'dusk', scene: 'skyline', seed: 11 },
  { file: 'src/assets/site/agent-portrait.jpg', w: 800, h: 1000, palette: 'noon', scene: 'portrait', seed: 3 },
  { file: 'content/landing/relocation.jpg', w: 1920, h: 1080, palette: 'noon', scene: 'homes', seed: 19 },
  { file: 'content/landing/buyer-resources.jpg', w: 1920, h: 1080, palette: 'spring', scene: 'homes', seed: 23 },
  { file: 'content/landing/seller-resources.jpg', w: 1920, h: 1080, palette: 'dawn', scene: 'homes', seed: 29 },
  { file: 'content/landing/upsizing.jpg', w: 1920, h: 1080, palette: 'autumn', scene: 'homes', seed: 31 },
  { file: 'content/landing/downsizing.jpg', w: 1920, h: 1080, palette: 'evening', scene: 'lake', seed: 37 },
  { file: 'content/landing/first-time-buyer.jpg', w: 1920, h: 1080, palette: 'spring', scene: 'homes', seed: 41 },
  ...citySlugs.map((slug, i) => {
    const [palette, scene] = cityLooks[i % cityLooks.length]!;
    return { file: `content/cities/${slug}.jpg`, w: 1600, h: 900, palette, scene, seed: 100 + i };
  }),
  ...services.map(([name, palette, scene], i) => ({
    file: `src/assets/services/${name}.jpg`,
    w: 800,
    h: 600,
    palette,
    scene,
    seed: 200 + i,
  })),
];

for (const job of jobs) {
  const out = join(root, job.file);
  if (!force && existsSync(out)) continue;
  mkdirSync(dirname(out), { recursive: true });
  const svg = drawSvg(job.w, job.h, palettes[job.palette]!, job.scene, job.seed);
  await sharp(Buffer.from(svg)).jpeg({ quality: 78, mozjpeg: true }).toFile(out);
  console.log(`drew ${job.file}`);
}
