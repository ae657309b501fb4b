import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  createPacer,
  createResoHttp,
  retryAfterMs,
  tokenGoesTo,
  type ResoHttpOptions,
} from '#src/lib/reso/http.ts';

/** A fake clock: sleeping moves it on. */
function clock() {
  const c = { t: 0, slept: [] as number[] };
  return {
    c,
    now: () => c.t,
    sleep: (ms: number) => {
      c.slept.push(ms);
      c.t += ms;
      return Promise.resolve();
    },
  };
}

type Answer = () => Response;

function harness(answers: Answer[], options: Partial<ResoHttpOptions> = {}) {
  const k = clock();
  const calls: { url: string; headers: Headers; at: number }[] = [];
  const fetch = (async (url: string, init?: RequestInit) => {
    calls.push({ url, headers: new Headers(init?.headers), at: k.c.t });
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    return Promise.resolve(next());
  }) as typeof globalThis.fetch;
  const http = createResoHttp({
    auth: { kind: 'bearer', token: 'tok' },
    apiUrl: 'https://api.example.com/v2',
    fetch,
    now: k.now,
    sleep: k.sleep,
    ...options,
  });
  return { http, calls, clock: k.c };
}

const json =
  (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

describe('pacing and back-off', () => {
  it('starts at most two requests a second', async () => {
    const k = clock();
    const turn = createPacer(2, k.now, k.sleep);
    const starts: number[] = [];
    for (let i = 0; i < 5; i++) {
      await turn();
      starts.push(k.c.t);
    }
    for (let i = 2; i < starts.length; i++) expect(starts[i]! - starts[i - 2]!).toBeGreaterThanOrEqual(1000);
    expect(starts[0]).toBe(0);
  });

  it('reads Retry-After as seconds or a date', () => {
    expect(retryAfterMs('3', 0)).toBe(3000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4000)).toBe(6000);
    expect(retryAfterMs(null, 0)).toBeUndefined();
    expect(retryAfterMs('soon', 0)).toBeUndefined();
  });

  it('doubles the back-off up to its cap', () => {
    expect([0, 1, 2, 3, 4, 5].map((a) => backoffDelay(a, 1000, 8000))).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
  });
});

