/**
 * How long this host takes to fault in one fresh 4 KiB page of memory, in microseconds: the figure
 * that decides whether Lighthouse's Total Blocking Time means anything here (report.ts,
 * `assertionsForHost`).
 *
 * Lighthouse's own CPU benchmark (`benchmarkIndex`) times a JavaScript loop on memory that is
 * already mapped, so it cannot see a host where mapping memory is slow. A renderer that starts a
 * page maps tens of megabytes, so there every main-thread task of the page load runs several times
 * longer, and the simulation then slows each by four more. A child Node process (with `--expose-gc`,
 * so each round's memory goes back before the next, as a renderer's does) writes one byte to every
 * page of 64 MiB, six rounds; the fastest round counts, as it is the least disturbed.
 */
import { execFileSync } from 'node:child_process';

const probe = `
const size = 64 << 20;
let best = Infinity;
for (let round = 0; round < 6; round++) {
  let block = Buffer.allocUnsafeSlow(size);
  const start = process.hrtime.bigint();
  for (let i = 0; i < size; i += 4096) block[i] = 1;
  best = Math.min(best, Number(process.hrtime.bigint() - start) / 1000 / (size / 4096));
  block = null;
  globalThis.gc();
}
process.stdout.write(String(best));
`;

export function pageFaultMicros(): number {
  const out = execFileSync(process.execPath, ['--expose-gc', '-e', probe], { encoding: 'utf8' });
  const micros = Number(out);
  if (!Number.isFinite(micros) || micros <= 0) throw new Error(`the page-fault probe printed ${JSON.stringify(out)}`);
  return micros;
}
