/**
 * The error boundary around every request: whatever a handler throws or rejects with, the
 * client gets a well-formed answer (a status line, headers, a short body), the error is logged
 * with a request id the answer repeats, and the process stays up for everyone else.
 */
import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';

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
