/** Page-title and URL rules shared by every page head (SPEC §7). */

/**
 * Adds ' | {agent} - REALTOR®' when the title does not already name the agent,
 * so every page title carries the agent's name exactly once.
 */
export function buildPageTitle(title: string, agentName: string, agentTitle: string): string {
  if (title.toLowerCase().includes(agentName.toLowerCase())) return title;
  return `${title} | ${agentName} - ${agentTitle}`;
}

/** Absolute canonical URL for a site path: no trailing slash except for the home page. */
export function canonicalUrl(path: string, siteUrl: string | URL): string {
  const clean = `/${path.replace(/^\/+|\/+$/g, '')}`;
  const origin = String(siteUrl).replace(/\/+$/, '');
  return clean === '/' ? `${origin}/` : `${origin}${clean}`;
}

/** Robots meta value: SPEC allows only these two. */
export function robotsContent(noindex: boolean): 'index,follow' | 'noindex,nofollow' {
  return noindex ? 'noindex,nofollow' : 'index,follow';
}

/** SPEC §2 slug rule: lower-case, runs of whitespace replaced by one hyphen. */
export function slugify(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}
