/**
 * /areas names the towns' counties as their city files do, in a list that reads right for any
 * number of them. Rendered by Astro's container, with three towns in three counties and a map file
 * from before one town's county was corrected (`npm run geo` not run since).
 */
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it, vi } from 'vitest';
import Areas from '#src/pages/areas.astro';

const town = (name: string, county: string, lat: number) => ({
  id: name.toLowerCase(),
  data: { name, county, coordinates: { lat, lng: -78.6 } },
});

vi.mock('#src/data/content.ts', async (original) => ({
  ...(await original<typeof import('#src/data/content.ts')>()),
  getCities: () =>
    Promise.resolve([
      town('Northtown', 'Franklin County', 36.1),
      town('Midtown', 'Wake County', 35.8),
      town('Southtown', 'Johnston County', 35.5),
    ]),
  getTownComparisonHref: () => Promise.resolve(undefined),
}));
vi.mock('#src/data/service-areas.ts', () => ({
  getServiceAreas: () =>
    Promise.resolve({
      type: 'FeatureCollection',
      features: [
        { properties: { name: 'Northtown', county: 'Franklin County' } },
        { properties: { name: 'Midtown', county: 'Wake County' } },
        // As the map file had it before the city file was corrected.
        { properties: { name: 'Southtown', county: 'Harnett County' } },
      ],
    }),
}));
vi.mock('#src/data/listings.ts', async (original) => ({
  ...(await original<typeof import('#src/data/listings.ts')>()),
  getListings: () => Promise.resolve([]),
}));
vi.mock('#src/components/map/AreaMap.astro', () => import('./fixtures/Stub.astro'));

describe('/areas', () => {
  it("names every county of the towns, each as the town's city file has it", async () => {
    const container = await AstroContainer.create();
    const html = await container.renderToString(Areas);
    expect(html).toContain(
      'From Northtown in the north to Southtown in the south, Jordan Avery works across 3 towns of Wake, Franklin and Johnston counties.',
    );
    expect(html).toMatch(/Southtown<\/span>\s*<span class="text-sm text-ink-soft">Johnston County<\/span>/);
    expect(html).not.toContain('Harnett');
  });
});
