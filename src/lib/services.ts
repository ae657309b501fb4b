/** SPEC §2 services grid: which page each card's button label leads to. */

const targets: Readonly<Record<string, string>> = {
  'BUY A HOME': '/buyer-resources',
  'SELL YOUR HOME': '/seller-resources',
  EXPLORE: '/relocation',
  RELOCATE: '/relocation',
  DOWNSIZE: '/downsizing',
  'FIRST TIME HOME BUYER': '/first-time-buyer',
  'SEARCH HOMES': '/buyer-resources',
};

/** The page a services-card button leads to; any other label goes to the home page. */
export function serviceTarget(label: string): string {
  return targets[label] ?? '/';
}
