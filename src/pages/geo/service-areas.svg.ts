/**
 * The service areas' outlines and names that every map of homes draws under its pins
 * (src/components/listing/HomesMap.astro, with `<use>`): one file for every list, cached once.
 */
import type { APIRoute } from 'astro';
import { getServiceAreas } from '#src/data/service-areas.ts';
import { mapView, toSvgAreas } from '#src/lib/geo.ts';
import { outlinesDocument, outlinesPadding } from '#src/lib/listing/map-pins.ts';

export const GET: APIRoute = async () =>
  new Response(outlinesDocument(toSvgAreas(await getServiceAreas(), mapView.zoom, outlinesPadding)), {
    headers: { 'Content-Type': 'image/svg+xml' },
  });
