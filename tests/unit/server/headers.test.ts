import { describe, expect, it } from 'vitest';
import { astroCsp, nonPagePolicy, tileOrigins, type EmbedConfig } from '#src/server/headers.ts';
import { site } from '#src/site.config.ts';

/** The policy Astro is configured with, as one header value (before it adds each page's hashes). */
const pagePolicy = (config?: EmbedConfig) => {
  const { directives, scriptDirective, styleDirective } = astroCsp(config);
  return [
    ...directives,
    `script-src ${scriptDirective.resources.join(' ')}`,
    `style-src ${styleDirective.resources.join(' ')}`,
  ].join('; ');
};

const directive = (csp: string, name: string) =>
  csp
    .split(/;\s*/)
    .find((d) => d.startsWith(`${name} `))
    ?.split(' ')
    .slice(1) ?? [];

describe('Content-Security-Policy hosts come from the site config', () => {
  it('expands the {s} subdomains of the tile template', () => {
    expect(tileOrigins('https://{s}.tiles.example.org/{z}/{x}/{y}{r}.png')).toEqual([
      'https://a.tiles.example.org',
      'https://b.tiles.example.org',
      'https://c.tiles.example.org',
      'https://d.tiles.example.org',
    ]);
    expect(tileOrigins('https://tiles.example.org/{z}/{x}/{y}.png')).toEqual(['https://tiles.example.org']);
  });

  it('allows the configured hosts by default', () => {
    const csp = pagePolicy();
    expect(directive(csp, 'img-src')).toEqual(expect.arrayContaining(tileOrigins(site.embeds.mapTiles.url)));
    expect(directive(csp, 'frame-src')).toContain(new URL(site.embeds.propertySearchUrl).origin);
    expect(directive(csp, 'script-src')).toContain(new URL(site.embeds.homeValue.scriptUrl).origin);
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
  });

  it('follows a changed config: new hosts in, old hosts out', () => {
    const config = {
      propertySearchUrl: 'https://idx.other-mls.test/map?city={city}',
      homeValue: { scriptUrl: 'https://cdn.valuation.test/w.js' },
      mapTiles: { url: 'https://{s}.tile.other-maps.test/{z}/{x}/{y}.png' },
    };
    const csp = pagePolicy(config);
    const img = directive(csp, 'img-src');
    expect(img).toEqual(expect.arrayContaining(['https://a.tile.other-maps.test', 'https://d.tile.other-maps.test']));
    expect(img.some((h) => h.includes('basemaps.cartocdn.com'))).toBe(false);
    expect(directive(csp, 'frame-src')).toContain('https://idx.other-mls.test');
    expect(directive(csp, 'frame-src')).not.toContain(new URL(site.embeds.propertySearchUrl).origin);
    expect(astroCsp(config).scriptDirective.resources).toEqual([
      "'self'",
      'https://maps.googleapis.com',
      'https://maps.gstatic.com',
      'https://cdn.valuation.test',
    ]);
    expect(csp).not.toContain(new URL(site.embeds.homeValue.scriptUrl).host);
  });

  it('never lets scripts run inline without a hash', () => {
    expect(directive(pagePolicy(), 'script-src')).not.toContain("'unsafe-inline'");
  });
});

describe('the policy of answers that are not pages', () => {
  it('lets an asset, a JSON answer or an error text load, run and frame nothing on its own', () => {
    expect(directive(nonPagePolicy, 'default-src')).toEqual(["'none'"]);
    expect(directive(nonPagePolicy, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(nonPagePolicy, 'form-action')).toEqual(["'none'"]);
    expect(nonPagePolicy).not.toMatch(/script-src|unsafe/);
  });
});
