/** A picture host gone wrong, for the thumbnail downloads' byte cap. */
import type { ServerResponse } from 'node:http';

/**
 * 50 MB of zeros sent as image/jpeg in 64 KB writes, each waiting for the last to drain (never built
 * in memory at once), said in a Content-Length or not; stops when the client hangs up.
 */
export function stream50Mb(res: ServerResponse, declared = false): void {
  const total = 50 * 2 ** 20;
  res.writeHead(200, { 'Content-Type': 'image/jpeg', ...(declared ? { 'Content-Length': String(total) } : {}) });
  const chunk = Buffer.alloc(64 * 1024);
  let left = total / chunk.length;
  const more = (): void => {
    while (left > 0 && !res.destroyed) {
      left--;
      if (!res.write(chunk)) return void res.once('drain', more);
    }
    if (left === 0) res.end();
  };
  more();
}