describe('the RESO HTTP client', () => {
  it('sends the bearer token and Accept-Encoding gzip, and reads the JSON answer', async () => {
    const { http, calls } = harness([json({ value: [1] })]);
    expect(await http.getJson('https://api.example/v2/Property')).toEqual({ value: [1] });
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer tok');
    expect(calls[0]!.headers.get('accept-encoding')).toBe('gzip');
  });

  it('waits out a 429 for its Retry-After, then goes on', async () => {
    const { http, calls } = harness([json({}, 429, { 'Retry-After': '7' }), json({ value: [] })]);
    expect(await http.getJson('https://api.example/v2/Property')).toEqual({ value: [] });
    expect(calls).toHaveLength(2);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(7000);
  });

  it('retries a 5xx with back-off a bounded number of times, then fails naming the request', async () => {
    const {
      http,
      calls,
      clock: c,
    } = harness(
      Array.from({ length: 5 }, () => json({}, 503)),
      {
        retries: 3,
        baseDelayMs: 100,
      },
    );
    await expect(http.getJson("https://api.example/v2/Property?$filter=A%20eq%20'b'")).rejects.toThrow(
      "GET /v2/Property?$filter=A eq 'b' failed 4 times, the last with 503 Service Unavailable; stopped",
    );
    expect(calls).toHaveLength(4);
    expect(c.slept.filter((ms) => ms >= 100 && ms % 100 === 0 && ms <= 400)).toEqual(
      expect.arrayContaining([100, 200, 400]),
    );
  });

  it('does not retry a 400 and says what the server said', async () => {
    const { http, calls } = harness([json({ error: { message: 'Accept-Encoding: gzip is required' } }, 400)]);
    await expect(http.getJson('https://api.example/v2/Property')).rejects.toThrow(
      /failed: 400 Bad Request \(.*gzip is required/,
    );
    expect(calls).toHaveLength(1);
  });

  it('gives up on endless 429s', async () => {
    const { http } = harness(
      Array.from({ length: 4 }, () => json({}, 429, { 'Retry-After': '1' })),
      {
        rateLimitRetries: 2,
      },
    );
    await expect(http.getJson('https://api.example/v2/Property')).rejects.toThrow('too many requests (429) 3 times');
  });

  it('downloads media with the token as User-Agent and no Authorization', async () => {
    const { http, calls } = harness([
      () => new Response(Buffer.from([1, 2]), { headers: { 'Content-Type': 'image/jpeg' } }),
    ]);
    const file = await http.download('https://media.example.com/p.jpg');
    expect([...file.bytes]).toEqual([1, 2]);
    expect(file.contentType).toBe('image/jpeg');
    expect(calls[0]!.headers.get('user-agent')).toBe('tok');
    expect(calls[0]!.headers.get('authorization')).toBeNull();
  });

  it('sends the token only to media on the API’s own site, over https or the API’s scheme', () => {
    const api = 'https://api.mlsgrid.com/v2';
    expect(tokenGoesTo('https://media.mlsgrid.com/p.jpg', api)).toBe(true);
    expect(tokenGoesTo('https://api.mlsgrid.com/media/p.jpg', api)).toBe(true);
    expect(tokenGoesTo('https://cdn.photos.example.net/p.jpg', api)).toBe(false);
    expect(tokenGoesTo('https://mlsgrid.com.example.net/p.jpg', api)).toBe(false);
    expect(tokenGoesTo('http://media.mlsgrid.com/p.jpg', api)).toBe(false);
    // A site's apex or an address has no host beside it.
    expect(tokenGoesTo('https://media.example.com/p.jpg', 'https://example.com/v2')).toBe(false);
    expect(tokenGoesTo('https://10.0.0.2/p.jpg', 'https://10.0.0.1/v2')).toBe(false);
    expect(tokenGoesTo('http://127.0.0.1:9001/p.jpg', 'http://127.0.0.1:9000/v2')).toBe(true);
    // Nor has a host whose parent is shared by strangers: a public suffix, or a hosting domain.
    expect(tokenGoesTo('https://evil.co.uk/p.jpg', 'https://resoapi.co.uk/v2')).toBe(false);
    expect(tokenGoesTo('https://attacker.herokuapp.com/p.jpg', 'https://mls-feed.herokuapp.com/v2')).toBe(false);
    expect(
      tokenGoesTo(
        'https://other.execute-api.us-east-1.amazonaws.com/p.jpg',
        'https://abc.execute-api.us-east-1.amazonaws.com/v2',
      ),
    ).toBe(false);
    // One owner's domain several levels down still has hosts beside it.
    expect(tokenGoesTo('https://media.feed.mls.example.co.uk/p.jpg', 'https://api.feed.mls.example.co.uk/v2')).toBe(
      true,
    );
  });

  it('fetches a photo on another site without the token, and follows redirects judging each hop', async () => {
    const found = (location: string) => () => new Response(null, { status: 302, headers: { Location: location } });
    const photo = () => new Response(Buffer.from([7]), { headers: { 'Content-Type': 'image/jpeg' } });
    const { http, calls } = harness([
      photo,
      found('https://cdn.example.net/x/p.jpg'),
      photo,
      found('/same.jpg'),
      photo,
    ]);
    await http.download('https://cdn.example.net/p.jpg');
    expect(calls[0]!.headers.get('user-agent')).toBeNull();
    // The media host hands the photo to a CDN: the token stays behind.
    expect((await http.download('https://media.example.com/p.jpg')).bytes).toHaveLength(1);
    expect(calls.slice(1).map((c) => [c.url, c.headers.get('user-agent')])).toEqual([
      ['https://media.example.com/p.jpg', 'tok'],
      ['https://cdn.example.net/x/p.jpg', null],
    ]);
    // A relative Location is read against the address that gave it.
    await http.download('https://media.example.com/a/p.jpg');
    expect(calls.slice(3).map((c) => [c.url, c.headers.get('user-agent')])).toEqual([
      ['https://media.example.com/a/p.jpg', 'tok'],
      ['https://media.example.com/same.jpg', 'tok'],
    ]);
  });

  it('stops a photo’s endless redirects, or one to an address that is not the web', async () => {
    const loop = () => new Response(null, { status: 301, headers: { Location: '/again.jpg' } });
    const { http } = harness([
      ...Array.from({ length: 6 }, () => loop),
      () => new Response(null, { status: 302, headers: { Location: 'file:///etc/passwd' } }),
    ]);
    await expect(http.download('https://media.example.com/p.jpg')).rejects.toThrow(
      'Photo download /p.jpg was redirected more than 5 times',
    );
    await expect(http.download('https://media.example.com/q.jpg')).rejects.toThrow(
      'Photo download /q.jpg was redirected to "file:///etc/passwd", not a web address',
    );
  });

  it('refuses a photo larger than the limit as soon as it shows, without reading the rest', async () => {
    /** A body of `chunks` chunks of 6 bytes that records how many were read and whether it was cancelled. */
    const body = (chunks: number) => {
      const seen = { pulled: 0, cancelled: false };
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (seen.pulled === chunks) return controller.close();
          seen.pulled++;
          controller.enqueue(new Uint8Array(6));
        },
        cancel() {
          seen.cancelled = true;
        },
      });
      return { seen, stream };
    };
    const declared = body(2);
    const streamed = body(10);
    const fits = body(2);
    const { http } = harness(
      [
        () => new Response(declared.stream, { headers: { 'Content-Length': '12' } }),
        () => new Response(streamed.stream),
      ],
      { maxPhotoBytes: 12 - 1 },
    );
    await expect(http.download('https://media.example.com/a.jpg')).rejects.toThrow(
      'larger than the 11 bytes a photo may be',
    );
    // A stream fills its queue with one chunk on its own; none is read beyond that.
    expect(declared.seen).toEqual({ pulled: 1, cancelled: true });
    await expect(http.download('https://media.example.com/b.jpg')).rejects.toThrow(
      'larger than the 11 bytes a photo may be',
    );
    expect(streamed.seen.cancelled).toBe(true);
    // Refused at the second chunk (12 bytes); the stream had queued the third, and no more.
    expect(streamed.seen.pulled).toBe(3);
    // 12 bytes fit a 12-byte limit.
    const { http: roomy } = harness([() => new Response(fits.stream)], { maxPhotoBytes: 12 });
    expect((await roomy.download('https://media.example.com/c.jpg')).bytes).toHaveLength(12);
  });

  it('refuses a page of records or a token answer larger than the limit, once, without retrying', async () => {
    const { http, calls } = harness(
      [
        () => new Response(JSON.stringify({ value: [{ ListingKey: 'X'.repeat(64) }] })),
        () => new Response('{"value":[]}'),
      ],
      { maxPageBytes: 32 },
    );
    await expect(http.getJson('https://api.example.com/v2/Property')).rejects.toThrow(
      'GET /v2/Property is larger than the 32 bytes an answer may be',
    );
    expect(calls).toHaveLength(1);
    expect(await http.getJson('https://api.example.com/v2/Property')).toEqual({ value: [] });
  });

  it('reads no more than the start of an error page, however large (a 503 that is a gzip bomb)', async () => {
    let pulled = 0;
    const huge = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            pulled++;
            controller.enqueue(new Uint8Array(64 * 1024).fill(0x61));
          },
        }),
        { status: 503 },
      );
    const { http } = harness([huge, huge, huge, huge, huge]);
    await expect(http.getJson('https://api.example.com/v2/Property')).rejects.toThrow('503');
    // Five tries, each stopped past 64 KB (a stream queues a chunk ahead): never the endless rest.
    expect(pulled).toBeLessThanOrEqual(5 * 3);
  });

  it('retries a page or a photo whose connection is cut halfway through its body', async () => {
    /** An answer whose body sends a few bytes, then fails as undici does when the socket closes. */
    const cut = (start: string) => () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(start));
            controller.error(new TypeError('terminated', { cause: new Error('other side closed') }));
          },
        }),
      );
    const retried: string[] = [];
    const { http } = harness(
      [
        cut('{"value": [{"ListingKey": "A1"'),
        json({ value: [{ ListingKey: 'A1' }] }),
        cut('\xff\xd8'),
        () => new Response(Buffer.from([0xff, 0xd8, 0xff]), { headers: { 'Content-Type': 'image/jpeg' } }),
      ],
      { onEvent: (e) => void (e.type === 'retry' && retried.push(e.what)) },
    );
    expect(await http.getJson('https://api.example/v2/Property')).toEqual({ value: [{ ListingKey: 'A1' }] });
    expect((await http.download('https://media.example.com/p.jpg')).bytes).toHaveLength(3);
    expect(retried).toEqual(['GET /v2/Property', 'Photo download /p.jpg']);
    // Cut every time: it fails naming the request and the reason, as a server that never answers does.
    const { http: broken } = harness([cut('{'), cut('{')], { retries: 1 });
    await expect(broken.getJson('https://api.example/v2/Property')).rejects.toThrow(
      /GET .*Property failed 2 times, the last with other side closed; stopped/,
    );
  });

  it('fetches an OAuth2 token with client credentials, once, and renews it after a 401', async () => {
    const k = clock();
    const seen: { url: string; body: string; auth: string | null }[] = [];
    let issued = 0;
    const fetch = (async (url: string, init?: RequestInit) => {
      const u = url;
      seen.push({
        url: u,
        body: init?.body instanceof URLSearchParams ? init.body.toString() : '',
        auth: new Headers(init?.headers).get('authorization'),
      });
      if (u.endsWith('/token')) return Promise.resolve(json({ access_token: `t${++issued}`, expires_in: 3600 })());
      if (seen.filter((s) => s.url.endsWith('/Property')).length === 2) return Promise.resolve(json({}, 401)());
      return Promise.resolve(json({ value: [] })());
    }) as typeof globalThis.fetch;
    const http = createResoHttp({
      apiUrl: 'https://api.example.com/v2',
      auth: { kind: 'client-credentials', tokenUrl: 'https://id.example/token', clientId: 'c', clientSecret: 's' },
      fetch,
      now: k.now,
      sleep: k.sleep,
    });
    await http.getJson('https://api.example/v2/Property');
    await http.getJson('https://api.example/v2/Property');
    expect(seen.map((s) => s.url.replace(/^https:\/\/[^/]+/, ''))).toEqual([
      '/token',
      '/v2/Property',
      '/v2/Property',
      '/token',
      '/v2/Property',
    ]);
    expect(seen[0]!.body).toBe('grant_type=client_credentials&client_id=c&client_secret=s');
    expect(seen[1]!.auth).toBe('Bearer t1');
    expect(seen[4]!.auth).toBe('Bearer t2');
  });
});
