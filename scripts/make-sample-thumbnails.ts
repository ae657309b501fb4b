/**
 * Draws thumbnails for the sample video snapshot (its videos are invented, so YouTube has no
 * pictures for them) and the built-in placeholder video of the latest-video card. Each file
 * is an ordinary 480x270 JPEG named after the video or playlist id, exactly where
 * `npm run sync` saves the real thumbnails, so a synced channel simply replaces them.
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
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
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

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Greedy word wrap to at most `maxLines` lines of about `width` characters. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    lines.length = maxLines;
    lines[maxLines - 1] = `${lines[maxLines - 1]}…`;
  }
  return lines;
}

function svg(title: string, tag: string, [dark, mid, light]: [string, string, string]): string {
  const lines = wrap(title, 22, 3);
  const top = 135 - (lines.length - 1) * 20;
  const text = lines.map((l, i) => `<tspan x="32" y="${top + i * 40}">${escapeXml(l)}</tspan>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="270" viewBox="0 0 480 270">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs>
  <rect width="480" height="270" fill="url(#g)"/>
  <path d="M0 230 L60 200 L120 222 L190 188 L260 215 L330 182 L400 210 L480 190 L480 270 L0 270 Z" fill="${dark}" opacity="0.55"/>
  <rect x="32" y="28" width="${tag.length * 9 + 20}" height="26" rx="4" fill="${light}"/>
  <text x="42" y="46" font-family="DejaVu Sans, sans-serif" font-size="14" font-weight="bold" fill="${dark}">${escapeXml(tag)}</text>
  <text font-family="DejaVu Sans, sans-serif" font-size="30" font-weight="bold" fill="#ffffff">${text}</text>
</svg>`;
}

async function draw(file: string, title: string, tag: string, palette: [string, string, string]): Promise<boolean> {
  if (existsSync(file) && !force) return false;
  mkdirSync(dirname(file), { recursive: true });
  await sharp(Buffer.from(svg(title, tag, palette)))
    .jpeg({ quality: 72, mozjpeg: true })
    .toFile(file);
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
console.log(`Drew ${drawn} thumbnail(s).`);
