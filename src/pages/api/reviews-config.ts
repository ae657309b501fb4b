/**
 * GET /api/reviews-config: what the reviews island needs to ask Google for the agent's
 * reviews. The Maps key is a browser key (public by design, restricted by HTTP referrer in
 * Google Cloud); it is read from the server's environment at run time so the same build runs
 * with or without it, and a key can be rotated without a rebuild. With no key the island
 * shows the built-in reviews and loads nothing from Google.
 */
import type { APIRoute } from 'astro';
import { serverEnv } from '#src/server/config.ts';
import { methodNotAllowed } from '#src/server/http/respond.ts';
import { DEFAULT_MAPS_SCRIPT_URL } from '#src/lib/reviews.ts';

export const prerender = false;

export interface ReviewsConfig {
  mapsKey: string | null;
  placeId: string | null;
  scriptUrl: string;
}

export const GET: APIRoute = () => {
  const env = serverEnv();
  const mapsKey = env.PUBLIC_GOOGLE_MAPS_KEY ?? null;
  const placeId = env.PUBLIC_GOOGLE_PLACE_ID ?? null;
  const body: ReviewsConfig = {
    mapsKey: mapsKey && placeId ? mapsKey : null,
    placeId: mapsKey && placeId ? placeId : null,
    scriptUrl: env.PUBLIC_GOOGLE_MAPS_SCRIPT_URL ?? DEFAULT_MAPS_SCRIPT_URL,
  };
  return new Response(JSON.stringify(body), {
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
  });
};

// Astro would answer HEAD with ALL (405) before falling back to GET.
export const HEAD = GET;

export const ALL: APIRoute = () => methodNotAllowed('GET, HEAD');
