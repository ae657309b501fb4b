/**
 * The security policy of every answer. The Content-Security-Policy is Astro's (`security.csp` in
 * astro.config.mjs): Astro hashes the scripts it emits into each page's `script-src`, and the Node
 * adapter hands each pre-rendered page's policy to the server (`_headers.json`), which sends it as
 * an HTTP header. The third-party hosts come from the site config's embeds.
 */
import type { AstroUserConfig } from 'astro';
import { site } from '../site.config.ts';

type CspConfig = Exclude<NonNullable<NonNullable<AstroUserConfig['security']>['csp']>, boolean>;
type CspDirective = NonNullable<CspConfig['directives']>[number];
/** The site config's embeds that name third-party hosts. */
export type EmbedConfig = { propertySearchUrl: string; homeValue: { scriptUrl: string }; mapTiles: { url: string } };

/** Origins of a URL template such as `https://{s}.tiles.example/{z}/{x}/{y}.png` ({s}: Leaflet's a-d). */
export function tileOrigins(template: string): string[] {
  const subdomains = template.includes('{s}') ? ['a', 'b', 'c', 'd'] : [''];
  return [...new Set(subdomains.map((s) => new URL(template.replace('{s}', s).replace(/\{[^}]+\}/g, 'x')).origin))];
}

/** `security.csp` for astro.config.mjs; every third-party host is used only after an interaction or scroll. */
export function astroCsp({ propertySearchUrl, homeValue, mapTiles }: EmbedConfig = site.embeds) {
  const google = ['https://maps.googleapis.com', 'https://maps.gstatic.com'];
  const valuation = tileOrigins(homeValue.scriptUrl)[0]!;
  const directives = {
    'default-src': ["'self'"],
    'img-src': [
      "'self'",
      'data:',
      'https://i.ytimg.com',
      ...google,
      'https://lh3.googleusercontent.com',
      ...tileOrigins(mapTiles.url),
      valuation,
    ],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...google, valuation],
    'frame-src': [
      'https://www.youtube-nocookie.com',
      'https://www.youtube.com',
      ...tileOrigins(propertySearchUrl),
      valuation,
    ],
    'media-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return {
    // Astro checks each name against its list of directives when it loads the config.
    directives: Object.entries(directives).map(([name, values]) => [name, ...values].join(' ') as CspDirective),
    scriptDirective: { resources: ["'self'", ...google, valuation] },
    // React and Leaflet set style attributes; Astro then (rightly) emits no style hashes.
    styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
  } satisfies CspConfig;
}

/**
 * The policy of every answer that is not a page (assets, JSON, plain-text errors): viewed on its
 * own it may load, run and frame nothing. A page's policy is the one Astro computed for it.
 */
export const nonPagePolicy = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Headers on every answer besides its Content-Security-Policy. */
export const securityHeaders: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};
