/**
 * A promise given a time limit: what `promise` settles with, or the error `late()` makes when it has
 * not settled within `ms` (Google's reviews in the browser; on the server, a lead's delivery and the
 * YouTube refresh). The timer is cleared either way, and never keeps a Node process running.
 */
export function withinTime<T>(promise: Promise<T>, ms: number, late: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(late()), ms);
    if (typeof timer === 'object') timer.unref();
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}
