/**
 * Every contact detail, profile link and outside address of the site lives here and
 * nowhere else. The identity below is a fictional placeholder (a phone in the reserved
 * 555-01xx range, addresses at example.com): the agent replaces these values and the
 * whole site follows. No secrets belong here: this module is public and reaches the browser.
 */

/** Ten digits, no punctuation: every display form and `tel:` link is derived from it. */
const phoneDigits = '9195550142';

export const site = {
  name: 'Jordan Avery Real Estate',
  /** Absolute origin of the production site, no trailing slash. Canonicals, sitemap and RSS derive from it. */
  baseUrl: 'https://www.example.com',
  locale: 'en_US',
  agent: {
    name: 'Jordan Avery',
    firstName: 'Jordan',
    title: 'REALTOR®',
    brokerage: 'Triangle Realty Partners',
    licence: 'NC Real Estate Broker',
    phoneDigits,
    email: 'jordan@example.com',
    since: 2015,
  },
  office: {
    locality: 'Raleigh',
    region: 'NC',
    regionName: 'North Carolina',
    country: 'US',
  },
  geo: {
    metro: 'Raleigh-Durham (the Triangle)',
    state: 'NC',
    country: 'US',
    latitude: 35.7796,
    longitude: -78.6382,
  },
  /** The year of the tax rates in content/counties.yaml and the city files' propertyTax. */
  propertyTax: {
    /** NC fiscal years run July to June: FY2026 rates are the ones on the 2025 tax bills. */
    fiscalYear: 'FY2026',
    billYear: 2025,
  },
  hours: [
    {
      label: 'Mon-Fri',
      opens: '08:00',
      closes: '20:00',
      text: '8AM-8PM',
      days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
    },
    { label: 'Sat-Sun', opens: '09:00', closes: '18:00', text: '9AM-6PM', days: ['Saturday', 'Sunday'] },
  ],
  links: {
    /** External 30-minute consultation booking page. */
    booking: 'https://booking.example.com/jordan-avery/30min',
    /** External search-results page listing the agent's reviews (READ MORE REVIEWS). */
    reviewSearch: 'https://www.google.com/search?q=Jordan+Avery+REALTOR+Raleigh+NC+reviews',
    /** Downloadable relocation guide (View Relocation Guide). */
    relocationGuide: 'https://guides.example.com/jordan-avery/triangle-relocation-guide',
    youtubeChannel: 'https://www.youtube.com/@example',
  },
  social: [
    { name: 'Facebook', url: 'https://www.facebook.com/example' },
    { name: 'Instagram', url: 'https://www.instagram.com/example' },
    { name: 'LinkedIn', url: 'https://www.linkedin.com/in/example' },
    { name: 'YouTube', url: 'https://www.youtube.com/@example' },
  ],
  embeds: {
    /** Third-party property-search map; `{city}` is replaced by the city name. */
    propertySearchUrl: 'https://search.example.com/map?agent=jordan-avery&city={city}',
    /** Third-party home-value web component. */
    homeValue: {
      scriptUrl: 'https://widgets.example.com/home-value/v1/widget.js',
      /** Custom element the script defines, and the attribute that identifies the agent. */
      element: 'home-value-widget',
      agentAttribute: 'agent-encoded-id',
      agentEncodedId: 'ZXhhbXBsZS1qb3JkYW4tYXZlcnk',
    },
    /** Light basemap tiles for the area map, with the attribution the provider requires. */
    mapTiles: {
      url: 'https://{s}.basemaps.cartocdn.com/light_all/{z}/{x}/{y}{r}.png',
      attribution: [
        { label: 'OpenStreetMap contributors', url: 'https://www.openstreetmap.org/copyright' },
        { label: 'CARTO', url: 'https://carto.com/attributions' },
      ],
    },
  },
  videoPlatform: 'YouTube',
} as const;

export type Site = typeof site;

/** Agent name with the REALTOR® title, e.g. for page-title suffixes. */
export const agentWithTitle = `${site.agent.name} - ${site.agent.title}`;
