/**
 * The site's icon in browser tabs and search results. Its drawing is src/assets/site/favicon.svg,
 * which the home-screen icon (apple-touch-icon.png.ts) is drawn from too.
 */
import type { APIRoute } from 'astro';
import favicon from '#src/assets/site/favicon.svg?raw';

export const GET: APIRoute = () => new Response(favicon, { headers: { 'Content-Type': 'image/svg+xml' } });
