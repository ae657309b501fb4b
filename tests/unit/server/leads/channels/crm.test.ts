/** The CRM webhook's body (Follow Up Boss events). */
import { createServer } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildFollowUpBossEvent, createWebhookSender } from '#src/server/leads/channels/crm.ts';
import { stored } from '../fixtures.ts';

describe('CRM webhook body', () => {
  it('follows the Follow Up Boss events API', () => {
    expect(buildFollowUpBossEvent(stored)).toEqual({
      source: 'example.com',
      system: 'Jordan Avery Real Estate website',
      type: 'Seller Inquiry',
      message: stored.message,
      description: 'I need a market analysis (website contact form, lead #42)',
      occurredAt: '2025-05-01T14:30:00.000Z',
      sourceUrl: 'https://www.example.com/#contact',
      person: {
        firstName: 'Zoë',
        lastName: "O'Brien",
        emails: [{ value: 'zoe@example.com' }],
        phones: [],
        tags: ['Website', 'I need a market analysis'],
      },
    });
    const buyer = buildFollowUpBossEvent({ ...stored, helpType: "I'm looking to buy a home", phone: '9195550100' });
    expect(buyer.type).toBe('General Inquiry');
    expect(buyer.person.phones).toEqual([{ value: '9195550100' }]);
  });
});

describe('CRM webhook delivery', () => {
  it('fails on a redirect, naming where it leads, rather than count the GET that fetch would send as delivered', async () => {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push(`${req.method} ${req.url} ${body.length > 0 ? 'with the lead' : 'empty'}`);
        if (req.url === '/hook') res.writeHead(301, { Location: '/hook/' }).end();
        else res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await expect(createWebhookSender(`${base}/hook`, undefined)(stored)).rejects.toThrow(
        'CRM webhook redirected (301) to /hook/: set CRM_WEBHOOK_URL to that address',
      );
      expect(seen).toEqual(['POST /hook with the lead']);
      await createWebhookSender(`${base}/hook/`, undefined)(stored);
      expect(seen.at(-1)).toBe('POST /hook/ with the lead');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('counts a 2xx as delivered even when its body is cut short, so the CRM never gets the lead twice', async () => {
    const answers = ['201 Created', '500 Internal Server Error'];
    let posts = 0;
    // Says 50 bytes of JSON follow, sends 7 and hangs up.
    const server = createTcpServer((socket) => {
      let request = Buffer.alloc(0);
      socket.on('data', (chunk: Buffer) => {
        request = Buffer.concat([request, chunk]);
        const head = request.indexOf('\r\n\r\n');
        const length = Number(/content-length: (\d+)/i.exec(request.toString('latin1'))?.[1] ?? 0);
        if (head < 0 || request.length - head - 4 < length) return;
        socket.end(
          `HTTP/1.1 ${answers[posts++]}\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{"id":1`,
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const send = createWebhookSender(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, undefined);
    try {
      await send(stored);
      // A refusal cut short is still a failure: the lead is tried again.
      await expect(send(stored)).rejects.toThrow('CRM webhook answered 500');
      expect(posts).toBe(2);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
