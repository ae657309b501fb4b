/**
 * Draws thumbnails for the sample video snapshot (its videos are invented, so YouTube has no
 * pictures for them) and the built-in placeholder video of the latest-video card. Each file
 * is an ordinary 1280x720 JPEG named after the video or playlist id, exactly where
 * `npm run sync` saves the real thumbnails, so a synced channel simply replaces them. The title
 * is set in the bottom band, clear of the play button pages put in the middle, and where it
 * lies is recorded in content/videos/sample-title-areas.json (see scripts/art/title-areas.ts).
 *
 * It also draws a SAMPLE picture for every playlist of the blog (content/playlists, articles
 * with a playlistId) that has no real thumbnail in the oEmbed cache, into
 * content/videos/playlist-thumbnails/, and records it in content/videos/playlist-thumbnails.json
 * with `"sample": true`, so a fresh clone's blog cards and playlist players show a picture.
 * scripts/fetch-thumbnails.ts (run by `npm run sync`) replaces each one with the real thumbnail
 * as soon as YouTube oEmbed answers for that playlist.
 *
 *   node scripts/make-sample-thumbnails.ts            # draws only missing files
 *   node scripts/make-sample-thumbnails.ts --force    # redraws everything
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { hillPath, pine, rng } from './art/landscape.ts';
import { escapeXml, fitTitle, fontFamily, inkBox, textWidth, titleText, type Box } from './art/text.ts';
import { readTitleAreas, sampleThumbnailSize, titleAreasFile, writeTitleAreas } from './art/title-areas.ts';
import type { Playlist } from '../src/lib/video/model.ts';
import { cachePaths, collectPlaylistIds, readCache, sampleNotice, serializeCache } from './fetch-thumbnails.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const videoDir = join(root, 'content', 'videos');
const snapshotFile = join(videoDir, 'snapshot.json');
const thumbnailDir = join(videoDir, 'thumbnails');
const placeholderFile = join(root, 'src', 'assets', 'videos', 'best-areas-placeholder.jpg');
const force = process.argv.includes('--force');

const palettes: [string, string, string][] = [
  ['#14213d', '#3c4a63', '#f4d35e'],
  ['#7a171c', '#b4232a', '#fde9d9'],
  ['#1f4e3d', '#4f8a6b', '#f2f8ee'],
  ['#3b4a7a', '#7e5a9b', '#ffd7a3'],
  ['#5b3b26', '#a5683a', '#fff1cf'],
  ['#17394d', '#2f6f8f', '#dff1fb'],
  ['#40406a', '#b4232a', '#ffffff'],
  ['#2f4a3a', '#8fb47f', '#fffbe6'],
];

/**
 * 1280x720, YouTube's largest thumbnail size: a poster shown about 900 px wide (playlist
 * players, the relocation video) stays sharp, and astro:assets serves smaller widths to
 * smaller screens.
 */
const W = sampleThumbnailSize.width;
const H = sampleThumbnailSize.height;
const margin = 64;

/**
 * The page puts a play button in the middle of the picture (video cards, the latest-video card,
 * the YouTube facade) and the facade a title bar across the top, so the title is set in the
 * bottom band, below `titleTop`: at the smallest size a card is shown (about 280 px wide), the
 * largest play button (64 px) covers the middle 35% of the height, 0.33 to 0.68.
 */
const titleTop = Math.round(H * 0.71);
const titleBottom = Math.round(H * 0.95);

interface Drawing {
  svg: string;
  /** Where the title's pixels are, in picture pixels. */
  title: Box;
}

