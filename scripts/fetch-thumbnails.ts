/**
 * Fetches the thumbnail of every YouTube playlist the site uses (playlist pages and articles
 * with a playlistId) from YouTube's oEmbed endpoint, downloads the picture into
 * content/videos/playlist-thumbnails/ and records it in content/videos/playlist-thumbnails.json.
 *
 *   npm run sync         # the channel snapshot, then this (see scripts/sync-videos.ts)
 *   npm run thumbnails   # this step alone
 *
 * The build never runs it and never calls YouTube: it only reads that cache; a playlist missing
 * from the cache shows the placeholder picture. A cached playlist is fetched again once its entry
 * is more than 30 days old (as YouTube asks of stored data; a playlist's picture is its first
 * video's, so it changes); until then, and whenever the new fetch fails, the cached picture stays.
 * Entries marked `"sample": true` (pictures drawn by make-sample-thumbnails.ts for a fresh clone)
 * are tried on every run the same way. A playlist no file of content/ names any more loses its
 * entry and picture, as does any other file in the picture folder. A playlist YouTube does not know, a malformed answer,
 * a network error or the time limit is reported and skipped, never fatal. OEMBED_URL overrides
 * the endpoint (tests); VIDEO_SNAPSHOT_DIR the folder written (as for `npm run sync`).
 */
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pictureExtension, type PictureFormat } from '../src/lib/picture.ts';
import { readCapped } from '../src/lib/read-capped.ts';
import { holdLock } from '../src/lib/run-lock.ts';
import { thumbnailCacheSchema, type ThumbnailCache } from '../src/lib/video/model.ts';
import { playlistUrl } from '../src/lib/video/urls.ts';

export const defaultOembedUrl = 'https://www.youtube.com/oembed';
/** Where the video snapshot lives, relative to the project root; the cache sits beside it. */
export const videoDir = 'content/videos';
export const cacheFile = `${videoDir}/playlist-thumbnails.json`;
export const imageDir = `${videoDir}/playlist-thumbnails`;
const sources = [
  { dir: 'content/playlists', pattern: /\.ya?ml$/ },
  { dir: 'content/articles', pattern: /\.mdx$/ },
];
/** What src/data/videos.ts reads from the thumbnail folders. */
export const thumbnailFormats: PictureFormat[] = ['jpg', 'png', 'webp'];
/**
 * Largest thumbnail downloaded (YouTube's are well under 1 MB): a larger answer is refused as it
 * arrives, costing only that picture, and is never held whole in memory.
 */
export const maxThumbnailBytes = 10 * 2 ** 20;
export const defaultLimits = { requestTimeoutMs: 10_000, totalTimeMs: Number.POSITIVE_INFINITY };
/** A cached thumbnail older than this is fetched again. */
export const REFRESH_AFTER_DAYS = 30;
export const sampleNotice =
  'Entries marked "sample": true are SAMPLE pictures drawn by scripts/make-sample-thumbnails.ts, not YouTube thumbnails; fetch-thumbnails.ts replaces each one once YouTube oEmbed answers for its playlist.';

export interface FetchOptions {
  /** Project root holding content/. */
  root: string;
  /** Folder that receives the cache file and the pictures; default {root}/content/videos. */
  outDir?: string;
  oembedUrl?: string;
  log?: (line: string) => void;
  /** Per request (oEmbed answer, picture download). */
  requestTimeoutMs?: number;
  /** For the whole run; playlists not reached in time are skipped. */
  totalTimeMs?: number;
  now?: () => Date;
}

export interface FetchSummary {
  cached: string[];
  fetched: string[];
  skipped: { playlistId: string; reason: string }[];
  /** Playlists no longer named in content/, whose entry and picture were deleted. */
  removed: string[];
}

/** The oEmbed request for a playlist, as SPEC §7 call 5 describes it. */
export function oembedRequestUrl(playlistId: string, base = defaultOembedUrl): string {
  return `${base}?url=${encodeURIComponent(playlistUrl(playlistId))}&format=json`;
}

/**
 * The `playlistId` of a playlist YAML file or an article's front matter. A flat top-level key
 * in both, so a line match is enough here; the build's schema validates the value properly.
 */
