/**
 * Requests written byte by byte on a plain TCP socket (node `net`), so a test can send what no
 * HTTP client library would: broken targets, raw control characters, conflicting framing.
 */
import { connect } from 'node:net';

export interface RawAnswer {
  /** The status line's code, or undefined when the answer had no status line. */
  status: number | undefined;
  statusLine: string;
  headers: Map<string, string>;
  raw: string;
  /** The server closed the connection without a byte. */
  silent: boolean;
  /** No complete answer within the time limit. */
  timedOut: boolean;
}

/**
 * Sends `request` (and with `halfClose`, closes the sending side) and reads until the server closes the connection, `idleMs` pass without a
 * byte after the answer began (a kept-alive connection), or `timeoutMs` pass in all.
 */
export function rawRequest(
  port: number,
  request: string | Buffer,
  options: { timeoutMs?: number; idleMs?: number; halfClose?: boolean } = {},
): Promise<RawAnswer> {
  const { timeoutMs = 5000, idleMs = 300, halfClose = false } = options;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1');
    let idle: NodeJS.Timeout | undefined;
    let settled = false;
    const finish = (timedOut: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(total);
      clearTimeout(idle);
      socket.destroy();
      const raw = Buffer.concat(chunks).toString('latin1');
      const [head = ''] = raw.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const match = /^HTTP\/1\.[01] (\d{3})(?: |$)/.exec(statusLine);
      const headers = new Map<string, string>();
      for (const line of lines) {
        const at = line.indexOf(':');
        if (at > 0) headers.set(line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim());
      }
      resolve({
        status: match ? Number(match[1]) : undefined,
        statusLine,
        headers,
        raw,
        silent: chunks.length === 0 && !timedOut,
        timedOut,
      });
    };
    const total = setTimeout(() => finish(chunks.length === 0), timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      clearTimeout(idle);
      idle = setTimeout(() => finish(false), idleMs);
    });
    socket.on('error', () => finish(false));
    socket.on('close', () => finish(false));
    // Half-closed: the client says it has sent all (FIN) and waits for the answer.
    if (halfClose) socket.end(request);
    else socket.write(request);
  });
}

/** Whether the server at `port` still answers its home page. */
export async function isUp(port: number): Promise<boolean> {
  const answer = await rawRequest(port, 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
  return answer.status === 200;
}

/** A Location value that a browser would follow to another origin than `origin`. */
export function leavesOrigin(location: string | undefined, origin: string): boolean {
  if (location === undefined) return false;
  // Browsers treat a backslash in a special-scheme URL as a slash.
  const seen = location.replaceAll('\\', '/');
  try {
    return new URL(seen, `${origin}/some/page`).origin !== origin;
  } catch {
    return true;
  }
}
