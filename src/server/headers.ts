/**
 * Security headers on every response of the production server. The Content-Security-Policy
 * allows exactly the origins the site uses; inline scripts are allowed by hash only.
 */
import { createHash } from 'node:crypto';
import { site } from '../site.config.ts';

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

/** The policy for a page with these inline-script hashes; the embed hosts come from the site config. */
export function contentSecurityPolicy(scriptHashes: readonly string[], config: EmbedConfig = site.embeds): string {
  const embeds = embedOrigins(config);
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

/** Hashes of the inline scripts of an HTML page, for its Content-Security-Policy. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  const re = /<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi;
  for (const m of html.matchAll(re)) {
    const attrs = m[1] ?? '';
    if (/\ssrc\s*=/.test(attrs)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    // Data blocks (JSON-LD) are never executed, so CSP does not govern them.
    if (type && type !== 'module' && type !== 'text/javascript' && type !== 'application/javascript') continue;
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(m[2] ?? '')
        .digest('base64')}'`,
    );
  }
  return [...new Set(hashes)];
}
