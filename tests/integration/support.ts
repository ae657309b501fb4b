/**
 * Real processes and servers for the integration tests: the production server (src/server/main.ts
 * on the built site, exactly as `npm start` runs it), an SMTP server and a CRM webhook receiver,
 * all on 127.0.0.1 and on ports the system hands out, so parallel runs never collide.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingHttpHeaders } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { openSyncLeadStore } from '../../src/server/leads/store/sqlite.ts';
import type { LeadWithDeliveries } from '../../src/server/leads/store/types.ts';

export const root = join(import.meta.dirname, '..', '..');

export function assertBuilt(): void {
  if (!existsSync(join(root, 'dist', 'server', 'entry.mjs'))) {
    throw new Error('The integration tests run against the production build: run `npm run build` first.');
  }
}

export function tempDb(): string {
  return join(mkdtempSync(join(tmpdir(), 'leads-it-')), 'leads.db');
}

export async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
  kill: () => Promise<void>;
}

/**
 * Starts `node src/server/main.ts` with the given environment and waits until it listens: this
 * checkout's, or that of a copy of the project (`cwd`), which serves the copy's build.
 */
export async function startSite(env: Record<string, string>, cwd = root): Promise<RunningServer> {
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    cwd,
    env: { PATH: process.env['PATH'] ?? '', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The server did not start:\n${output}`)), 30_000);
    const look = () => {
      const match = /Serving the production site at (http:\/\/[^/\s]+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout.on('data', look);
    // 'close', not 'exit': by then the last of what it wrote has been read.
    child.once('close', (code) => reject(new Error(`The server exited with ${code}:\n${output}`)));
  });
  return {
    url,
    process: child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
    kill: async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  headers: Map<string, string>;
  text: string;
  html: string;
}

export interface MailServer {
  port: number;
  mails: ReceivedMail[];
  /** Messages whose DATA arrived but were never acknowledged (the `stall` mode). */
  stalled: number;
  close: () => Promise<void>;
}

/**
 * A real SMTP server (the `smtp-server` package). With `stall`, it takes the message but never
 * answers, like a server that hangs mid-delivery; with `greetingDelayMs`, it greets each new
 * connection that much later.
 */
export async function startMailServer(
  options: { port?: number; stall?: boolean; user?: string; pass?: string; greetingDelayMs?: number } = {},
): Promise<MailServer> {
  const mails: ReceivedMail[] = [];
  const state = { stalled: 0 };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: !options.user,
    logger: false,
    // A mail server slow to greet, as many are: each new connection costs this much.
    onConnect(_session, callback) {
      setTimeout(() => callback(), options.greetingDelayMs ?? 0);
    },
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.pass) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (options.stall) {
          state.stalled += 1;
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          ...parseMime(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  // A client killed mid-session (the SIGKILL tests) resets its connection; that is no failure of the server's.
  server.on('error', () => {});
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    mails,
    get stalled() {
      return state.stalled;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A stalled session would hold close() open forever.
        for (const connection of (server as unknown as { connections: Set<{ close: () => void }> }).connections ?? []) {
          connection.close();
        }
      }),
  };
}

export interface WebhookServer {
  url: string;
  received: { headers: IncomingHttpHeaders; body: unknown }[];
  close: () => Promise<void>;
}

/**
 * A CRM endpoint answering like Follow Up Boss's events API (201 with the created event). With
 * `hang`, it takes each request and never answers, like a CRM that is stuck.
 */
export async function startWebhook(options: { hang?: boolean } = {}): Promise<WebhookServer> {
  const received: WebhookServer['received'] = [];
  const server = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      if (!options.hang) res.writeHead(201, { 'Content-Type': 'application/json' }).end('{"id":1}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1/events`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Leads as the server stored them, read through a separate read-only connection (at once, for probes). */
export function readLeads(dbPath: string): LeadWithDeliveries[] {
  const store = openSyncLeadStore(dbPath, { readOnly: true });
  try {
    return store.listLeads({ includeSpam: true });
  } finally {
    store.close();
  }
}

export async function waitFor<T>(
  what: string,
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, encoding: string, text: string) =>
    encoding.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replaceAll('_', ' ')),
  );
}

function decodeQuotedPrintable(text: string): string {
  const escaped = text
    .replace(/=\r?\n/g, '')
    .replaceAll('%', '%25')
    .replace(/[^\x00-\x7F]/g, (c) => encodeURIComponent(c))
    .replace(/=([0-9A-F]{2})/gi, '%$1');
  return decodeURIComponent(escaped);
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return headers;
}

/** Just enough MIME to read what nodemailer sends: headers, and the text and HTML parts decoded. */
function parseMime(raw: string): { headers: Map<string, string>; text: string; html: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = parseHeaders(raw.slice(0, split));
  const parts: Record<string, string> = {};
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  const sections = boundary ? raw.split(`--${boundary}`).slice(1, -1) : [raw];
  for (const section of sections) {
    const at = section.search(/\r?\n\r?\n/);
    const partHeaders = parseHeaders(section.slice(0, at).replace(/^\r?\n/, ''));
    const body = section
      .slice(at)
      .replace(/^\r?\n\r?\n/, '')
      .replace(/\r?\n$/, '');
    const encoding = partHeaders.get('content-transfer-encoding')?.toLowerCase();
    const decoded =
      encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? decodeQuotedPrintable(body)
          : body;
    const type = partHeaders.get('content-type') ?? '';
    if (/text\/html/i.test(type)) parts['html'] = decoded;
    else if (/text\/plain/i.test(type)) parts['text'] = decoded;
  }
  return { headers, text: (parts['text'] ?? '').replace(/\r\n/g, '\n'), html: parts['html'] ?? '' };
}

/**
 * Posts a valid lead to the island's endpoint as the island does (JSON, same origin, a person's
 * time on the form), with `fields` and `headers` changing what a test needs.
 */
export function postLead(
  siteUrl: string,
  fields: Record<string, string | number>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${siteUrl}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', Origin: siteUrl, ...headers },
    body: JSON.stringify({
      firstName: 'Pat',
      lastName: 'Rivera',
      phone: '',
      helpType: "I'm interested in investing",
      message: 'Looking for a duplex near downtown Raleigh.',
      website: '',
      elapsedMs: 20_000,
      ...fields,
    }),
  });
}
