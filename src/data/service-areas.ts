/**
 * The map outlines `npm run geo` writes to public/geo/service-areas.geojson, which the Leaflet
 * map fetches as it is. The pages that draw or list them at build time (the SVG fallback of the
 * map, /areas) read them here, parsed and checked once, instead of each importing the file:
 * checked against content/cities too, so a city added, removed or moved to another county without `npm run geo` stops the
 * build rather than drawing a map without it, or with a town that links to a missing page.
 */
import raw from '../../public/geo/service-areas.geojson?raw';
import { getCities } from './content.ts';
import { parseServiceAreas, serviceAreasMismatch, type ServiceAreaCollection } from '#src/lib/geo.ts';

let checked: Promise<ServiceAreaCollection> | undefined;

export function getServiceAreas(): Promise<ServiceAreaCollection> {
  checked ??= getCities().then((cities) => {
    const areas = parseServiceAreas(JSON.parse(raw));
    // No city loaded (a component rendered in a unit test, before the content store exists): nothing to compare.
    if (cities.length === 0) return areas;
    const mismatch = serviceAreasMismatch(
      cities.map((city) => city.data),
      areas.features.map((area) => area.properties),
    );
    if (mismatch) throw new Error(`public/geo/service-areas.geojson ${mismatch}`);
    return areas;
  });
  return checked;
}
