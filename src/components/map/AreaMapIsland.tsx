/**
 * The map island. It hydrates `client:interaction` (after the visitor's first interaction, once
 * its own layer over the SVG fallback nears the viewport), then loads Leaflet with a dynamic import: Leaflet touches `window` at import
 * and its script and stylesheet must stay out of the first view. Until the map is ready (drawn:
 * for the service areas, once their outlines are) the layer is transparent and lets pointer events
 * through to the fallback links; if Leaflet or the outlines cannot load, the fallback stays.
 * A link of the fallback that has the keyboard focus as the map takes over hands it to the map's
 * link of the same name.
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
    const wrapper = layer.current?.closest('[data-area-map]');
    if (!ready || !wrapper || !layer.current) return;
    // The SVG fallback belongs to the Astro component around this island; it hides on this flag.
    const done = () => wrapper.setAttribute('data-map', 'ready');
    // A keyboard visitor on one of the drawing's links would lose the focus as it hides: it moves
    // to the map's link of the same name (an area, a home), once Leaflet has drawn it.
    const focused = document.activeElement;
    const name = wrapper.querySelector('.fallback')?.contains(focused) ? focused?.getAttribute('aria-label') : null;
    if (!name) {
      done();
      return;
    }
    const map = layer.current;
    const twin = () =>
      [...map.querySelectorAll<HTMLElement | SVGElement>('[aria-label]')].find(
        (el) => el.getAttribute('aria-label') === name,
      );
    const handOver = () => {
      observer.disconnect();
      window.clearTimeout(timer);
      if (document.activeElement === focused) twin()?.focus();
      done();
    };
    const observer = new MutationObserver(() => {
      if (twin()) handOver();
    });
    const timer = window.setTimeout(handOver, 3000);
    if (twin()) handOver();
    else observer.observe(map, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] });
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [ready]);

  // `isolate`: Leaflet's panes and controls (z-index 400 to 1000) are stacked within the map, so
  // they pass under the sticky header (z-40) as the page scrolls, not over it.
  return (
    <div
      ref={layer}
      className={`absolute inset-0 isolate print:hidden ${ready ? '' : 'pointer-events-none opacity-0'}`}
    >
      {LeafletMap && <LeafletMap {...props} onReady={() => setReady(true)} />}
    </div>
  );
}

export default withErrorBoundary(AreaMapIsland);
