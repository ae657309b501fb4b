/**
 * /blog/page/1, the address the pager's pattern gives the first page, moves to that page's one
 * address, /blog, with its query (a visitor or a crawler who counts from 1 finds it, and no page has
 * two addresses).
 */
import type { APIRoute } from 'astro';
import { blogIndexPath } from '#src/lib/blog.ts';
import { methodNotAllowed } from '#src/server/http/respond.ts';

export const prerender = false;

export const GET: APIRoute = ({ redirect, url }) => redirect(`${blogIndexPath(1)}${url.search}`, 301);

// Astro would answer HEAD with ALL (405) before falling back to GET.
export const HEAD = GET;

export const ALL: APIRoute = () => methodNotAllowed('GET, HEAD');
