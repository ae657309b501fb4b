/**
 * RSS feed of the firm's own homes for sale (Coming Soon and Active), newest on the market first: feed
 * readers and the social tools that post an agent's new listings by themselves (they read a feed) get
 * each new home with its address and price, key facts, the listing firm (as on every card) and, for a
 * home from the MLS, its disclaimer; its first photo and its page. The head of every page links to it
 * beside the blog's feed. Other firms' homes (IDX) are left out: the MLS lets a participant show them
 * on the websites and apps it controls, and a feed hands them to any reader or poster.
 */
import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { getImage } from 'astro:assets';
import { getHomesForSale } from '#src/data/listings.ts';
import { courtesyLine, isSynced, listedByAnotherFirm, mlsDisclaimer } from '#src/lib/listing/display.ts';
import { homesFeed } from '#src/lib/listing/feed.ts';
import { fullAddress, homeInWords, priceLine } from '#src/lib/listing/format.ts';
import { canonicalUrl } from '#src/lib/seo/meta.ts';
import { site } from '#src/site.config.ts';

export const GET: APIRoute = async (context) => {
  const origin = context.site ?? site.baseUrl;
  const homes = (await getHomesForSale()).filter(({ data }) => !listedByAnotherFirm(data, site.agent.brokerage));
  return rss({
    title: homesFeed.title,
    // The firm's name is in every advertisement (21 NCAC 58A .0105).
    description: `New homes for sale in the Triangle from ${site.agent.name}, ${site.agent.title} with ${site.agent.brokerage}, in ${site.office.locality} ${site.office.region}.`,
    site: origin,
    trailingSlash: false,
    xmlns: { atom: 'http://www.w3.org/2005/Atom', media: 'http://search.yahoo.com/mrss/' },
    items: await Promise.all(
      homes.map(async ({ id, data: h }) => {
        const photo = await getImage({ src: h.Photos[0]!.src, width: 1200, format: 'jpeg' });
        const { kind, standing } = homeInWords(h);
        return {
          title: `${fullAddress(h)}: ${priceLine(h).price}`,
          // A home from the MLS carries its disclaimer and the time of the copy here too, as on every page.
          description: [
            `${kind}, ${standing}. ${courtesyLine(h, site.listings)}.`,
            ...(isSynced(h) ? [mlsDisclaimer(site.mls.disclaimer, h.mls.asOf)] : []),
          ].join(' '),
          pubDate: new Date(`${h.OnMarketDate}T12:00:00Z`),
          link: canonicalUrl(`/listings/${id}`, origin),
          customData: `<media:content url="${new URL(photo.src, origin).href}" medium="image" type="image/jpeg"/>`,
        };
      }),
    ),
    customData: `<language>en-us</language><atom:link href="${canonicalUrl(homesFeed.path, origin)}" rel="self" type="application/rss+xml"/>`,
  });
};
