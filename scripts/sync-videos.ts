/**
 * `npm run sync`: fetches every playlist and video of the agent's YouTube channel, saves each
 * thumbnail next to the snapshot and writes content/videos/snapshot.json, then fetches the
 * thumbnail of every playlist the blog names (scripts/fetch-thumbnails.ts, YouTube oEmbed) into
 * content/videos/playlist-thumbnails/. The build reads these files and never calls YouTube. YouTube's developer policies ask that stored API data be refreshed at least every
 * 30 days: run this (then build and deploy) at least monthly.
 *
 *   YOUTUBE_API_KEY=... YOUTUBE_CHANNEL_ID=UC... npm run sync
 *   npm run sync -- --allow-empty     ... even when the channel lists no video now (else refused)
 *   npm run sync -- --help            these options; an unknown one stops the run before it starts
 *
 * Optional: YOUTUBE_API_BASE_URL and OEMBED_URL point the clients at other servers (tests use
 * local fakes); YOUTUBE_TIMEOUT_MS is the time limit of each API request (default 30 s, each
 * retried like a network error), so a server that never answers, or trickles, cannot hang the run.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCommandLine } from './command-line.ts';
import { z } from 'zod';
import { defaultOembedUrl, fetchThumbnails, maxThumbnailBytes, thumbnailFormats } from './fetch-thumbnails.ts';
import { pictureExtension } from '../src/lib/picture.ts';
import { holdLock, restoreSwapped, swapIn } from '../src/lib/run-lock.ts';
import { readCapped } from '../src/lib/read-capped.ts';
import {
  createYouTubeClient,
  errorMessage,
  isQuotaError,
  PAGE_SIZE,
  type ProgressEvent,
} from '../src/lib/video/client.ts';
import { keepValidVideos, snapshotSchema, type VideoSnapshot } from '../src/lib/video/model.ts';

const usage = 'Usage: npm run sync -- [--allow-empty] [--help]';
const help = [
  usage,
  '  --allow-empty  write the snapshot even when YouTube lists no playable video (the channel really is empty)',
  'Settings come from the environment: YOUTUBE_API_KEY and YOUTUBE_CHANNEL_ID (see .env.example and the README).',
].join('\n');

const { values: args } = readCommandLine(
  { config: { options: { 'allow-empty': { type: 'boolean', default: false } } }, usage, help },
  (parsed) => parsed,
);

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = process.env['VIDEO_SNAPSHOT_DIR'] ?? join(root, 'content', 'videos');
const snapshotFile = join(outDir, 'snapshot.json');
const thumbnailDir = join(outDir, 'thumbnails');

const apiKey = process.env['YOUTUBE_API_KEY']?.trim();
const channelId = process.env['YOUTUBE_CHANNEL_ID']?.trim();
if (!apiKey || !channelId) {
  console.error(
    [
      'npm run sync needs two environment variables:',
      `  YOUTUBE_API_KEY     ${apiKey ? 'set' : 'missing'}  (a YouTube Data API v3 key, kept out of the repository)`,
      `  YOUTUBE_CHANNEL_ID  ${channelId ? 'set' : 'missing'}  (the channel id, "UC" followed by 22 characters)`,
      'Example: YOUTUBE_API_KEY=... YOUTUBE_CHANNEL_ID=UC... npm run sync',
    ].join('\n'),
  );
  process.exit(1);
}

// One sync at a time: two removed each other's staged thumbnails, and one then stopped with a stack trace.
const lock = `${outDir.replace(/\/+$/, '')}.lock`;
try {
  mkdirSync(outDir, { recursive: true });
  const release = holdLock(
    lock,
    (pid) =>
      `Another video sync is running (process ${pid}, ${lock}): this one stops and changes nothing. If none runs, delete ${lock}.`,
  );
  process.on('exit', release);
} catch (error) {
  console.error(`Sync failed: ${(error as Error).message}`);
  process.exit(1);
}
// A sync stopped halfway through replacing the thumbnails left the last set aside: it comes back.
restoreSwapped(thumbnailDir);

function report(event: ProgressEvent): void {
  switch (event.type) {
    case 'playlists-page':
      console.log(`Playlists: page ${event.page}, ${event.count} playlist(s)`);
      break;
    case 'items-page':
      console.log(`  ${event.playlistId}: page ${event.page}, ${event.count} item(s)`);
      break;
    case 'playlist-done':
      console.log(`  "${event.playlist.title}": ${event.playlist.videos.length} video(s)`);
      break;
    case 'playlist-dropped':
      if (event.reason)
        console.warn(`  "${event.title}" (${event.playlistId}): left out, YouTube answered: ${event.reason}`);
      else console.log(`  "${event.title}": no playable video, left out`);
      break;
    case 'limit-reached':
      console.warn(
        event.playlistId
          ? `  ${event.playlistId}: more videos than ${event.pages} pages of ${PAGE_SIZE}; the rest are left out`
          : `Playlists: more than ${event.pages} pages of ${PAGE_SIZE}; the rest are left out`,
      );
      break;
    case 'retry':
      console.log(`  ${event.url} failed (${event.error}); retry ${event.attempt} in ${event.delayMs} ms`);
      break;
  }
}

/**
 * Saves one thumbnail as {dir}/{id}.jpg (or .png, .webp: what the bytes are), only if the build can
 * publish it; a failure only costs that picture (pages fall back).
 */
