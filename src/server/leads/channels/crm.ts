/**
 * Optional CRM delivery: each lead is POSTed as JSON to CRM_WEBHOOK_URL. The body follows
 * Follow Up Boss's events API (POST https://api.followupboss.com/v1/events), the usual CRM of
 * Triangle agents; other CRMs and automation hooks accept the same JSON or map it. The API key,
 * if any, goes as the HTTP Basic user name, as Follow Up Boss expects.
 */
import { site } from '#src/site.config.ts';
import type { StoredLead } from '../store/types.ts';

/** Follow Up Boss's `property` object of an event: the home the lead asked about. */
export interface FollowUpBossProperty {
  street: string;
  city: string;
  state: string;
  code: string;
  mlsNumber: string;
  price: number;
  forRent: boolean;
  url: string;
}

export interface FollowUpBossEvent {
  source: string;
  system: string;
  type: 'General Inquiry' | 'Seller Inquiry' | 'Property Inquiry';
  message: string;
  description: string;
  occurredAt: string;
  sourceUrl: string;
  person: {
    firstName: string;
    lastName: string;
    emails: { value: string }[];
    phones: { value: string }[];
    tags: string[];
  };
  property?: FollowUpBossProperty;
}

const sellerTypes = new Set(['I want to sell my home', 'I need a market analysis']);

export function buildFollowUpBossEvent(lead: StoredLead): FollowUpBossEvent {
  const { listing } = lead;
  if (listing) {
    // A showing request from a listing page: Follow Up Boss's Property Inquiry, with the home.
    return {
      ...buildContactEvent(lead),
      type: 'Property Inquiry',
      description: `Showing request for ${listing.address} (website listing page, lead #${lead.id})`,
      sourceUrl: listing.url,
      property: {
        street: listing.street,
        city: listing.city,
        state: listing.state,
        code: listing.postalCode,
        mlsNumber: listing.key,
        price: listing.price,
        forRent: false,
        url: listing.url,
      },
    };
  }
  return buildContactEvent(lead);
}

function buildContactEvent(lead: StoredLead): FollowUpBossEvent {
  return {
    // Follow Up Boss asks for the site's domain without "www." as the lead source.
    source: new URL(site.baseUrl).hostname.replace(/^www\./, ''),
    system: `${site.name} website`,
    // Seller inquiries start the agent's seller action plans; everything else is a general inquiry.
    type: sellerTypes.has(lead.helpType) ? 'Seller Inquiry' : 'General Inquiry',
    message: lead.message,
    description: `${lead.helpType} (website contact form, lead #${lead.id})`,
    occurredAt: lead.receivedAt,
    sourceUrl: `${site.baseUrl}/#contact`,
    person: {
      firstName: lead.firstName,
      lastName: lead.lastName,
      emails: [{ value: lead.email }],
      phones: lead.phone ? [{ value: lead.phone }] : [],
      tags: ['Website', lead.helpType],
    },
  };
}

export type PostLeadToCrm = (lead: StoredLead) => Promise<void>;

export function createWebhookSender(url: string, apiKey: string | undefined): PostLeadToCrm {
  return async (lead) => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
    if (apiKey) headers['Authorization'] = `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}`;
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(buildFollowUpBossEvent(lead)),
      signal: AbortSignal.timeout(15_000),
      // A redirect is not followed: fetch would repeat the POST as a GET without the lead, and the
      // GET's 200 would count as delivered. It fails, naming where to point CRM_WEBHOOK_URL.
      redirect: 'manual',
    });
    // The status decides: a 2xx is the CRM's word that it has the lead, whatever becomes of its
    // body (cut short, or slower than the timeout); counted as a failure, the lead would be
    // posted again, and again. The body is read only to free the connection and to name a refusal.
    const answer = await response.text().catch(() => '');
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location)
      throw new Error(
        `CRM webhook redirected (${response.status}) to ${location.slice(0, 200)}: set CRM_WEBHOOK_URL to that address`,
      );
    if (!response.ok) throw new Error(`CRM webhook answered ${response.status}: ${answer.slice(0, 200)}`);
  };
}
