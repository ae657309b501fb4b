/**
 * One run at a time of a command that rewrites a folder (the listings sync, the build): a lock file
 * holding the run's process id, created only if absent. Plain TypeScript with relative imports:
 * Node runs it from scripts/.
 */
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';

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
