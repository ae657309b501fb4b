/**
 * /{the agent's name}.vcf (contactCardPath): the agent's contact card, from the site config, for a
 * visitor to keep the number and e-mail in their phone. Written at build time; the server sends
 * .vcf files as text/vcard.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { e164 } from '#src/lib/contact-links.ts';
import { buildVCard, contactCardPath } from '#src/lib/vcard.ts';
import { site } from '#src/site.config.ts';

export const getStaticPaths = (() => [
  { params: { card: contactCardPath(site.agent.name).slice(1, -'.vcf'.length) } },
]) satisfies GetStaticPaths;

export const GET: APIRoute = ({ site: siteUrl }) => {
  const { agent, office } = site;
  const body = buildVCard({
    name: agent.name,
    firstName: agent.firstName,
    title: agent.title,
    organization: agent.brokerage,
    phone: e164(agent.phoneDigits),
    email: agent.email,
    url: new URL('/', siteUrl).href,
    locality: office.locality,
    region: office.region,
    country: office.country,
    note: `${agent.licence} with ${agent.brokerage}, serving ${office.locality} and the Triangle since ${agent.since}.`,
  });
  return new Response(body, { headers: { 'Content-Type': 'text/vcard; charset=utf-8' } });
};
