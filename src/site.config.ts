/**
 * Every contact detail, profile link and outside address of the site lives here and
 * nowhere else. The identity below is a fictional placeholder (a phone in the reserved
 * 555-01xx range, addresses at example.com): the agent replaces these values and the
 * whole site follows. No secrets belong here: this module is public and reaches the browser.
 */

/** Ten digits, no punctuation: every display form and `tel:` link is derived from it. */
const phoneDigits = '9195550142';
const firstName = 'Jordan';

export const site = {
  name: 'Jordan Avery Real Estate',
  /** Absolute origin of the production site, no trailing slash. Canonicals, sitemap and RSS derive from it. */
  baseUrl: 'https://www.example.com',
  locale: 'en_US',
  agent: {
    name: 'Jordan Avery',
    firstName,
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
  /**
   * The towns that titles, descriptions and the hero name first, in this order (every town's
   * facts are its file in content/cities/; the home town is `office.locality`).
   */
  featuredTowns: ['Raleigh', 'Cary', 'Apex', 'Wake Forest'],
  /** Topics the search page offers to run with one tap, after the featured towns (each must find a page). */
  searchTopics: ['Open house', 'First-time buyer', 'Property taxes', 'New construction'],
  /** The built-in video of the latest-video card, shown until a real one has loaded (SPEC §4). */
  placeholderVideo: {
    title: 'Best Areas to Live in the Raleigh-Durham Triangle',
    description:
      'From walkable North Hills and historic Oakwood to the newer neighborhoods of Cary, Apex and Wake Forest, a tour of the towns and neighborhoods buyers ask about most, with what homes cost in each.',
  },
  geo: {
    metro: 'Raleigh-Durham (the Triangle)',
    state: 'NC',
    country: 'US',
    latitude: 35.7796,
    longitude: -78.6382,
  },
  /**
   * The agent's claims (SPEC §1), editorial and shown as stated; every page builds its wording
   * from these. The about page's set differs from the home page's on purpose (SPEC says so).
   */
  figures: {
    /** Home 'Strength in Numbers' and hero. */
    yearsServing: 10,
    topPercent: 5,
    /** Homes sold since `agent.since`. */
    homesSold: 180,
    salesVolumeMillions: 47,
    /** About page. */
    about: {
      clients: 133,
      salesVolumeMillions: 48.5,
      stateRank: { top: 100, year: 2024 },
      brokerageAward: 'Hall of Fame',
      verifiedReviews: 77,
      priorSalesYears: 27,
    },
    /** Home hero strip. */
    strengths: ['TOP 5% REAL ESTATE AGENT', 'MENTOR', 'PASSION FUELED GO-GETTER', 'AWARD-WINNING AGENT'],
  },
  /**
   * Site navigation of SPEC §2. The EXPLORE THE AREA menu and the footer's service areas list
   * every city guide (content/cities/); everything else is here.
   */
  navigation: {
    buy: [
      { label: 'First-Time Home Buyers', href: '/first-time-buyer' },
      { label: 'Buyer Resources', href: '/buyer-resources' },
      { label: 'Relocating to the Triangle', href: '/relocation' },
    ],
    sell: [
      { label: 'Upsizing', href: '/upsizing' },
      { label: 'Downsizing', href: '/downsizing' },
      { label: 'Seller Resources', href: '/seller-resources' },
    ],
    footerServices: [
      { label: 'Buying a Home', href: '/#services' },
      { label: 'Selling Your Home', href: '/#services' },
      { label: 'Downsizing', href: '/#services' },
      { label: 'First-Time Buyers', href: '/#services' },
      { label: 'Relocation', href: '/relocation' },
    ],
    footerMore: [
      { label: 'Homes for Sale', href: '/listings' },
      { label: 'Open Houses', href: '/listings/open-houses' },
      { label: 'Blog', href: '/blog' },
      { label: 'Videos', href: '/videos' },
      { label: 'Relocation', href: '/relocation' },
      { label: 'Service Area Map', href: '/areas' },
      { label: 'Mortgage Calculator', href: '/tools/mortgage-calculator' },
      { label: 'Client Testimonials', href: '/testimonials' },
      { label: `About ${firstName}`, href: '/about' },
    ],
  },
  /**
   * SPEC §2 services grid, in order. A button goes to `href` (src/lib/services.ts: a label not
   * listed goes home); the picture is src/assets/services/{image}.jpg.
   */
  serviceCards: [
    {
      title: 'BUYER',
      button: 'BUY A HOME',
      href: '/buyer-resources',
      image: 'buyer',
      text: 'Find the right home at the right price, with a plan from pre-approval to keys.',
    },
    {
      title: 'SELLER',
      button: 'SELL YOUR HOME',
      href: '/seller-resources',
      image: 'seller',
      text: 'Pricing, preparation and marketing that sell your home quickly and for top dollar.',
    },
    {
      title: 'COMMUNITIES',
      button: 'EXPLORE',
      href: '/relocation',
      image: 'communities',
      text: 'Compare Triangle towns, neighborhoods, schools and commutes side by side.',
    },
    {
      title: 'MOVE WITH EASE',
      button: 'RELOCATE',
      href: '/relocation',
      image: 'relocate',
      text: 'Moving from out of state? Tour virtually and buy with confidence from afar.',
    },
    {
      title: 'DOWNSIZING YOUR SPACE',
      button: 'DOWNSIZE',
      href: '/downsizing',
      image: 'downsizing',
      text: 'Right-size your home and free up equity, time and energy for what matters.',
    },
    {
      title: 'FIRST TIME HOME BUYER',
      button: 'FIRST TIME HOME BUYER',
      href: '/first-time-buyer',
      image: 'first-time-buyer',
      text: 'Learn the steps, the programs and the costs before you make your first offer.',
    },
    {
      title: 'FEATURED PROPERTIES',
      button: 'SEARCH HOMES',
      href: '/buyer-resources',
      image: 'featured-properties',
      text: 'Browse homes for sale across the Triangle, from downtown condos to new construction.',
    },
  ],
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
    /**
     * The NC Real Estate Commission's "Working with Real Estate Agents" brochure, which Commission
     * Rule 58A .0104 has brokers review with a buyer or seller at the first substantial contact;
     * the contact form links it with the caution about confidential information.
     */
    agencyBrochure: 'https://www.ncrec.gov/Brochures/Print/WWREAPrint.pdf',
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
    /** Who runs the property search, named with its privacy policy on /privacy. */
    propertySearchProvider: { name: 'Example Property Search', privacyUrl: 'https://search.example.com/privacy' },
    /** Third-party home-value web component. */
    homeValue: {
      scriptUrl: 'https://widgets.example.com/home-value/v1/widget.js',
      /** Custom element the script defines, and the attribute that identifies the agent. */
      element: 'home-value-widget',
      agentAttribute: 'agent-encoded-id',
      agentEncodedId: 'ZXhhbXBsZS1qb3JkYW4tYXZlcnk',
      /** Who runs the widget, named with its privacy policy on /privacy. */
      provider: { name: 'Example Home Value', privacyUrl: 'https://widgets.example.com/privacy' },
    },
    /** A map site's page for one point, the link a listing's map offers without JavaScript. */
    mapPoint: { name: 'OpenStreetMap', url: 'https://www.openstreetmap.org/?mlat={lat}&mlon={lng}#map=17/{lat}/{lng}' },
    /**
     * Directions to a home, offered beside its map and each open house; `{address}` becomes the home's
     * full address. Google's map links open the Google Maps app on a phone that has it.
     */
    directions: { name: 'Google Maps', url: 'https://www.google.com/maps/dir/?api=1&destination={address}' },
    /** Light basemap tiles for the area map, with the attribution the provider requires. */
    mapTiles: {
      url: 'https://{s}.basemaps.cartocdn.com/light_all/{z}/{x}/{y}{r}.png',
      attribution: [
        { label: 'OpenStreetMap contributors', url: 'https://www.openstreetmap.org/copyright' },
        { label: 'CARTO', url: 'https://carto.com/attributions' },
      ],
      /** Who serves the tiles, named with its privacy policy on /privacy. */
      provider: { name: 'CARTO', privacyUrl: 'https://carto.com/privacy' },
    },
  },
  videoPlatform: 'YouTube',
  /**
   * The homes (content/listings/): what the firm must say wherever a listing is shown (NAR's IDX
   * display rules and the MLS's: the listing firm named in a type no smaller than the facts,
   * "deemed reliable" with the date of the data; no offer of compensation anywhere).
   */
  listings: {
    /** Shown before the listing firm's name (ListOfficeName) on every card and listing page. */
    courtesy: 'Listing courtesy of',
    /** Followed by the date the data was last updated. */
    disclaimer: 'Information deemed reliable but not guaranteed.',
    /** The home page's Featured homes: at most this many homes for sale, newest first. */
    featuredCount: 3,
    /** At most this many homes in each of a city guide's for-sale and recently-sold lists. */
    perCityGuide: 6,
    /** /listings and each of its narrowings show this many homes a page (then /page/2 and on). */
    perPage: 24,
    /** Under a home's page: at most this many other homes for sale, nearest first (one row of cards). */
    nearbyCount: 3,
  },
  /**
   * Homes from the MLS (`npm run sync-listings`, README "Homes from the MLS"). The MLS's data licence
   * requires its own disclaimer with every home it supplies, with the time the data was copied:
   * paste the exact wording of your MLS's IDX rules here. `{asOf}` becomes that time ("May 2, 2026,
   * 9:15 AM EDT"); without it the time follows the text. Hand-written homes never show it.
   */
  mls: {
    /**
     * The MLS keeps a firm's closed sales for years; the site shows those of the last this many
     * months as "recently sold" (a home sold earlier leaves the snapshot, photos and all, on the
     * next sync). Hand-written homes stay until their file is removed.
     */
    soldMonths: 24,
    disclaimer:
      'Based on information submitted to the MLS GRID as of {asOf}. All data is obtained from various sources and may not have been verified by broker or MLS GRID. Supplied Open House Information is subject to change without notice. All information should be independently reviewed and verified for accuracy. Properties may or may not be listed by the office/agent presenting the information.',
  },
} as const;

export type Site = typeof site;

/** Agent name with the REALTOR® title, e.g. for page-title suffixes. */
export const agentWithTitle = `${site.agent.name} - ${site.agent.title}`;
