/**
 * The listings snapshot `npm run sync-listings` writes and the build reads: one folder
 * (LISTINGS_SNAPSHOT_DIR, by default content/listings-mls/) holding snapshot.json and the photos
 * under photos/{ListingKey}/. A run writes a whole new folder beside it and swaps it in with two
 * renames, so a failed or interrupted run leaves the previous snapshot as it was, and its
 * watermark (the greatest ModificationTimestamp of a complete run) moves only with it.
 * Plain TypeScript with relative imports: Node runs it from scripts/.
 */
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'astro/zod';

export const SNAPSHOT_FILE = 'snapshot.json';
export const PHOTO_DIR = 'photos';

const mediaSchema = z.object({
  MediaKey: z.string().min(1),
  MediaModificationTimestamp: z.string().min(1),
  /** The file, relative to the snapshot folder: photos/{ListingKey}/{MediaKey}.{ext} */
  file: z.string().regex(/^photos\/[A-Za-z0-9_-]+\/[A-Za-z0-9_.-]+\.(jpg|png|webp|avif|gif)$/),
});

export const syncedHomeSchema = z.object({
  /**
   * The home in the listing collection's RESO fields, photos as { src: "./photos/...", alt }.
   * The build checks it with the collection's own schema.
   */
  home: z.record(z.string(), z.unknown()),
  /** What the sync keeps for itself: not shown. */
  sync: z.object({
    /** The record's full ModificationTimestamp (the home's is its day). */
    ModificationTimestamp: z.string(),
    /** InternetAddressDisplayYN was false: the street is left out of `home`. */
    addressHidden: z.boolean(),
    media: z.array(mediaSchema),
  }),
});

export const listingSnapshotSchema = z.object({
  /** When the run that wrote it completed: the "as of" time shown with every synced home. */
  asOf: z.iso.datetime({ offset: true }),
  /** The greatest ModificationTimestamp replicated so far; absent until a record is seen. */
  watermark: z.string().optional(),
  /** What was asked for: a change of any of these makes the next run a full one. */
  source: z.object({
    apiUrl: z.string(),
    originatingSystem: z.string(),
    listOfficeMlsId: z.string().optional(),
    listAgentMlsId: z.string().optional(),
  }),
  homes: z.array(syncedHomeSchema),
});

export type SyncedHome = z.infer<typeof syncedHomeSchema>;
export type ListingSnapshot = z.infer<typeof listingSnapshotSchema>;

/** The folder a run writes before the swap, and the one the swap moves the old snapshot to. */
export const stagingDir = (dir: string) => `${dir.replace(/\/+$/, '')}.partial`;
export const previousDir = (dir: string) => `${dir.replace(/\/+$/, '')}.previous`;

/**
 * The snapshot in `dir`, or undefined before the first run. A run stopped between the two renames
 * of a swap left the old folder as {dir}.previous: it is put back first.
 */
export function readSnapshot(dir: string): ListingSnapshot | undefined {
  if (!existsSync(dir) && existsSync(previousDir(dir))) renameSync(previousDir(dir), dir);
  const file = join(dir, SNAPSHOT_FILE);
  if (!existsSync(file)) return undefined;
  const result = listingSnapshotSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!result.success) throw new Error(`${file} is not a listings snapshot:\n${z.prettifyError(result.error)}`);
  return result.data;
}

/** Replaces `dir` with the complete folder `staged`: the old one moves aside, then goes. */
export function swapIn(staged: string, dir: string): void {
  const old = previousDir(dir);
  rmSync(old, { recursive: true, force: true });
  if (existsSync(dir)) renameSync(dir, old);
  renameSync(staged, dir);
  rmSync(old, { recursive: true, force: true });
}