async function drawing(
  title: string,
  tag: string,
  [dark, mid, light]: [string, string, string],
  seed: number,
): Promise<Drawing> {
  const fitted = await fitTitle(title, [64, 58, 52, 46, 42], W - 2 * margin, titleBottom - titleTop);
  // Bottom-anchored: the last line's descenders end near titleBottom.
  const firstBaseline = Math.round(titleBottom - (fitted.lines.length - 1) * fitted.lineHeight - fitted.size * 0.26);
  const text = titleText(fitted, margin, firstBaseline, '#ffffff');
  const canvas = (body: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
  const box = await inkBox(canvas(text));
  if (!box || box.y < titleTop || box.y + box.h > H || box.x + box.w > W - margin / 2) {
    throw new Error(`The title "${title}" does not fit its band: ${JSON.stringify(box)}`);
  }
  const r = rng(seed);
  const tagSize = 30;
  const tagWidth = Math.ceil((await textWidth(tag, tagSize)) + 40);
  const tagY = box.y - 22 - 52;
  let scene = '';
  for (let i = 0; i < 9; i++) scene += pine(r() * W, H * (0.7 + r() * 0.06), 1.4 + r() * 1.2, dark);
  const body = `<defs>
  <linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${mid}"/></linearGradient>
  <linearGradient id="scrim" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.55"/></linearGradient>
</defs>
<rect width="${W}" height="${H}" fill="url(#g)"/>
<circle cx="${Math.round(W * (0.62 + r() * 0.25))}" cy="${Math.round(H * 0.3)}" r="${Math.round(H * 0.11)}" fill="${light}" opacity="0.22"/>
<path d="${hillPath(W, H, H * 0.66, H * 0.12, r)}" fill="${dark}" opacity="0.45"/>
${scene}
<path d="${hillPath(W, H, H * 0.8, H * 0.06, r)}" fill="${dark}" opacity="0.7"/>
<rect y="${H * 0.45}" width="${W}" height="${H * 0.55}" fill="url(#scrim)"/>
<rect x="${margin}" y="${tagY}" width="${tagWidth}" height="52" rx="8" fill="${light}"/>
<text x="${margin + 20}" y="${tagY + 37}" font-family="${fontFamily}" font-size="${tagSize}" font-weight="bold" fill="${dark}">${escapeXml(tag)}</text>
${text}`;
  return { svg: canvas(body), title: box };
}

/** What the title-area manifest said before this run, so pictures not redrawn keep their entry. */
const manifest = readTitleAreas(root);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
let seed = 0;

async function draw(file: string, title: string, tag: string, palette: [string, string, string]): Promise<boolean> {
  const key = relative(root, file).split(sep).join('/');
  seed++;
  if (existsSync(file) && !force) {
    // Not redrawn: its entry stays only while the file is still the picture it describes.
    const entry = manifest.areas[key];
    if (entry && entry.sha256 !== sha256(readFileSync(file))) delete manifest.areas[key];
    return false;
  }
  mkdirSync(dirname(file), { recursive: true });
  const { svg, title: box } = await drawing(title, tag, palette, seed);
  const bytes = await sharp(Buffer.from(svg)).jpeg({ quality: 74, mozjpeg: true }).toBuffer();
  writeFileSync(file, bytes);
  manifest.areas[key] = { sha256: sha256(bytes), width: W, height: H, title: box };
  return true;
}

let drawn = 0;
if (existsSync(snapshotFile)) {
  const { playlists } = JSON.parse(readFileSync(snapshotFile, 'utf8')) as { playlists: Playlist[] };
  for (const [i, playlist] of playlists.entries()) {
    const palette = palettes[i % palettes.length]!;
    if (await draw(join(thumbnailDir, `${playlist.id}.jpg`), playlist.title, 'PLAYLIST', palette)) drawn++;
    for (const video of playlist.videos) {
      if (await draw(join(thumbnailDir, `${video.videoId}.jpg`), video.title, 'SAMPLE VIDEO', palette)) drawn++;
    }
  }
}
if (await draw(placeholderFile, 'Best Areas to Live in the Triangle', 'VIDEO', palettes[1]!)) drawn++;

// Blog playlists: a sample picture where the cache has no real thumbnail.
const cache = await readCache(videoDir);
const titleOf = (text: string) => {
  const body = text.startsWith('---') ? (text.split(/^---\s*$/m)[1] ?? '') : text;
  const m = /^title:[ \t]*(?:'((?:[^']|'')*)'|"([^"]*)"|(.*?))[ \t]*$/m.exec(body);
  return (m?.[1]?.replaceAll("''", "'") ?? m?.[2] ?? m?.[3] ?? '').trim();
};
let i = 0;
for (const [playlistId, from] of await collectPlaylistIds(root)) {
  const entry = cache.thumbnails[playlistId];
  if (entry && !entry.sample) continue;
  // A playlist of the video snapshot already has its local thumbnail (content/videos/thumbnails).
  if (existsSync(join(thumbnailDir, `${playlistId}.jpg`))) continue;
  const file = `${playlistId}.jpg`;
  const title = titleOf(readFileSync(join(root, from), 'utf8')) || 'Playlist';
  if (await draw(join(cachePaths(videoDir).images, file), title, 'SAMPLE PLAYLIST', palettes[i++ % palettes.length]!))
    drawn++;
  cache.thumbnails[playlistId] = { thumbnailUrl: '', file, sample: true };
}
if (Object.values(cache.thumbnails).some((e) => e.sample)) cache.notice = sampleNotice;
writeFileSync(cachePaths(videoDir).file, serializeCache(cache));
// Entries of pictures that no longer exist go too.
for (const key of Object.keys(manifest.areas)) if (!existsSync(join(root, key))) delete manifest.areas[key];
writeTitleAreas(root, manifest);
console.log(`Drew ${drawn} thumbnail(s); title areas in ${titleAreasFile}.`);
