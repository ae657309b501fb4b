/**
 * Reads an answer's body with a byte cap: one larger than `maxBytes` is refused as soon as it
 * shows (by its Content-Length, else while it arrives, the rest cancelled), so no answer, however
 * large or endless, is ever held whole in memory. The fetch's own signal still bounds the time.
 */

/** "10 MB", or "512 bytes" below a megabyte. */
export function shownSize(bytes: number): string {
  return bytes >= 2 ** 20 ? `${Math.round(bytes / 2 ** 20)} MB` : `${bytes} bytes`;
}

/**
 * The body's bytes; past the cap, throws "{what} is larger than 10 MB" (say), or the error `refuse`
 * makes.
 */
export async function readCapped(
  res: Response,
  maxBytes: number,
  refuse: string | (() => Error) = 'the answer',
): Promise<Buffer> {
  const tooLarge =
    typeof refuse === 'string' ? () => new Error(`${refuse} is larger than ${shownSize(maxBytes)}`) : refuse;
  if (Number(res.headers.get('content-length')) > maxBytes) {
    await res.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body ?? []) {
    size += chunk.length;
    // Leaving the loop cancels the rest of the body.
    if (size > maxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}
