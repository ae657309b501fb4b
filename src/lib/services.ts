/** SPEC §2 services grid: which page each card's button label leads to. */
import { site } from '#src/site.config.ts';

/** The page a services-card button leads to; any other label goes to the home page. */
export function serviceTarget(label: string): string {
  return site.serviceCards.find((card) => card.button === label)?.href ?? '/';
}
