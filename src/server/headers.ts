/**
 * The security policy of every answer. The Content-Security-Policy is Astro's (`security.csp` in
 * astro.config.mjs): Astro hashes the scripts it emits into each page's `script-src`, and the
 * Node adapter hands the policy of each pre-rendered page to the server (`_headers.json`) so it
 * goes out as an HTTP header. The directives below say which third-party hosts are allowed; they
 * come from the site config, so changing an embed there changes the policy.
 */
import type { AstroUserConfig } from 'astro';
import { site } from '../site.config.ts';

type CspConfig = Exclude<NonNullable<NonNullable<AstroUserConfig['security']>['csp']>, boolean>;
type CspDirective = NonNullable<CspConfig['directives']>[number];

const origin = (url: string) => new URL(url).origin;

/** The part of the site config that names third-party hosts. */
export interface EmbedConfig {
  propertySearchUrl: string;
  homeValue: { scriptUrl: string };
  mapTiles: { url: string };
}

/**
 * Origins of a tile URL template such as `https://{s}.tiles.example/{z}/{x}/{y}.png`: the
 * `{s}` placeholder expands to the a-d subdomains Leaflet rotates through; other placeholders
 * may only appear in the path.
 */
export function tileOrigins(template: string, subdomains: readonly string[] = ['a', 'b', 'c', 'd']): string[] {
  const withHost = (s: string) => origin(template.replace('{s}', s).replace(/\{[^}]+\}/g, '0'));
  return template.includes('{s}') ? [...new Set(subdomains.map(withHost))] : [withHost('')];
}

/** Third-party origins, each needed only after a visitor interaction or scroll. */
export function embedOrigins(config: EmbedConfig) {
  return {
    youtubeFrames: ['https://www.youtube-nocookie.com', 'https://www.youtube.com'],
    youtubeImages: ['https://i.ytimg.com'],
    googleMaps: ['https://maps.googleapis.com', 'https://maps.gstatic.com'],
    googleImages: ['https://lh3.googleusercontent.com'],
    tiles: tileOrigins(config.mapTiles.url),
    propertySearch: [origin(config.propertySearchUrl.replace(/\{[^}]+\}/g, 'x'))],
    homeValue: [origin(config.homeValue.scriptUrl)],
  };
}

/** `security.csp` for astro.config.mjs: Astro adds each page's script hashes to `scriptDirective`. */
export function astroCsp(config: EmbedConfig = site.embeds) {
  const embeds = embedOrigins(config);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'img-src': [
      "'self'",
      'data:',
      ...embeds.youtubeImages,
      ...embeds.googleMaps,
      ...embeds.googleImages,
      ...embeds.tiles,
      ...embeds.homeValue,
    ],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...embeds.googleMaps, ...embeds.homeValue],
    'frame-src': [...embeds.youtubeFrames, ...embeds.propertySearch, ...embeds.homeValue],
    'media-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return {
    // Astro checks each name against its list of directives when it loads the config.
    directives: Object.entries(directives).map(([name, values]) => [name, ...values].join(' ') as CspDirective),
    scriptDirective: { resources: ["'self'", ...embeds.googleMaps, ...embeds.homeValue] },
    // React and Leaflet set style attributes; Astro then (rightly) emits no style hashes.
    styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
  } satisfies CspConfig;
}

/** The policy of an answer that is not a page (assets, plain-text errors): Astro's directives, no inline script. */
export function baseContentSecurityPolicy(config: EmbedConfig = site.embeds): string {
  const csp = astroCsp(config);
  return [
    ...csp.directives,
    ['script-src', ...csp.scriptDirective.resources].join(' '),
    ['style-src', ...csp.styleDirective.resources].join(' '),
  ].join('; ');
}

/** Headers on every answer besides its Content-Security-Policy. */
export const securityHeaders: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};
