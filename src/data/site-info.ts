/** The site config shaped for the JSON-LD builders, with the service areas from the cities collection. */
import { site } from '#src/site.config.ts';
import type { SiteInfo } from '#src/lib/seo/jsonld.ts';
import { getCities } from './content.ts';

export async function getSiteInfo(siteUrl: URL | string | undefined): Promise<SiteInfo> {
  const cities = await getCities();
  return {
    name: site.name,
    url: String(siteUrl ?? site.baseUrl).replace(/\/+$/, ''),
    agent: site.agent,
    region: site.office.region,
    locality: site.office.locality,
    country: site.office.country,
    sameAs: site.social.map((s) => s.url),
    areaServed: cities.map((c) => c.data.name),
  };
}
