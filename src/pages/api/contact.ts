/**
 * POST /api/contact: the contact island's endpoint, JSON in and JSON out (rules:
 * ~/server/leads/intake.ts). The form without JavaScript posts to /contact, which renders the
 * page itself; a form post that still arrives here is sent there with its body (307).
 */
import type { APIRoute } from 'astro';
import { getListingRefs } from '#src/data/listing-refs.ts';
import { handleContactPost, requestWantsJson } from '#src/server/http/contact-request.ts';
import { jsonResponse } from '#src/server/http/contact-response.ts';
import { methodNotAllowed } from '#src/server/http/respond.ts';
import { contactDeps, type ContactLocals } from '#src/server/leads/route.ts';

export const prerender = false;

export const POST: APIRoute = async ({ request, locals, clientAddress, site }) => {
  if (!requestWantsJson(request)) return new Response(null, { status: 307, headers: { Location: '/contact' } });
  const deps = contactDeps(
    locals,
    () => {
      try {
        return clientAddress;
      } catch {
        return undefined;
      }
    },
    await getListingRefs(site),
  );
  return jsonResponse(await handleContactPost(request, deps, (locals as ContactLocals).host));
};

/** A visitor who opens the address gets the form page (`?topic=showing` kept). */
export const GET: APIRoute = ({ url }) =>
  new Response(null, { status: 301, headers: { Location: `/contact${url.search}` } });

// Astro would answer HEAD with ALL (405) before falling back to GET.
export const HEAD = GET;

export const ALL: APIRoute = () => methodNotAllowed('GET, HEAD, POST');