export function readPlaylistId(text: string): string {
  const body = text.startsWith('---') ? (text.split(/^---\s*$/m)[1] ?? '') : text;
  const m = /^playlistId:[ \t]*(?:'([^']*)'|"([^"]*)"|([^\s#'"]*))/m.exec(body);
  return (m?.[1] ?? m?.[2] ?? m?.[3] ?? '').trim();
}

/** Every distinct playlist id the content uses, with the file that names it first. */
export async function collectPlaylistIds(root: string): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const { dir, pattern } of sources) {
    const names = await readdir(join(root, dir)).catch(() => [] as string[]);
    for (const name of names.filter((n) => pattern.test(n)).sort()) {
      const id = readPlaylistId(await readFile(join(root, dir, name), 'utf8'));
      if (id && !ids.has(id)) ids.set(id, `${dir}/${name}`);
    }
  }
  return ids;
}

/** The cache file and picture folder inside a video folder. */
export function cachePaths(outDir: string): { file: string; images: string } {
  return { file: join(outDir, 'playlist-thumbnails.json'), images: join(outDir, 'playlist-thumbnails') };
}

export async function readCache(outDir: string): Promise<ThumbnailCache> {
  try {
    const result = thumbnailCacheSchema.safeParse(JSON.parse(await readFile(cachePaths(outDir).file, 'utf8')));
    if (result.success) return result.data;
  } catch {
    // A missing or unreadable cache is rebuilt from scratch.
  }
  return { version: 1, thumbnails: {} };
}

/** The cache file's text: the notice (if any) above the entries. */
export function serializeCache(cache: ThumbnailCache): string {
  const { version, notice, thumbnails } = cache;
  return `${JSON.stringify({ version, ...(notice ? { notice } : {}), thumbnails }, null, 2)}\n`;
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** Asks oEmbed for the playlist's thumbnail URL; throws with a short reason on any failure. */
async function fetchThumbnailUrl(playlistId: string, base: string, signal: AbortSignal): Promise<string> {
  const res = await fetch(oembedRequestUrl(playlistId, base), { signal });
  if (!res.ok) throw new Error(`oEmbed answered HTTP ${res.status}`);
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new Error('oEmbed answered malformed JSON');
  }
  const url = (body as { thumbnail_url?: unknown } | null)?.thumbnail_url;
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw new Error('oEmbed answer has no thumbnail_url');
  return url;
}

async function downloadImage(url: string, dest: string, signal: AbortSignal): Promise<string> {
  const res = await fetch(url, { signal });
  if (!res.ok) throw new Error(`thumbnail answered HTTP ${res.status}`);
  const bytes = await readCapped(res, maxThumbnailBytes, 'thumbnail');
  const ext = await pictureExtension(bytes, res.headers.get('content-type') ?? '', thumbnailFormats).catch(
    (error: Error) => {
      throw new Error(`thumbnail is ${error.message}`);
    },
  );
  await writeFile(`${dest}.${ext}`, bytes);
  return ext;
}

