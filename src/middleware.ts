/**
 * Pages Astro renders on demand (the contact form's answer page) carry inline scripts (the
 * island loader) just like pre-rendered ones; their hashes go into the page's
 * Content-Security-Policy here, on the Response itself, so the server never rewrites an answer
 * after the fact. Pre-rendered pages get theirs from the static server.
 */
import { defineMiddleware } from 'astro:middleware';
import { contentSecurityPolicy, inlineScriptHashes } from '~/server/headers.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  if (context.isPrerendered || !/text\/html/i.test(response.headers.get('content-type') ?? '')) return response;
  const html = await response.text();
  const headers = new Headers(response.headers);
  headers.set('Content-Security-Policy', contentSecurityPolicy(inlineScriptHashes(html)));
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
});
