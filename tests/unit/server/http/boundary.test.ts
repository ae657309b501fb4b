/**
 * The error boundary: a handler that throws or rejects still gives the client a well-formed 500
 * with a request id (logged with the error), and the server goes on serving.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { withErrorBoundary } from '#src/server/http/boundary.ts';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serve(handler: Parameters<typeof withErrorBoundary>[0], logs: string[]) {
  server = createServer(withErrorBoundary(handler, { log: (m) => logs.push(m), keepHeaders: ['x-frame-options'] }));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('withErrorBoundary', () => {
  it('answers 500 with a request id for a thrown error, and keeps only the kept headers', async () => {
    const logs: string[] = [];
    const url = await serve((req, res) => {
      res.setHeader('X-Frame-Options', 'DENY');
      res.setHeader('Content-Type', 'text/html');
      if (req.url === '/throw') throw new Error('bug of ours');
      res.end('fine');
    }, logs);
    const response = await fetch(`${url}/throw`);
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    const body = await response.text();
    const id = /request ([0-9a-f]{8})/.exec(body)?.[1];
    expect(id).toBeDefined();
    expect(logs.some((line) => line.includes(`[request ${id}]`) && line.includes('bug of ours'))).toBe(true);
    expect(await (await fetch(`${url}/`)).text()).toBe('fine');
  });

  it('answers 500 for a rejected promise, and cuts a half-sent answer instead of garbling it', async () => {
    const logs: string[] = [];
    const url = await serve(async (req, res) => {
      if (req.url === '/half') {
        res.writeHead(200, { 'Content-Length': '100' });
        res.write('partial');
      }
      await Promise.resolve();
      throw new Error('late failure');
    }, logs);
    expect((await fetch(`${url}/reject`)).status).toBe(500);
    await expect(fetch(`${url}/half`).then((r) => r.text())).rejects.toThrow();
    expect(logs).toHaveLength(2);
  });
});
