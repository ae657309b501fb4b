/**
 * The map outlines `npm run geo` writes to public/geo/service-areas.geojson, which the Leaflet
 * map fetches as it is. The pages that draw or list them at build time (the SVG fallback of the
 * map, /areas) read them here, parsed and checked once, instead of each importing the file.
 */
import raw from '../../public/geo/service-areas.geojson?raw';
import { parseServiceAreas, type ServiceAreaCollection } from '#src/lib/geo.ts';

export const serviceAreas: ServiceAreaCollection = parseServiceAreas(JSON.parse(raw));