export async function fetchThumbnails(options: FetchOptions): Promise<FetchSummary> {
  const {
    root,
    outDir = join(root, videoDir),
    oembedUrl = defaultOembedUrl,
    log = console.log,
    requestTimeoutMs = defaultLimits.requestTimeoutMs,
    totalTimeMs = defaultLimits.totalTimeMs,
    now = () => new Date(),
  } = options;
  const refreshBefore = now().getTime() - REFRESH_AFTER_DAYS * 86_400_000;
  const deadline = Date.now() + totalTimeMs;
  const ids = await collectPlaylistIds(root);
  const paths = cachePaths(outDir);
  const cache = await readCache(outDir);
  const before = JSON.stringify(cache);
  const summary: FetchSummary = { cached: [], fetched: [], skipped: [], removed: [] };
  await mkdir(paths.images, { recursive: true });
  log(`Playlist thumbnails: ${ids.size} playlist(s) in content/`);

  for (const [playlistId, from] of ids) {
    if (!/^[A-Za-z0-9_-]{10,64}$/.test(playlistId)) {
      summary.skipped.push({ playlistId, reason: 'not a YouTube playlist id' });
      log(`  skipped  ${playlistId} (${from}): not a YouTube playlist id`);
      continue;
    }
    const entry = cache.thumbnails[playlistId];
    const present = entry ? await exists(join(paths.images, entry.file)) : false;
    const due = !entry?.fetchedAt || !(Date.parse(entry.fetchedAt) > refreshBefore);
    if (entry && present && !entry.sample && !due) {
      summary.cached.push(playlistId);
      log(`  cached   ${playlistId} (${from})`);
      continue;
    }
    // A drawn sample, or a picture due for a refresh, stays until the new one is downloaded.
    const keep = present ? (entry?.sample ? ' (keeps the sample picture)' : ' (keeps the cached picture)') : '';
    const left = deadline - Date.now();
    if (left <= 0) {
      summary.skipped.push({ playlistId, reason: 'time limit reached' });
      log(`  skipped  ${playlistId} (${from}): time limit reached${keep}`);
      if (!keep) delete cache.thumbnails[playlistId];
      continue;
    }
    try {
      const signal = AbortSignal.timeout(Math.min(requestTimeoutMs, left));
      const thumbnailUrl = await fetchThumbnailUrl(playlistId, oembedUrl, signal);
      const ext = await downloadImage(thumbnailUrl, join(paths.images, `${playlistId}.download`), signal);
      // Replace a sample (maybe of another extension) only once the download is complete.
      if (entry && entry.file !== `${playlistId}.${ext}`) await rm(join(paths.images, entry.file), { force: true });
      await rename(join(paths.images, `${playlistId}.download.${ext}`), join(paths.images, `${playlistId}.${ext}`));
      cache.thumbnails[playlistId] = { thumbnailUrl, file: `${playlistId}.${ext}`, fetchedAt: now().toISOString() };
      summary.fetched.push(playlistId);
      log(`  fetched  ${playlistId} (${from})`);
    } catch (error) {
      // SPEC §8: a failed thumbnail fetch is not an error; the page shows the placeholder.
      const cause = (error as { cause?: { code?: string } } | null)?.cause?.code;
      const reason = (error instanceof Error ? error.message : String(error)) + (cause ? ` (${cause})` : '');
      if (!keep) delete cache.thumbnails[playlistId];
      summary.skipped.push({ playlistId, reason });
      log(`  skipped  ${playlistId} (${from}): ${reason}${keep}`);
    }
  }

  // What content/ no longer names goes, with its picture, and so does any file no entry names
  // (a download cut off by a crash), so the folder holds exactly what the build may publish.
  for (const playlistId of Object.keys(cache.thumbnails)) {
    if (ids.has(playlistId)) continue;
    delete cache.thumbnails[playlistId];
    summary.removed.push(playlistId);
    log(`  removed  ${playlistId}: no file of content/ names it any more`);
  }
  const kept = new Set(Object.values(cache.thumbnails).map((e) => e.file));
  for (const name of await readdir(paths.images)) {
    if (!kept.has(name)) await rm(join(paths.images, name), { recursive: true, force: true });
  }

  const hasSamples = Object.values(cache.thumbnails).some((e) => e.sample);
  if (hasSamples) cache.notice = sampleNotice;
  else delete cache.notice;
  // Rewritten only when something changed, so an offline run leaves the working tree clean.
  const after = JSON.stringify(cache);
  if (after !== before || !(await exists(paths.file))) {
    const tmp = `${paths.file}.tmp`;
    await writeFile(tmp, serializeCache(cache));
    await rename(tmp, paths.file);
  }
  log(
    `Done: ${summary.fetched.length} fetched, ${summary.cached.length} cached, ${summary.skipped.length} skipped, ${summary.removed.length} removed -> ${relative(root, paths.file) || paths.file}`,
  );
  return summary;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = process.env['VIDEO_SNAPSHOT_DIR'];
  // The video sync's lock (scripts/sync-videos.ts): run beside a sync, each would clean up the
  // pictures the other had just fetched.
  const lock = `${resolve(outDir ?? videoDir).replace(/\/+$/, '')}.lock`;
  try {
    const release = holdLock(
      lock,
      (pid) =>
        `Playlist thumbnails: a video sync is running (process ${pid}, ${lock}), which fetches them too; nothing changed. If none runs, delete ${lock}.`,
    );
    process.on('exit', release);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  await fetchThumbnails({
    root: process.cwd(),
    ...(outDir ? { outDir: resolve(outDir) } : {}),
    oembedUrl: process.env['OEMBED_URL'] || defaultOembedUrl,
  });
}
