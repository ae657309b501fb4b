/** Small answers shared by the on-demand routes. */

/** 405 for a method a route does not serve, naming those it does (RFC 9110 §15.5.6). */
export function methodNotAllowed(allow: string): Response {
  return new Response('Method Not Allowed\n', {
    status: 405,
    headers: { Allow: allow, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
