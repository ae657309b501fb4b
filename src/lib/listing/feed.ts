/** The homes for sale as a feed (src/pages/listings/rss.xml.ts): its address, and its name in readers and in page heads. */
import { site } from '#src/site.config.ts';

export const homesFeed = { path: '/listings/rss.xml', title: `${site.name}: new homes for sale` } as const;
