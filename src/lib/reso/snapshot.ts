/**
 * The listings snapshot `npm run sync-listings` writes and the build reads: one folder
 * (LISTINGS_SNAPSHOT_DIR, by default content/listings-mls/) holding snapshot.json and the photos
 * under photos/{ListingKey}/. A run writes a whole new folder beside it and swaps it in with two
 * renames, so a failed or interrupted run leaves the previous snapshot as it was, and its
 * watermark (the greatest ModificationTimestamp of a complete run) moves only with it.
 * Plain TypeScript with relative imports: Node runs it from scripts/.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'astro/zod';
import { listingSlug, toSlug } from '../listing/format.ts';
import { holdLock, restoreSwapped } from '../run-lock.ts';

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

/** An open house of a synced home (rules.ts `openHouseOf`): folded into its home's `OpenHouse` on each run. */
const syncedOpenHouseSchema = z.object({
  OpenHouseKey: z.string().min(1),
  ListingKey: z.string().min(1),
  ModificationTimestamp: z.string(),
  OpenHouseStartTime: z.string(),
  OpenHouseEndTime: z.string(),
  OpenHouseRemarks: z.string().optional(),
});

export const listingSnapshotSchema = z.object({
  /** When the run that wrote it completed: the "as of" time shown with every synced home. */
  asOf: z.iso.datetime({ offset: true }),
  /** The greatest ModificationTimestamp replicated so far; absent until a record is seen. */
  watermark: z.string().optional(),
  /**
   * With both owner filters, each stream's own (the firm's, the agent's): one stream's latest stamp
   * says nothing of a change the other has not shown yet. A stream without one is read whole.
   * Absent with one stream, and in snapshots from before, where `watermark` serves every stream.
   */
  watermarks: z.object({ ListOfficeMlsId: z.string().optional(), ListAgentMlsId: z.string().optional() }).optional(),
  /**
   * The first day of the sales it holds (`mls.soldMonths` back from the run): older Closed homes
   * were left out, so a run that shows sales from before it replicates everything again.
   */
  soldSince: z.iso.date().optional(),
  /** What was asked for: a change of any of these makes the next run a full one. */
  source: z.object({
    apiUrl: z.string(),
    originatingSystem: z.string(),
    listOfficeMlsId: z.string().optional(),
    listAgentMlsId: z.string().optional(),
  }),
  homes: z.array(syncedHomeSchema),
  /**
   * Records whose photos failed for a passing reason (the media host down, the network): the saved
   * `watermark` stays just before the oldest, so the next run reads them again, `runs` in a row at most.
   */
  retry: z
    .array(z.object({ ListingKey: z.string(), ModificationTimestamp: z.string(), runs: z.number().int().min(1) }))
    .default([]),
  /** The greatest ModificationTimestamp of the OpenHouse resource replicated so far. */
  openHouseWatermark: z.string().optional(),
  /**
   * Homes a run could not publish (a record refused, photos held back by an outage) and not gone from
   * the market: their open houses are kept, so a home shows them once a record of it passes.
   */
  waiting: z.array(z.string()).default([]),
  /** The open houses of the snapshot's homes, and of the homes `waiting`, that have not ended. */
  openHouses: z.array(syncedOpenHouseSchema).default([]),
});

export type SyncedHome = z.infer<typeof syncedHomeSchema>;
export type ListingSnapshot = z.infer<typeof listingSnapshotSchema>;

/** The folder a run writes before the swap, and the one the swap moves the old snapshot to. */
export const stagingDir = (dir: string) => `${dir.replace(/\/+$/, '')}.partial`;
export const lockFile = (dir: string) => `${dir.replace(/\/+$/, '')}.lock`;

/**
 * Holds the folder for one run, as {dir}.lock (see `holdLock`). Two runs at once (one scheduled
 * while the last still fetches photos, or one by hand) would remove each other's staged folder
 * and together ask the MLS faster than it allows. Returns its release.
 */
export function lockSnapshot(dir: string, beforeTakeover?: () => void): () => void {
  const file = lockFile(dir);
  return holdLock(
    file,
    (pid) =>
      `Another sync is running (process ${pid}, ${file}): this one stops and changes nothing. If none runs, delete ${file}.`,
    beforeTakeover,
  );
}

/**
 * The snapshot in `dir`, or undefined before the first run. A run stopped between the two renames
 * of a swap left the old folder as {dir}.previous: it is put back first.
 */
export function readSnapshot(dir: string): ListingSnapshot | undefined {
  restoreSwapped(dir);
  return readSnapshotFile(join(dir, SNAPSHOT_FILE));
}

/** The snapshot file as it is (the build's read: it changes nothing), or undefined when absent. */
export function readSnapshotFile(file: string): ListingSnapshot | undefined {
  if (!existsSync(file)) return undefined;
  const result = listingSnapshotSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!result.success) throw new Error(`${file} is not a listings snapshot:\n${z.prettifyError(result.error)}`);
  return result.data;
}

/** A home the agent wrote by hand (content/listings/{id}.yaml). */
export interface HandWrittenHome {
  id: string;
  ListingKey: string;
  filePath: string;
}

/** A synced home as the build adds it to the listing collection: its page slug and its data. */
export interface SnapshotEntry {
  id: string;
  key: string;
  data: Record<string, unknown>;
}

/**
 * The synced homes the build publishes, beside the hand-written ones, each with its page slug and
 * the snapshot's "as of" time (`mls.asOf`, which marks it as the MLS's). A hand-written home wins:
 * a synced home with the same ListingKey, or the same page address (the same street address and
 * town: the agent wrote that home by hand under a key of their own), is left out and reported in
 * `overridden`. Two synced homes at one address (a home sold and listed again has a new
 * ListingKey) both stay: the one on the market latest keeps the plain address, the others have
 * their key added to it.
 */
export function snapshotEntries(
  snapshot: ListingSnapshot,
  handWritten: readonly HandWrittenHome[],
): { entries: SnapshotEntry[]; overridden: { key: string; by: string }[] } {
  const byKey = new Map(handWritten.map((h) => [h.ListingKey, h.filePath]));
  const byId = new Map(handWritten.map((h) => [h.id, h.filePath]));
  const overridden: { key: string; by: string }[] = [];
  const kept: SnapshotEntry[] = [];
  for (const { home } of snapshot.homes) {
    const key = String(home['ListingKey']);
    const id = listingSlug(home as unknown as Parameters<typeof listingSlug>[0]);
    const by = byKey.get(key) ?? byId.get(id);
    if (by) {
      overridden.push({ key, by });
      continue;
    }
    kept.push({ id, key, data: { ...home, mls: { asOf: snapshot.asOf } } });
  }
  const onMarket = (e: SnapshotEntry) => (typeof e.data['OnMarketDate'] === 'string' ? e.data['OnMarketDate'] : '');
  const groups = Map.groupBy(kept, (e) => e.id);
  const entries = [...groups.values()].flatMap((same) =>
    same
      .sort((a, b) => onMarket(b).localeCompare(onMarket(a)) || a.key.localeCompare(b.key))
      .map((e, i) => (i === 0 ? e : { ...e, id: `${e.id}-${toSlug(e.key)}` })),
  );
  return { entries, overridden };
}
