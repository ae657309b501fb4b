/** Breadcrumb JSON-LD for the landing pages, which all sit one level below home. */
import { buildBreadcrumbs, buildWebPage, graph, type JsonLd } from '#src/lib/seo/jsonld.ts';
import { canonicalUrl } from '#src/lib/seo/meta.ts';
import { getSiteInfo } from './site-info.ts';

export async function landingJsonLd(
  siteUrl: URL | undefined,
  page: { path: string; name: string; description: string },
  extra: readonly JsonLd[] = [],
): Promise<JsonLd> {
  const info = await getSiteInfo(siteUrl);
  const url = canonicalUrl(page.path, info.url);
  return graph([
    buildWebPage(info, { url, name: page.name, description: page.description }),
    buildBreadcrumbs([
      { name: 'Home', url: `${info.url}/` },
      { name: page.name, url },
    ]),
    ...extra,
  ]);
}
