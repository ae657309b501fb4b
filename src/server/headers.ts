/**
 * Security headers on every response of the production server. The Content-Security-Policy
 * allows exactly the origins the site uses; inline scripts are allowed by hash only.
 */
import { site } from '../site.config.ts';

const origin = (url: string) => new URL(url).origin;

/** Third-party origins, each needed only after a visitor interaction or scroll. */
const embeds = {
  youtubeFrames: ['https://www.youtube-nocookie.com', 'https://www.youtube.com'],
  youtubeImages: ['https://i.ytimg.com'],
  googleMaps: ['https://maps.googleapis.com', 'https://maps.gstatic.com'],
  googleImages: ['https://lh3.googleusercontent.com'],
  tiles: [
    'https://a.basemaps.cartocdn.com',
    'https://b.basemaps.cartocdn.com',
    'https://c.basemaps.cartocdn.com',
    'https://d.basemaps.cartocdn.com',
  ],
  propertySearch: [origin(site.embeds.propertySearchUrl.replace('{city}', 'x'))],
  homeValue: [origin(site.embeds.homeValue.scriptUrl)],
};

export function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes, ...embeds.googleMaps, ...embeds.homeValue],
    'style-src': ["'self'", "'unsafe-inline'"],
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
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

export function securityHeaders(scriptHashes: readonly string[]): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(scriptHashes),
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}
