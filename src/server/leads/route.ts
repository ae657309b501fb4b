/**
 * What the contact route needs from the server around it. The production server (src/server/main.ts)
 * passes its lead service and the visitor's address as Astro locals; under `astro dev` there is
 * no such server, so the route starts one pipeline of its own, once per process.
 */
import { textingConsent } from '#src/lib/contact-form.ts';
import { site } from '#src/site.config.ts';
import { createLeadService, type LeadService } from './service.ts';
import type { IntakeDeps } from './intake.ts';
import type { ListingRef } from './store/types.ts';

export interface ContactLocals {
  leads?: LeadService;
  clientAddress?: string;
  /** The host the visitor posted to (behind a proxy, its X-Forwarded-Host): the form's page is on it. */
  host?: string;
}

const devService = Symbol.for('triangle-realtor.leads.dev-service');

function leadService(locals: object): LeadService {
  const { leads } = locals as ContactLocals;
  if (leads) return leads;
  const holder = globalThis as { [devService]?: LeadService };
  if (!holder[devService]) {
    holder[devService] = createLeadService();
    void holder[devService].start();
  }
  return holder[devService];
}

export function contactDeps(
  locals: object,
  fallbackAddress: () => string | undefined,
  /** The site's homes by ListingKey, for showing requests sent from a listing page. */
  listings?: ReadonlyMap<string, ListingRef>,
): IntakeDeps {
  const { clientAddress } = locals as ContactLocals;
  const service = leadService(locals);
  return {
    store: service.store,
    channels: service.channels,
    minFillMs: service.config.minFillMs,
    consentText: textingConsent(site.agent.name),
    clientAddress: clientAddress ?? fallbackAddress(),
    onLead: () => service.worker.nudge(),
    ...(listings ? { findListing: (key: string) => listings.get(key) } : {}),
  };
}
