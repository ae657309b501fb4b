/** Small answers shared by the on-demand routes. */

/** 405 for a method a route does not serve, naming those it does (RFC 9110 §15.5.6). */
export function methodNotAllowed(allow: string): Response {
  return new Response('Method Not Allowed\n', {
    status: 405,
    headers: { Allow: allow, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/** What the server passes an on-demand route: the site's own not-found page, as Response (static-site.ts). */
export interface NotFoundLocals {
  notFound?: (pathname: string) => Response;
}

/** The site's not-found page for a route that finds its address names nothing (a plain 404 under `astro dev`). */
export function notFound(locals: object, pathname: string): Response {
  return (
    (locals as NotFoundLocals).notFound?.(pathname) ??
    new Response('Not found\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  );
}
