/**
 * One run at a time of a command that rewrites a folder (the listings and video syncs, the build): a
 * lock file holding the run's process id, created only if absent; and the folder replaced whole by
 * the one the run staged. Plain TypeScript with relative imports: Node runs it from scripts/.
 */
import { existsSync, linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';

/** Whether a process of this id runs (on this machine). */
function running(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The locks this process holds. */
const held = new Set<string>();

/**
 * Takes `file` for this run, or throws `busyMessage(pid)` of the run holding it. The lock of a run whose
 * process is gone is taken over, as is one naming this process that it does not hold (left by a
 * run in a container since restarted, where process ids repeat). Returns its release.
 * `beforeTakeover` runs between reading a stale lock and taking it over (a test's other run,
 * taking it over first).
 */
export function holdLock(file: string, busyMessage: (pid: number) => string, beforeTakeover = () => {}): () => void {
  const busy = (pid: number) => new Error(busyMessage(pid));
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      held.add(file);
      return () => {
        held.delete(file);
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (attempt > 0 || (pid === process.pid ? held.has(file) : running(pid))) throw busy(pid);
      beforeTakeover();
      // Taken over in one step: the stale lock is moved aside, which only one run can do, and is
      // checked to be the one read above. Removed as it was read, it could be another run's that had
      // just taken it over, and both would run.
      const aside = `${file}.${process.pid}`;
      try {
        renameSync(file, aside);
      } catch (moveError) {
        if ((moveError as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw moveError;
      }
      const moved = Number(readFileSync(aside, 'utf8').trim());
      if (moved !== pid) {
        try {
          linkSync(aside, file);
        } catch {
          // Yet another run has taken the folder meanwhile: its lock stays.
        }
        rmSync(aside, { force: true });
        throw busy(moved);
      }
      rmSync(aside, { force: true });
    }
  }
}

/** Where a swap moves the folder it replaces, until the new one is in place. */
export const previousDir = (dir: string) => `${dir.replace(/\/+$/, '')}.previous`;

/** Replaces `dir` with the complete folder `staged`: the old one moves aside, then goes. */
export function swapIn(staged: string, dir: string): void {
  const old = previousDir(dir);
  rmSync(old, { recursive: true, force: true });
  if (existsSync(dir)) renameSync(dir, old);
  renameSync(staged, dir);
  rmSync(old, { recursive: true, force: true });
}

/** A run stopped between the two renames of a swap left the old folder aside: it is put back. */
export function restoreSwapped(dir: string): void {
  if (!existsSync(dir) && existsSync(previousDir(dir))) renameSync(previousDir(dir), dir);
}