async function saveThumbnail(dir: string, id: string, url: string): Promise<boolean> {
  // Ids name files: only YouTube's own alphabet.
  if (!url || !/^[\w-]{1,64}$/.test(id)) return false;
  try {
    // A host that accepts the request and never answers costs that picture, not the run.
    const res = await fetch(url, { signal: AbortSignal.timeout(15_000) });
    if (!res.ok) throw new Error(`${res.status} ${res.statusText}`);
    // A huge or endless answer is refused past the cap: it costs that picture, not the run's memory.
    const bytes = await readCapped(res, maxThumbnailBytes, 'the picture');
    const ext = await pictureExtension(bytes, res.headers.get('content-type') ?? '', thumbnailFormats);
    writeFileSync(join(dir, `${id}.${ext}`), bytes);
    return true;
  } catch (error) {
    console.warn(`  thumbnail of ${id} not saved: ${errorMessage(error)}`);
    return false;
  }
}

/** The videos of a snapshot file; 0 when there is none or it cannot be read. */
function videosIn(file: string): number {
  try {
    const { playlists } = snapshotSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
    return playlists.reduce((n, p) => n + p.videos.length, 0);
  } catch {
    return 0;
  }
}

const client = createYouTubeClient({
  apiKey,
  ...(process.env['YOUTUBE_API_BASE_URL'] ? { baseUrl: process.env['YOUTUBE_API_BASE_URL'] } : {}),
  ...(Number(process.env['YOUTUBE_TIMEOUT_MS']) > 0 ? { timeoutMs: Number(process.env['YOUTUBE_TIMEOUT_MS']) } : {}),
  onProgress: report,
});

let snapshot: VideoSnapshot;
try {
  console.log(`Fetching the playlists of channel ${channelId}`);
  const fetched = keepValidVideos(await client.getChannelPlaylists(channelId), (playlist, videoId, reason) =>
    console.warn(`  ${playlist}: video ${JSON.stringify(videoId)} left out (${reason})`),
  );
  // Checked with the schema the build reads it with, so a snapshot the build would refuse is never written.
  snapshot = snapshotSchema.parse({
    sample: false,
    generatedAt: new Date().toISOString(),
    channelId,
    playlists: fetched,
  });
} catch (error) {
  // The previous snapshot and thumbnails stay in place, so a failed sync never empties the site.
  console.error(`Sync failed: ${error instanceof z.ZodError ? z.prettifyError(error) : errorMessage(error)}`);
  if (isQuotaError(error)) {
    console.error("YouTube gives the key's daily quota back at midnight Pacific time: run the sync again after it.");
  }
  process.exit(1);
}
const { playlists } = snapshot;

const videoCount = playlists.reduce((n, p) => n + p.videos.length, 0);
// An empty answer is far more often a mistake (another channel id, playlists made private, a bad
// day at YouTube) than a channel with nothing left: it never empties the site unasked.
const videosBefore = videosIn(snapshotFile);
if (videoCount === 0 && videosBefore > 0 && !args['allow-empty']) {
  console.error(
    `Sync failed: YouTube listed no playable video for channel ${channelId}, where the snapshot holds ${videosBefore}. ` +
      'The previous snapshot is kept. Check YOUTUBE_CHANNEL_ID and that the playlists are public; ' +
      'if the channel really has no video now, run npm run sync -- --allow-empty',
  );
  process.exit(1);
}
console.log(`Saving thumbnails for ${playlists.length} playlist(s) and ${videoCount} video(s)`);
// Thumbnails go to a staging folder and replace the old set in one move, so pictures of
// videos that left the channel disappear with them.
const staging = `${thumbnailDir}.new`;
rmSync(staging, { recursive: true, force: true });
mkdirSync(staging, { recursive: true });
const wanted = new Map<string, string>();
for (const p of playlists) {
  wanted.set(p.id, p.thumbnailUrl);
  for (const v of p.videos) wanted.set(v.videoId, v.thumbnailUrl);
}
// A picture that cannot be fetched now (the thumbnail host down) keeps the one the last run saved.
const previous = new Map(
  (existsSync(thumbnailDir) ? readdirSync(thumbnailDir) : []).map((file) => [file.replace(/\.[a-z]+$/, ''), file]),
);
let saved = 0;
let kept = 0;
for (const [id, url] of wanted) {
  if (await saveThumbnail(staging, id, url)) saved++;
  else if (previous.has(id)) {
    copyFileSync(join(thumbnailDir, previous.get(id)!), join(staging, previous.get(id)!));
    kept++;
  }
}
// The snapshot is written beside its place before anything is replaced: a write that fails (a full
// disk) leaves the previous snapshot and thumbnails as they were, never a cut-off file.
const pending = `${snapshotFile}.new`;
writeFileSync(pending, `${JSON.stringify(snapshot, null, 2)}\n`);
swapIn(staging, thumbnailDir);
renameSync(pending, snapshotFile);
console.log(
  `Wrote ${snapshotFile}: ${playlists.length} playlist(s), ${videoCount} video(s), ${saved} thumbnail(s)` +
    `${kept ? `, ${kept} kept from the last run` : ''}. Run \`npm run build\` to publish it; sync again within 30 days.`,
);

// Blog playlists (content/playlists, articles' playlistId): never fatal, a miss keeps the old picture.
await fetchThumbnails({ root, outDir, oembedUrl: process.env['OEMBED_URL'] || defaultOembedUrl });
