/**
 * The map island. It hydrates `client:interaction` (after the visitor's first interaction, once
 * its own layer over the SVG fallback nears the viewport), then loads Leaflet with a dynamic import: Leaflet touches `window` at import
 * and its script and stylesheet must stay out of the first view. Until the map is ready the layer
 * lets pointer events through to the fallback links; if Leaflet cannot load, the fallback stays.
 */
import { useEffect, useRef, useState, type ComponentType } from 'react';
import type { Props as MapProps } from './LeafletAreaMap.tsx';
import { withErrorBoundary } from '#src/components/ui/ErrorBoundary.tsx';

export type Props = Omit<MapProps, 'onReady'>;

function AreaMapIsland(props: Props) {
  const layer = useRef<HTMLDivElement>(null);
  const [LeafletMap, setLeafletMap] = useState<ComponentType<MapProps> | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let live = true;
    import('./LeafletAreaMap.tsx')
      .then((m) => live && setLeafletMap(() => m.default))
      .catch((error: unknown) => console.error('The map could not load; the outline map stays in place.', error));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    // The SVG fallback belongs to the Astro component around this island; it hides on this flag.
    if (ready) layer.current?.closest('[data-area-map]')?.setAttribute('data-map', 'ready');
  }, [ready]);

  return (
    <div ref={layer} className={`absolute inset-0 print:hidden ${ready ? '' : 'pointer-events-none'}`}>
      {LeafletMap && <LeafletMap {...props} onReady={() => setReady(true)} />}
    </div>
  );
}

export default withErrorBoundary(AreaMapIsland);
