/**
 * One replication run: pages of `Property` records (with `Media`) from a RESO Web API server into
 * a new listings snapshot, then swapped in. The first run (or `full`, or a change of server,
 * originating system or owner filters) copies everything the filters return; later runs ask only
 * for what changed after the watermark and apply it to the previous snapshot. A record the
 * licence removes leaves with its photos, and so does a sale older than the site shows (`soldMonths`),
 * whether its record changed or not; a malformed record is skipped with its key and reason (the
 * version shown leaves until a record of it passes, unless a photo outage alone held it back); a
 * photo whose MediaModificationTimestamp is unchanged is taken from the previous snapshot instead of
 * downloaded again. A photo that fails for a passing
 * reason (the media host down) holds the watermark back so the next run reads its record again,
 * up to `PHOTO_RUNS` runs: a new listing is not lost to an outage until its record next changes.
 * Open houses come from a stream of their own; those of a home refused or held back are kept for it.
 */
import { copyFileSync, existsSync, linkSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { ResoError, type ResoHttp } from './http.ts';
import { swapIn } from '../run-lock.ts';
import { currentKeysUrls, nextPageUrl, openHouseUrl, owners, replicationUrls, type ReplicationQuery } from './query.ts';
import { pictureExtension } from '../picture.ts';
import {
  dayIn,
  decide,
  homeOpenHouses,
  openHouseOf,
  photoAlt,
  photosOf,
  replicationStamp,
  soldSince,
  toHomeFields,
  type ResoRecord,
  type SyncedOpenHouse,
} from './rules.ts';
import {
  listingSnapshotSchema,
  PHOTO_DIR,
  lockSnapshot,
  readSnapshot,
  SNAPSHOT_FILE,
  stagingDir,
  type ListingSnapshot,
  type SyncedHome,
} from './snapshot.ts';

export interface SyncProgress {
  pages: number;
  /** Homes in the new snapshot so far. */
  homes: number;
  /** Homes this run added or changed (a record read again as it was, photos and all, is not counted). */
  updated: number;
  /** Homes this run took off (MlgCanView false, not for the Internet, off the market, sold too long ago). */
  removed: number;
  /** Records of sales older than the site shows, not kept (`soldMonths`). */
  olderSales: number;
  skipped: number;
  photosDownloaded: number;
  photosKept: number;
  photosFailed: number;
  /** Upcoming open houses of the snapshot's homes. */
  openHouses: number;
}

export interface SyncOptions extends Omit<ReplicationQuery, 'watermark'> {
  http: ResoHttp;
  /** The snapshot folder (LISTINGS_SNAPSHOT_DIR). */
  dir: string;
  /** Replicate everything again, whatever the previous snapshot's watermark. */
  full?: boolean;
  /**
   * Lets a run remove more than half the homes held: an incremental run because the owner filters no
   * longer name them (an agent who changed firm), a full one because the feed no longer returns them.
   * Without it such a run is taken for a fault of the feed (an empty answer) or of the settings (a
   * mistyped office or agent id) and changes nothing: an incremental run's homes would not come back
   * on later runs, and a full run's would be gone from the site until the fault was found.
   */
  allowRemovals?: boolean;
  /**
   * How many months back sales are shown (`mls.soldMonths`): a Closed home with an older CloseDate
   * is not kept. Undefined: every sale the feed has.
   */
  soldMonths?: number;
  /** The time zone of the home's ModificationTimestamp day, and of the day sales are counted from. */
  timeZone?: string;
  /**
   * The listing collection's check of one home (photos as strings): undefined when it is good,
   * else the reason. The sync never writes a home the build would refuse.
   */
  check: (home: ResoRecord) => string | undefined;
  now?: () => Date;
  log?: (line: string) => void;
  onProgress?: (progress: SyncProgress) => void;
}

export interface SyncResult extends SyncProgress {
  snapshot: ListingSnapshot;
  mode: 'full' | 'incremental';
}

const latest = (a: string | undefined, b: string) => (a === undefined || Date.parse(b) > Date.parse(a) ? b : a);

/** Runs in a row a record's photos may fail for a passing reason before the sync stops reading it again. */
export const PHOTO_RUNS = 5;
/**
 * Photos in a row (of two homes at least: one home's may all be gone) a media host may fail in one
 * run before its other photos are not asked for.
 */
export const FAILING_HOST_PHOTOS = 3;

/** Hard-links (or copies, across file systems) a file the previous snapshot already has. */
function carry(from: string, to: string): boolean {
  if (!existsSync(from)) return false;
  mkdirSync(dirname(to), { recursive: true });
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
  return true;
}

/** The office and agent the run reads the listings of ("CAR-OFF-1 or CAR-AG-3"). */
const ownerIds = (options: SyncOptions) =>
  owners(options)
    .flatMap((o) => (o ? [o.id] : []))
    .join(' or ');

/** One run at a time per folder (see `lockSnapshot`). */
export async function syncListings(options: SyncOptions): Promise<SyncResult> {
  mkdirSync(dirname(options.dir), { recursive: true });
  const release = lockSnapshot(options.dir);
  try {
    return await replicate(options);
  } finally {
    release();
  }
}

async function replicate(options: SyncOptions): Promise<SyncResult> {
  const {
    http,
    dir,
    check,
    timeZone = 'America/New_York',
    now = () => new Date(),
    log = () => {},
    onProgress = () => {},
  } = options;
  const source = {
    apiUrl: options.apiUrl,
    originatingSystem: options.originatingSystem,
    ...(options.listOfficeMlsId ? { listOfficeMlsId: options.listOfficeMlsId } : {}),
    ...(options.listAgentMlsId ? { listAgentMlsId: options.listAgentMlsId } : {}),
  };
  const previous = readSnapshot(dir);
  const sameSource = previous !== undefined && JSON.stringify(previous.source) === JSON.stringify(source);
  const started = now();
  /** The run's day: no day of a home is after it (`toHomeFields`). */
  const today = dayIn(started.toISOString(), timeZone);
  const since = options.soldMonths === undefined ? undefined : soldSince(started, options.soldMonths, timeZone);
  // Sales from before the previous run's first day were never kept: showing them needs them all again.
  const widened = previous?.soldSince !== undefined && (since === undefined || since < previous.soldSince);
  const incremental = !options.full && sameSource && !widened && previous.watermark !== undefined;
  const openHouseIncremental = incremental && previous.openHouseWatermark !== undefined;
  if (previous && !sameSource)
    log('The server, originating system or owner filters changed: replicating everything again');
  else if (previous && widened)
    log(`Sales from before ${previous.soldSince} are shown now: replicating everything again`);
  const before = new Map((previous?.homes ?? []).map((h) => [String(h.home['ListingKey']), h]));
  const homes = new Map<string, SyncedHome>(incremental ? before : []);
  // Each request stream's watermark (see `owners`): a stream moves its own only, with what it read.
  const streams = owners(options).map((owner) => owner?.field ?? 'all');
  // A watermark saved by an earlier version in a feed's own form (no time zone) is asked in the one form.
  const resumed = (mark: string | undefined) => (mark === undefined ? undefined : (replicationStamp(mark) ?? mark));
  const startOf = (stream: (typeof streams)[number]) =>
    !incremental
      ? undefined
      : resumed(stream !== 'all' && previous.watermarks ? previous.watermarks[stream] : previous.watermark);
  const marks = new Map(streams.map((stream) => [stream, startOf(stream)]));

  const staged = stagingDir(dir);
  rmSync(staged, { recursive: true, force: true });
  mkdirSync(join(staged, PHOTO_DIR), { recursive: true });
  const progress: SyncProgress = {
    pages: 0,
    homes: homes.size,
    updated: 0,
    removed: 0,
    olderSales: 0,
    skipped: 0,
    photosDownloaded: 0,
    photosKept: 0,
    photosFailed: 0,
    openHouses: 0,
  };

  // With both owner filters, a record can come in both streams: it is applied once a version.
  const applied = new Map<string, string>();
  // A media host that failed photo after photo (down, or stalling each one until its time-out) is not
  // asked again this run: each photo would wait out every retry, hours for a large feed. Its photos
  // are tried again next run, as any photo that failed for a passing reason (PHOTO_RUNS).
  const failingHosts = new Map<string, { photos: number; homes: Set<string> }>();
  const hostDown = (host: string) => {
    const failing = failingHosts.get(host);
    return !!failing && failing.photos >= FAILING_HOST_PHOTOS && failing.homes.size >= 2;
  };
  // Records whose photos failed for a passing reason: read again next run (see PHOTO_RUNS).
  const retriedBefore = new Map((incremental ? previous.retry : []).map((r) => [r.ListingKey, r]));
  const retry = new Map<string, ListingSnapshot['retry'][number]>();
  // Homes refused or held back: the open house resource's watermark moves on without them, so their
  // open houses are kept for the run that publishes them (they are read once only).
  const waiting = new Set(incremental ? previous.waiting : []);
  try {
    // Each stream starts from its own watermark; the new ones are saved only after all of them. One
    // for all would pass over a change the first stream had not shown yet when the second read a later one.
    const firsts = replicationUrls({ ...options, watermark: marks.get('all'), watermarks: Object.fromEntries(marks) });
    for (const [i, first] of firsts.entries()) await readStream(first, (raw, j) => applyRecord(raw, j, streams[i]!));

    // An owner filter cannot show a listing leaving it (moved to another firm or agent): its records no
    // longer match, so its changes never come. A home the filters no longer match leaves the site.
    if (incremental) {
      const current = new Set<string>();
      const keys = currentKeysUrls(options);
      for (const first of keys) {
        await readStream(first, (raw) => {
          const key = (raw as ResoRecord | null)?.['ListingKey'];
          if (typeof key === 'string') current.add(key);
        });
      }
      for (const key of keys.length ? waiting : []) if (!current.has(key)) waiting.delete(key);
      const leaving = keys.length ? [...homes.keys()].filter((key) => !current.has(key)) : [];
      if (leaving.length * 2 > homes.size && !options.allowRemovals) {
        throw new Error(
          `The MLS names ${homes.size - leaving.length} of the ${homes.size} homes held as still listings of ${ownerIds(options)}: ` +
            `removing ${leaving.length} at once looks like a fault of the feed, so nothing was changed. ` +
            'If they really left, run again with --allow-removals.',
        );
      }
      for (const key of leaving) {
        homes.delete(key);
        progress.removed++;
        log(`Removed ${key}: no longer a listing of ${ownerIds(options)}`);
      }
    } else if (!options.allowRemovals) {
      // A full run starts with no homes, so an empty answer (a feed in trouble, an office id mistyped
      // in the settings) would write an empty snapshot: the same rule as above keeps the homes held.
      const gone = [...before.keys()].filter((key) => !homes.has(key)).length;
      if (gone * 2 > before.size) {
        throw new Error(
          `A full run found ${before.size - gone} of the ${before.size} homes held${ownerIds(options) ? ` among the listings of ${ownerIds(options)}` : ''}: ` +
            `removing ${gone} at once looks like a fault of the feed or of RESO_LIST_OFFICE_MLS_ID / RESO_LIST_AGENT_MLS_ID, so nothing was changed. ` +
            'If they really left, run again with --allow-removals.',
        );
      }
    }

    // A sale that has grown older than the site shows leaves, whether its record changed or not.
    for (const [key, synced] of homes) {
      const decision = decide(synced.home, { soldSince: since });
      if (decision.action === 'remove') {
        homes.delete(key);
        progress.removed++;
        progress.olderSales++;
        log(`Removed ${key}: ${decision.reason}`);
      }
    }

    // Open houses: their own resource and watermark (a snapshot from before they were copied has
    // none, so they are copied whole once). Only those of the snapshot's homes and of those waiting are kept.
    const openHouses = new Map<string, SyncedOpenHouse>(
      openHouseIncremental ? previous.openHouses.map((o) => [o.OpenHouseKey, o]) : [],
    );
    const openHouseStart = openHouseIncremental ? resumed(previous.openHouseWatermark) : undefined;
    let openHouseWatermark = openHouseStart;
    const ownHomes = (o: Pick<SyncedOpenHouse, 'ListingKey'>) => homes.has(o.ListingKey) || waiting.has(o.ListingKey);
    await readStream(openHouseUrl({ ...options, watermark: openHouseStart }), (raw, i) => {
      const where = `open house ${i + 1} of page ${progress.pages}`;
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return log(`Skipped ${where}: not an object`);
      const record = raw as ResoRecord;
      const stamp = replicationStamp(record['ModificationTimestamp']);
      if (stamp) openHouseWatermark = latest(openHouseWatermark, stamp);
      const decision = openHouseOf(record);
      if (decision.action === 'keep') {
        if (ownHomes(decision.openHouse)) openHouses.set(decision.openHouse.OpenHouseKey, decision.openHouse);
        else openHouses.delete(decision.openHouse.OpenHouseKey);
      } else if (decision.action === 'remove') {
        openHouses.delete(String(record['OpenHouseKey']));
      } else if (typeof record['ListingKey'] === 'string' && ownHomes({ ListingKey: record['ListingKey'] })) {
        log(`Skipped the open house ${String(record['OpenHouseKey'])} of ${record['ListingKey']}: ${decision.reason}`);
      }
    }).catch((error: unknown) => {
      // A licence or server without the OpenHouse resource: the homes go on, with the open houses they had.
      if (!(error instanceof ResoError && (error.status === 403 || error.status === 404))) throw error;
      log(`No open houses from this feed (${error.message}): the homes keep those they had`);
      openHouseWatermark = openHouseStart;
    });
    // Each home shows its open houses that have not ended; those of homes no longer here, or over, go.
    const at = now();
    for (const [key, o] of openHouses)
      if (!ownHomes(o) || homeOpenHouses([o], at, timeZone).length === 0) openHouses.delete(key);
    const byHome = Map.groupBy(openHouses.values(), (o) => o.ListingKey);
    for (const [key, synced] of homes) {
      const { OpenHouse: _previous, ...home } = synced.home;
      const shown = homeOpenHouses(byHome.get(key) ?? [], at, timeZone);
      homes.set(key, { ...synced, home: shown.length ? { ...home, OpenHouse: shown } : home });
    }
    progress.openHouses = [...homes.keys()].reduce(
      (n, key) => n + homeOpenHouses(byHome.get(key) ?? [], at, timeZone).length,
      0,
    );

    // Photos of homes this run did not touch come from the previous snapshot.
    for (const synced of homes.values()) {
      for (const m of synced.sync.media) {
        const to = join(staged, m.file);
        if (!existsSync(to) && !carry(join(dir, m.file), to)) {
          throw new Error(`The previous snapshot lacks ${m.file}; run again with --full`);
        }
      }
    }

    // The watermarks stay just before the oldest record to read again, so `gt` brings it back.
    const held = Math.min(...[...retry.values()].map((r) => Date.parse(r.ModificationTimestamp)));
    for (const [stream, mark] of marks) {
      // A record stamped later than this run began would set a watermark past every change to come,
      // and nothing would be read again: the watermarks go no further than the run's start.
      const kept = mark && held <= Date.parse(mark) ? new Date(held - 1).toISOString() : mark;
      marks.set(stream, notAfter(kept, started, 'listing'));
    }
    const watermark = [...marks.values()].reduce<string | undefined>((a, b) => (b ? latest(a, b) : a), undefined);
    openHouseWatermark = notAfter(openHouseWatermark, started, 'open house');
    const snapshot = listingSnapshotSchema.parse({
      asOf: at.toISOString(),
      ...(watermark ? { watermark } : {}),
      ...(streams.length > 1 ? { watermarks: Object.fromEntries([...marks].filter(([, mark]) => mark)) } : {}),
      retry: [...retry.values()].sort((a, b) => a.ListingKey.localeCompare(b.ListingKey)),
      ...(since ? { soldSince: since } : {}),
      source,
      homes: [...homes.values()].sort((a, b) =>
        String(a.home['ListingKey']).localeCompare(String(b.home['ListingKey'])),
      ),
      ...(openHouseWatermark ? { openHouseWatermark } : {}),
      waiting: [...waiting].filter((key) => !homes.has(key)).sort(),
      openHouses: [...openHouses.values()].sort((a, b) => a.OpenHouseKey.localeCompare(b.OpenHouseKey)),
    });
    writeFileSync(join(staged, SNAPSHOT_FILE), `${JSON.stringify(snapshot, null, 2)}\n`);
    swapIn(staged, dir);
    progress.homes = homes.size;
    return { ...progress, snapshot, mode: incremental ? 'incremental' : 'full' };
  } catch (error) {
    rmSync(staged, { recursive: true, force: true });
    throw error;
  }

  /** Reads one request stream page by page, as `@odata.nextLink` leads, handing each record to `apply`. */
  async function readStream(first: string, apply: (raw: unknown, index: number) => void | Promise<void>) {
    let url: string | undefined = first;
    // A server that links back to a page already read would otherwise be read forever; so would one
    // that gives each new link the same records (a new skip token each time, MLS Grid's form).
    const read = new Set<string>();
    const versions = new Set<string>();
    while (url) {
      if (read.has(url)) {
        throw new Error(
          `Page ${progress.pages} of the feed links back to a page already read: stopped rather than loop`,
        );
      }
      read.add(url);
      const page = await http.getJson(url);
      const records = (page as { value?: unknown } | null)?.value;
      if (!Array.isArray(records))
        throw new Error(`Page ${progress.pages + 1} of the feed has no "value" list of records`);
      progress.pages++;
      // An open house names its home too: its own key tells it from the home's other open houses.
      const seen = records.map((raw) => {
        const record = (raw ?? {}) as ResoRecord;
        const key = record['OpenHouseKey'] ?? record['ListingKey'];
        return typeof key === 'string' ? `${key} ${String(record['ModificationTimestamp'])}` : undefined;
      });
      // Only a page that leads on can loop (a last page may give its boundary record again).
      const next = nextPageUrl(page, url);
      if (next && seen.length > 0 && seen.every((version) => version !== undefined && versions.has(version))) {
        throw new Error(
          `Page ${progress.pages} of the feed repeats records already read from it this run: stopped rather than loop`,
        );
      }
      for (const version of seen) if (version !== undefined) versions.add(version);
      for (const [i, raw] of records.entries()) await apply(raw, i);
      progress.homes = homes.size;
      onProgress({ ...progress });
      url = next;
    }
  }

  function notAfter(stamp: string | undefined, start: Date, what: string) {
    if (stamp === undefined || Date.parse(stamp) <= start.getTime()) return stamp;
    log(`A ${what} record is stamped ${stamp}, after this run began: the next run reads from ${start.toISOString()}`);
    return start.toISOString();
  }

  /**
   * A record the site cannot publish. The home's version shown is out of date (its status, its price, its
   * address or photos withheld since...), so it leaves the site until a record of it passes, unless it `waits`.
   */
  function refuse(key: string, reason: string, waits: boolean) {
    progress.skipped++;
    const shown = before.get(key);
    if (waits && shown) {
      // A full run starts with no homes: the version shown is put back, its photos carried below.
      if (!homes.has(key)) homes.set(key, shown);
      return log(`Skipped ${key}: ${reason} (the version shown stays until it is read again)`);
    }
    waiting.add(key);
    if (!homes.delete(key)) return log(`Skipped ${key}: ${reason}`);
    progress.removed++;
    log(`Removed ${key}: ${reason} (it returns once a record of it passes)`);
  }

  async function applyRecord(raw: unknown, index: number, stream: (typeof streams)[number]): Promise<void> {
    const where = `record ${index + 1} of page ${progress.pages}`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      progress.skipped++;
      return log(`Skipped ${where}: not an object`);
    }
    const record = raw as ResoRecord;
    const key = record['ListingKey'];
    if (typeof key !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(key)) {
      progress.skipped++;
      return log(`Skipped ${where}: no usable ListingKey (${JSON.stringify(key)})`);
    }
    const stamp = replicationStamp(record['ModificationTimestamp']);
    if (stamp === undefined) {
      progress.skipped++;
      return log(
        `Skipped ${key}: no usable ModificationTimestamp (${JSON.stringify(record['ModificationTimestamp'])})`,
      );
    }
    // Every record seen moves its stream's watermark, kept or not: it has been replicated.
    marks.set(stream, latest(marks.get(stream), stamp));
    if (applied.get(key) === stamp) return;
    applied.set(key, stamp);
    retry.delete(key);

    const decision = decide(record, { soldSince: since });
    if (decision.action === 'remove') {
      waiting.delete(key);
      if (decision.olderSale) progress.olderSales++;
      if (homes.delete(key)) {
        progress.removed++;
        log(`Removed ${key}: ${decision.reason}`);
      }
      return;
    }
    const fields = toHomeFields(record, { addressHidden: decision.addressHidden, timeZone, today });
    const { photos, problems } = photosOf(record);
    for (const p of problems) log(`${key}: ${p}`);
    const old = before.get(key);
    // The home is checked before any photo is fetched (with the photos it would have), and again
    // after, when a photo could not be saved.
    const planned = photos.map((p, n) => ({
      src: `./${PHOTO_DIR}/${key}/${p.MediaKey}.jpg`,
      alt: photoAlt(p, n, photos.length, fields),
    }));
    const early = check({ ...fields, Photos: planned });
    if (early) return refuse(key, early, false);
    const media: SyncedHome['sync']['media'] = [];
    const shown: { src: string; alt: string }[] = [];
    let passing = 0;
    const hostOf = (url: string) => URL.parse(url)?.origin ?? url;
    for (const [n, photo] of photos.entries()) {
      const kept = old?.sync.media.find(
        (m) => m.MediaKey === photo.MediaKey && m.MediaModificationTimestamp === photo.MediaModificationTimestamp,
      );
      let file: string | undefined;
      if (kept && carry(join(dir, kept.file), join(staged, kept.file))) {
        file = kept.file;
        progress.photosKept++;
      } else {
        let stage = 'download';
        const host = hostOf(photo.MediaURL);
        try {
          if (hostDown(host)) {
            throw new ResoError(
              `not asked: ${host} failed the last ${FAILING_HOST_PHOTOS} photos of this run`,
              undefined,
              true,
            );
          }
          const { bytes, contentType } = await http.download(photo.MediaURL);
          failingHosts.delete(host);
          stage = 'check';
          const ext = await pictureExtension(bytes, contentType);
          // Named by its bytes: a key's own picture extension goes; any other dot is the key's ("K1.0", "K1.1").
          file = `${PHOTO_DIR}/${key}/${photo.MediaKey.replace(/\.(jpe?g|png|webp|avif|gif)$/i, '')}.${ext}`;
          mkdirSync(join(staged, PHOTO_DIR, key), { recursive: true });
          // A file already staged may be a hard link to the live snapshot's (the home applied twice
          // this run): it is replaced, never written through, so a failed run leaves that one as it was.
          rmSync(join(staged, file), { force: true });
          writeFileSync(join(staged, file), bytes);
          progress.photosDownloaded++;
        } catch (error) {
          progress.photosFailed++;
          // The server's or network's failure may pass; a photo the build cannot read will not.
          if (stage === 'download' && (!(error instanceof ResoError) || error.passing)) {
            passing++;
            const failing = failingHosts.get(host) ?? { photos: 0, homes: new Set<string>() };
            failingHosts.set(host, { photos: failing.photos + 1, homes: failing.homes.add(key) });
          }
          log(`${key}: photo ${photo.MediaKey} not saved: ${error instanceof Error ? error.message : String(error)}`);
          continue;
        }
      }
      media.push({ MediaKey: photo.MediaKey, MediaModificationTimestamp: photo.MediaModificationTimestamp, file });
      shown.push({ src: `./${file}`, alt: photoAlt(photo, n, photos.length, fields) });
    }
    if (passing) {
      const before = retriedBefore.get(key);
      const runs = before?.ModificationTimestamp === stamp ? before.runs + 1 : 1;
      if (runs < PHOTO_RUNS) retry.set(key, { ListingKey: key, ModificationTimestamp: stamp, runs });
      else
        log(`${key}: ${passing} photo(s) failed ${runs} runs in a row; they are tried again when its record changes`);
    }
    const home = { ...fields, Photos: shown };
    const reason = shown.length === planned.length ? undefined : check(home);
    if (reason) {
      // The photos just saved go unused (a previous version keeps its own).
      for (const m of media)
        if (!old?.sync.media.some((o) => o.file === m.file)) rmSync(join(staged, m.file), { force: true });
      // Photos that failed for a passing reason, with the record read again next run: the version shown
      // may stay meanwhile, if the record says the same of its status and of showing its address.
      const waits =
        old !== undefined &&
        retry.has(key) &&
        old.home['StandardStatus'] === fields['StandardStatus'] &&
        old.sync.addressHidden === decision.addressHidden;
      return refuse(key, reason, waits);
    }
    const entry = { home, sync: { ModificationTimestamp: stamp, addressHidden: decision.addressHidden, media } };
    homes.set(key, entry);
    if (!isDeepStrictEqual(old, entry)) progress.updated++;
  }
}
