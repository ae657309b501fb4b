/**
 * /{the agent's name}.vcf (contactCardPath): the agent's contact card, from the site config, for a
 * visitor to keep the number and e-mail in their phone, with the portrait the site shows on /about
 * as the contact's photo. Written at build time; the server sends .vcf files as text/vcard.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import sharp from 'sharp';
import portrait from '#src/assets/site/agent-portrait.jpg?inline';
import { e164 } from '#src/lib/contact-links.ts';
import { buildVCard, contactCardPath } from '#src/lib/vcard.ts';
import { site } from '#src/site.config.ts';

export const getStaticPaths = (() => [
  { params: { card: contactCardPath(site.agent.name).slice(1, -'.vcf'.length) } },
]) satisfies GetStaticPaths;

/** Contacts apps show the photo in a circle, a few hundred pixels wide at most. */
const photoSize = 240;

export const GET: APIRoute = async ({ site: siteUrl }) => {
  const { agent, office } = site;
  // The portrait (a data: URL) cropped square from the top, where the face is.
  const photo = await sharp(Buffer.from(portrait.slice(portrait.indexOf(',') + 1), 'base64'))
    .resize(photoSize, photoSize, { fit: 'cover', position: 'top' })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
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
    photo,
  });
  return new Response(body, { headers: { 'Content-Type': 'text/vcard; charset=utf-8' } });
};
