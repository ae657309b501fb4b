/**
 * The error boundary around every request: whatever a handler throws or rejects with, the
 * client gets a well-formed answer (a status line, headers, a short body), the error is logged
 * with a request id the answer repeats, and the process stays up for everyone else.
 */
import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

export type Handler = (req: IncomingMessage, res: ServerResponse, requestId: string) => void | Promise<void>;

/**
 * A plain-text answer that replaces whatever a handler had prepared. Headers set earlier (for
 * a page, say) are dropped, except the security headers every answer carries.
 */
export function sendPlain(
  res: ServerResponse,
  status: number,
  message: string,
  extra: Record<string, string> = {},
  keep: readonly string[] = [],
): void {
  if (res.headersSent) {
    // Too late for a status line: cut the connection so the client sees a failure, not a short page.
    res.destroy();
    return;
  }
  for (const name of res.getHeaderNames()) if (!keep.includes(name)) res.removeHeader(name);
  const body = `${message}\n`;
  res.writeHead(status, STATUS_CODES[status] ?? '', {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    ...extra,
  });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

export function withErrorBoundary(
  handler: Handler,
  options: { log?: (message: string) => void; keepHeaders?: readonly string[] } = {},
) {
  const log = options.log ?? ((message: string) => console.error(message));
  return (req: IncomingMessage, res: ServerResponse): void => {
    const requestId = randomUUID().slice(0, 8);
    const fail = (error: unknown) => {
      const where = `${req.method ?? '?'} ${JSON.stringify(String(req.url ?? '').slice(0, 200))}`;
      log(
        `[request ${requestId}] ${where} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      sendPlain(res, 500, `Internal Server Error (request ${requestId})`, { Connection: 'close' }, options.keepHeaders);
    };
    // A stream error after the answer began must not become an uncaught 'error' event.
    req.on('error', () => res.destroy());
    res.on('error', () => res.destroy());
    try {
      const result = handler(req, res, requestId);
      if (result) result.catch(fail);
    } catch (error) {
      fail(error);
    }
  };
}

/**
 * What Node's parser found wrong with a request it never handed to the app, as a status (else 400),
 * and what a visitor can meet of it in words: a link too long to open (its address is a header line).
 */
const clientErrors: Record<string, [status: number, message?: string]> = {
  HPE_HEADER_OVERFLOW: [
    431,
    'This address is too long to open. Please check the link, or start again at the home page.',
  ],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive. Please try again.'],
};

/** A whole plain answer on a bare socket (for what Node hands the server no response for), then closed. */
export function endSocket(
  socket: Duplex,
  status: number,
  headers: Readonly<Record<string, string>>,
  message = STATUS_CODES[status] ?? String(status),
): void {
  socket.on('error', () => socket.destroy());
  const body = `${message}\n`;
  const all = {
    ...headers,
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': `${Buffer.byteLength(body)}`,
  };
  const lines = Object.entries({ ...all, Connection: 'close' }).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${lines.join('')}\r\n${body}`);
}

/**
 * Node's `clientError`: a request it could not read (a header over 16 KB, a method it does not
 * know, a bad Content-Length, one too slow to arrive) is answered like every other (never a 5xx), with the
 * security headers and its status (Node's own answer had neither headers nor a word of why).
 */
export function answerClientError(headers: Readonly<Record<string, string>>) {
  return (error: Error & { code?: string }, socket: Duplex): void => {
    if (!socket.writable || error.code === 'ECONNRESET') return void socket.destroy();
    const [status, message] = clientErrors[error.code ?? ''] ?? [400];
    endSocket(socket, status, headers, message);
  };
}
