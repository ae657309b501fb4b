/**
 * No lead is lost: while SMTP is down leads stay pending and leave once it is back; a server
 * killed with SIGKILL between accepting a lead and delivering it sends it after restart; and
 * the rate-limit counters survive the restart too. A server told to stop (SIGTERM) answers the
 * lead a visitor is sending at that moment before it exits; one that cannot stop in time, or
 * cannot start, says why in one line and exits with 1.
 */
import { writeFileSync } from 'node:fs';
import { connect, createServer as createNetServer, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  assertBuilt,
  freePort,
  postLead,
  readLeads,
  startMailServer,
  startSite,
  tempDb,
  waitFor,
  type MailServer,
  type RunningServer,
} from './support.ts';

const running: (RunningServer | MailServer)[] = [];
afterEach(async () => {
  for (const thing of running.splice(0).reverse()) {
    await ('kill' in thing ? thing.kill() : thing.close());
  }
});

function siteEnv(db: string, smtpPort: number): Record<string, string> {
  return {
    LEADS_DB: db,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtpPort),
    LEADS_TO: 'agent@example.com',
    LEADS_RETRY_BASE_MS: '200',
    LEADS_RETRY_MAX_MS: '800',
    LEADS_POLL_MS: '500',
  };
}

function sendLead(site: RunningServer, email: string): Promise<Response> {
  return postLead(site.url, { email });
}

describe('delivery when SMTP is down', () => {
  it('keeps the lead pending and delivers it once SMTP is back', async () => {
    assertBuilt();
    const db = tempDb();
    const smtpPort = await freePort();
    const site = await startSite(siteEnv(db, smtpPort));
    running.push(site);

    const response = await sendLead(site, 'down@example.com');
    expect(response.status).toBe(200);
    const pending = await waitFor('failed tries to be recorded', () => {
      const [lead] = readLeads(db);
      return lead && lead.deliveries[0]!.attempts >= 2 && lead;
    });
    expect(pending.deliveries[0]).toMatchObject({ channel: 'email', state: 'pending' });
    expect(pending.deliveries[0]!.lastError).toMatch(/ECONNREFUSED|connect/i);

    const mail = await startMailServer({ port: smtpPort });
    running.push(mail);
    const received = await waitFor('the e-mail after SMTP came back', () => mail.mails[0]);
    expect(received.headers.get('reply-to')).toContain('down@example.com');
    await waitFor('the delivery to be marked', () => readLeads(db)[0]!.deliveries[0]!.state === 'delivered');
  });
});

