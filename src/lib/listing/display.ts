/**
 * What must be said with a home, by where it came from. Every home names its listing firm (NAR's
 * IDX rule). A home from the MLS (read from the snapshot `npm run sync-listings` writes) also
 * carries the MLS's disclaimer with the time of the copy ("as of"), as MLS Grid's and the MLSs'
 * IDX rules require; a hand-written home (the firm's own listing, published without a data
 * licence) does not, since the MLS supplied nothing. Pure.
 */
import { listingTimeZone } from './time.ts';

/** The firm's settings these rules read (src/site.config.ts: listings.courtesy, mls.disclaimer). */
export interface DisplaySettings {
  /** Before the listing firm's name: "Listing courtesy of". */
  courtesy: string;
  /** The MLS's disclaimer; `{asOf}` becomes the snapshot's time, else the time follows the text. */
  mlsDisclaimer: string;
}

interface Sourced {
  /** Set by the build on homes from the MLS snapshot only. */
  mls?: { asOf: string } | undefined;
}

/** The placeholder of the disclaimer setting that the time of the copy replaces. */
export const AS_OF = '{asOf}';

/** A home from the MLS snapshot, as opposed to a hand-written one. */
export function isSynced(home: Sourced): home is Sourced & { mls: { asOf: string } } {
  return home.mls !== undefined;
}

const asOfFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: listingTimeZone,
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** "November 23, 2026, 8:15 AM EST": a snapshot's time as New York reads it. */
export function formatAsOf(iso: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) throw new Error(`"${iso}" is not a time`);
  // ICU writes a narrow no-break space before AM/PM: a plain one reads the same and searches better.
  return asOfFormat
    .format(instant)
    .replace(' at ', ', ')
    .replace(/\u202f/g, ' ');
}

/**
 * The MLS's disclaimer with the snapshot's time where the setting says `{asOf}`; a text without it
 * gets " Listing data as of {time}." after it: the time is never left out.
 */
export function mlsDisclaimer(template: string, asOf: string): string {
  const time = formatAsOf(asOf);
  return template.includes(AS_OF) ? template.replaceAll(AS_OF, time) : `${template.trim()} Listing data as of ${time}.`;
}

/**
 * "Listing courtesy of Sample Realty": the firm that listed the home, on every card and page of
 * every home, synced or hand-written (NAR's IDX rule and the MLS's).
 */
export function courtesyLine(home: { ListOfficeName: string }, settings: Pick<DisplaySettings, 'courtesy'>): string {
  return `${settings.courtesy} ${home.ListOfficeName}`;
}

/**
 * Whether another firm than the agent's lists a home. What travels without the site around it (a
 * share card, a search snippet) then names the listing firm, so that no one takes the home for the
 * agent's own listing; the homes feed leaves such a home out (IDX rules: src/pages/listings/rss.xml.ts).
 */
export function listedByAnotherFirm(home: { ListOfficeName: string }, brokerage: string): boolean {
  const firm = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
  return firm(home.ListOfficeName) !== firm(brokerage);
}

/**
 * Whether a list of homes may be called the agent's ("Jordan Avery's homes"): only when there is
 * one and the agent lists every one. The MLS sync brings the firm's listings or the whole feed's,
 * and another broker's listing advertised as one's own misleads (G.S. 93A-6(a)(1)).
 */
export function allListedBy(homes: readonly { ListAgentFullName: string }[], agentName: string): boolean {
  return homes.length > 0 && homes.every((home) => home.ListAgentFullName === agentName);
}

/**
 * The compliance lines under a list of homes, and under one home's page: the newest day any of
 * them was updated, and the MLS's disclaimer with the latest snapshot time
 * among them when at least one comes from the MLS; never for hand-written homes only. Undefined
 * for no homes.
 */
export function listDisclosure(
  homes: readonly (Sourced & { ModificationTimestamp: string })[],
  settings: Pick<DisplaySettings, 'mlsDisclaimer'>,
): { updated: string; mls?: { text: string; asOf: string } } | undefined {
  const updated = homes
    .map((h) => h.ModificationTimestamp)
    .sort()
    .at(-1);
  if (updated === undefined) return undefined;
  const asOf = homes
    .flatMap((h) => (h.mls ? [h.mls.asOf] : []))
    .sort((a, b) => Date.parse(a) - Date.parse(b))
    .at(-1);
  return {
    updated,
    ...(asOf ? { mls: { text: mlsDisclaimer(settings.mlsDisclaimer, asOf), asOf } } : {}),
  };
}
