/**
 * The MDN HTTP Observatory's grade of the server's headers, through a TLS front on ports 443 and
 * 80 like the production reverse proxy (HTTPS, and HTTP redirected to it).
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

function listen(server: Server, p: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(p, '127.0.0.1', () => resolve());
  });
}

export async function observatory(
  root: string,
  port: number,
  dir: string,
): Promise<{ grade: string | null; score: number | null; failed: string[] }> {
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    key,
    '-out',
    cert,
    '-days',
    '2',
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=DNS:localhost,IP:127.0.0.1',
  ]);
  // The reverse proxy: HTTPS in front of the server, forwarding who asked and how.
  const tls = createHttpsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: req.method,
        path: req.url,
        headers: {
          ...req.headers,
          'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1',
          'x-forwarded-host': req.headers.host ?? 'localhost',
          'x-forwarded-proto': 'https',
        },
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  // ...and plain HTTP answering every request with a permanent redirect to HTTPS.
  const plain = createHttpServer((req, res) => {
    res.writeHead(301, {
      Location: `https://${(req.headers.host ?? 'localhost').replace(/:\d+$/, '')}${req.url ?? '/'}`,
    });
    res.end();
  });
  try {
    await listen(tls, 443);
    await listen(plain, 80);
  } catch (error) {
    tls.close();
    plain.close();
    throw new Error(
      `The Observatory scan needs ports 80 and 443 on 127.0.0.1 (${(error as Error).message}); run as root or pass --skip-observatory`,
    );
  }
  try {
    // The scanner ships without its HSTS preload list (its install script downloads it); an empty
    // list is the truth for localhost.
    const preload = join(root, 'node_modules', '@mdn', 'mdn-http-observatory', 'conf', 'hsts-preload.json');
    if (!existsSync(preload)) writeFileSync(preload, '{}');
    const script = `
      import { scan } from '@mdn/mdn-http-observatory';
      const r = await scan('localhost');
      const failed = Object.values(r.tests).filter((t) => !t.pass).map((t) => t.name + ': ' + t.result);
      console.log(JSON.stringify({ grade: r.scan.grade, score: r.scan.score, failed }));
    `;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
      cwd: root,
      env: { ...process.env, NODE_EXTRA_CA_CERTS: cert },
    });
    return JSON.parse(stdout.trim().split('\n').at(-1)!) as { grade: string; score: number; failed: string[] };
  } finally {
    tls.close();
    plain.close();
  }
}