describe('a server killed between accepting and delivering', () => {
  it('loses nothing: after restart the lead is delivered and the rate limit still counts', async () => {
    assertBuilt();
    const db = tempDb();
    // An SMTP server that takes the message and then hangs: the kill lands mid-delivery.
    const hanging = await startMailServer({ stall: true });
    running.push(hanging);
    const first = await startSite(siteEnv(db, hanging.port));
    running.push(first);

    for (let i = 0; i < 3; i++) expect((await sendLead(first, 'killed@example.com')).status).toBe(200);
    await waitFor('the delivery to be under way', () => hanging.stalled > 0);
    await first.kill();
    expect(first.process.signalCode).toBe('SIGKILL');

    const before = readLeads(db);
    expect(before).toHaveLength(3);
    expect(before.every((l) => l.deliveries[0]!.state === 'pending')).toBe(true);

    await hanging.close();
    const mail = await startMailServer({ port: hanging.port });
    running.push(mail);
    const second = await startSite(siteEnv(db, mail.port));
    running.push(second);
    await waitFor('all three e-mails after restart', () => mail.mails.length >= 3 && mail.mails);
    await waitFor('all three deliveries marked', () =>
      readLeads(db).every((l) => l.deliveries.every((d) => d.state === 'delivered')),
    );
    expect(second.output()).toContain('resuming 3 pending deliveries');

    // SPEC's 3-per-60-s rule was counted before the kill and still holds after the restart.
    const fourth = await sendLead(second, 'killed@example.com');
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('a server told to stop while a visitor sends a lead', () => {
  it('answers that visitor, the lead stored, and only then exits', async () => {
    assertBuilt();
    const db = tempDb();
    const mail = await startMailServer();
    running.push(mail);
    const site = await startSite(siteEnv(db, mail.port));
    running.push(site);
    const body = JSON.stringify({
      firstName: 'Pat',
      lastName: 'Rivera',
      email: 'stopping@example.com',
      phone: '',
      helpType: "I'm interested in investing",
      message: 'Looking for a duplex near downtown Raleigh.',
      website: '',
      elapsedMs: 20_000,
    });
    const { host, port } = new URL(site.url);
    const socket = connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    const closed = new Promise((resolve) => socket.on('close', resolve));
    const exited = new Promise((resolve) => site.process.once('exit', resolve));
    // Half the request has arrived (a phone on a slow network) when the server is told to stop.
    socket.write(
      `POST /api/contact HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${site.url}\r\nContent-Type: application/json\r\n` +
        `Accept: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 40)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    site.process.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.write(body.slice(40));
    await closed;
    const answer = Buffer.concat(chunks).toString();
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain("Message sent! I'll get back to you soon.");
    await exited;
    expect(site.process.exitCode).toBe(0);
    expect(readLeads(db).map((l) => l.email)).toEqual(['stopping@example.com']);
  });

  it('closes a kept-alive connection after the answer under way, rather than serving it until the deadline', async () => {
    assertBuilt();
    const mail = await startMailServer();
    running.push(mail);
    const site = await startSite(siteEnv(tempDb(), mail.port));
    running.push(site);
    const { host, port } = new URL(site.url);
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    const closed = new Promise((resolve) => socket.on('close', resolve));
    const exited = new Promise((resolve) => site.process.once('exit', resolve));
    const get = `GET /about HTTP/1.1\r\nHost: ${host}\r\n\r\n`;
    socket.write(get);
    await waitFor('the first answer', () => received.includes('</html>'));
    // A browser reusing its connection: a request half sent as the server is told to stop.
    socket.write(get.slice(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const stopAt = Date.now();
    site.process.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.write(get.slice(10));
    await closed;
    await exited;
    expect(received.split('HTTP/1.1 200 ')).toHaveLength(3);
    const secondHead = received.slice(received.lastIndexOf('HTTP/1.1 200 ')).split('\r\n\r\n')[0];
    expect(secondHead).toMatch(/^connection: close$/im);
    expect(Date.now() - stopAt).toBeLessThan(3000);
  });
});

describe('a server that cannot stop cleanly', () => {
  /** A client that sent half a request's head and went quiet: the server waits for the rest. */
  async function halfSent(site: RunningServer) {
    const { host, port } = new URL(site.url);
    const socket = connect(Number(port), '127.0.0.1');
    socket.on('error', () => {});
    socket.write(`GET /about HTTP/1.1\r\nHost: ${host}\r\n`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    return socket;
  }
  /** A server holding a half-sent request, told to stop (SIGTERM): its code once it exits. */
  async function stopWithHalfSent() {
    assertBuilt();
    const site = await startSite({ LEADS_DB: tempDb() });
    running.push(site);
    const socket = await halfSent(site);
    const exited = new Promise<number | null>((resolve) => site.process.once('exit', (code) => resolve(code)));
    const stopAt = Date.now();
    site.process.kill('SIGTERM');
    return { site, socket, exited, stopAt };
  }

  it('says so after 8 s and exits with 1', async () => {
    const { site, socket, exited, stopAt } = await stopWithHalfSent();
    expect(await exited).toBe(1);
    expect(Date.now() - stopAt).toBeGreaterThanOrEqual(7900);
    expect(site.output()).toContain(
      'Stopped after 8 s before the requests under way were answered; a delivery cut short is sent again on next start.',
    );
    socket.destroy();
  });

  it('stops at once when told twice, and says so', async () => {
    const { site, socket, exited, stopAt } = await stopWithHalfSent();
    await new Promise((resolve) => setTimeout(resolve, 200));
    site.process.kill('SIGINT');
    expect(await exited).toBe(1);
    expect(Date.now() - stopAt).toBeLessThan(3000);
    expect(site.output()).toContain(
      'SIGINT again: stopped at once, without waiting for the answers and deliveries under way.',
    );
    socket.destroy();
  });
});

describe('a server that cannot start', () => {
  /** What a server said as it exited at start ('started' if it did start). */
  const startFailure = (env: Record<string, string>) =>
    startSite(env).then(
      async (site) => {
        await site.kill();
        return 'started';
      },
      (error: Error) => error.message,
    );

  it('names a port in use in one line, without a stack trace', async () => {
    assertBuilt();
    const holder = createNetServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as AddressInfo;
    try {
      const failure = await startFailure({ LEADS_DB: tempDb(), PORT: String(port) });
      expect(failure).toContain(`The server exited with 1:`);
      expect(failure).toContain(
        `Port ${port} on 127.0.0.1 is already in use: stop what runs there, or set another PORT.`,
      );
      expect(failure).not.toMatch(/node:events|EADDRINUSE|\n\s+at /);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });

  it('names a leads database it cannot open in one line, without a stack trace', async () => {
    assertBuilt();
    const db = tempDb();
    writeFileSync(db, Buffer.alloc(8192, 0x5a));
    const failure = await startFailure({ LEADS_DB: db });
    expect(failure).toContain('The server exited with 1:');
    expect(failure).toContain(`The leads database at ${db} could not be opened: file is not a database`);
    expect(failure).not.toMatch(/\n\s+at /);
  });

  it('refuses a second server on the same SQLite file, which sent every lead twice', async () => {
    assertBuilt();
    const db = tempDb();
    const first = await startSite({ LEADS_DB: db });
    running.push(first);
    const failure = await startFailure({ LEADS_DB: db });
    expect(failure).toContain('The server exited with 1:');
    expect(failure).toContain(
      `The leads database at ${db} could not be opened: another server is using it. Stop that one first: one server process per SQLite file.`,
    );
    // The first goes on taking leads; once it is gone, however it ended, the file is free again.
    expect((await postLead(first.url, { email: 'first@example.com' })).status).toBe(200);
    await first.kill();
    const next = await startSite({ LEADS_DB: db });
    running.push(next);
    expect(readLeads(db).map((l) => l.email)).toEqual(['first@example.com']);
  });
});
