/**
 * The Leaflet map of SPEC §2, and of one home (ListingMap.astro) or a list's homes (HomesMap.astro).
 * Only AreaMapIsland imports it, dynamically and after mount, so Leaflet's script and stylesheet
 * load when the map nears the viewport, never on first view.
 */
import leafletCss from 'leaflet/dist/leaflet.css?inline';
import type { Feature, Geometry } from 'geojson';
import type { CircleMarker as LeafletCircleMarker, Layer, Path, Tooltip as LeafletTooltip } from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { CircleMarker, GeoJSON, MapContainer, TileLayer, Tooltip, useMap } from 'react-leaflet';
import { geoJSON, latLngBounds } from 'leaflet';
import {
  areaHoverStyle,
  areaHref,
  areaStyle,
  buildAttributionHtml,
  mapView,
  parseServiceAreas,
  pinColours,
  type ServiceAreaCollection,
} from '#src/lib/geo.ts';
import { placeLabels, type MapPin } from '#src/lib/listing/map-pins.ts';

export interface Props {
  tileUrl: string;
  attribution: readonly { label: string; url: string }[];
  /** The service areas to draw; a map of one home draws none. */
  dataUrl?: string | undefined;
  /** One home to show instead of the whole area: the map centres on it and marks it. */
  home?: { lat: number; lng: number; label: string } | undefined;
  /** The homes of a list instead (HomesMap.astro): the map fits them, each a pin linked to its page. */
  pins?: readonly MapPin[] | undefined;
  /** Whether every pin shows its price, or only the one pointed at or focused. */
  labelled?: boolean | undefined;
  onReady: () => void;
}

/** Street level: close enough to see the home's street and the ones around it. */
const homeZoom = 15;

/*
 * A plain `import 'leaflet/dist/leaflet.css'` would be linked from the page head (Astro collects
 * the CSS of every module the server render can reach, dynamic imports included), so the
 * stylesheet travels inside this lazy chunk and is added when the chunk first runs, before any
 * map mounts. Like Leaflet itself, this module only ever runs in the browser.
 */
if (!document.getElementById('leaflet-css')) {
  const style = document.createElement('style');
  style.id = 'leaflet-css';
  // The credits sit in the map's corner, which clips: room inside it for their links' focus rings.
  style.textContent = `${leafletCss}\n.leaflet-container .leaflet-control-attribution { padding: 2px 8px 6px; }`;
  document.head.append(style);
}

/** Below this width the map fits the outlines and names every town (SPEC's centre and zoom are for wider screens). */
const smallScreen = '(max-width: 767px)';
/**
 * One finger scrolls the page over a listing map on a touch screen: with dragging off there,
 * Leaflet asks for touch-action pan-x pan-y, not none, and two fingers still pan and zoom the map.
 */
const oneFingerDrags = () => !window.matchMedia('(pointer: coarse)').matches;

/** The area a touch has selected: the first tap names it, a second tap on it opens its page. */
let armed: Path | null = null;

/**
 * Leaflet points a layer's element at its open tooltip (aria-describedby) and never takes it back,
 * so after one hover or focus the link names an element that is gone. The tooltip only repeats the
 * link's name (or, on a pin, its price, which the name has), so the link is described by nothing:
 * the attribute goes once Leaflet has set it.
 */
function undescribed(layer: Path): void {
  layer.on('tooltipopen tooltipclose', () =>
    queueMicrotask(() => layer.getElement()?.removeAttribute('aria-describedby')),
  );
}

/**
 * Mouse and keyboard: highlight and name the area, then go to its city page on click or Enter.
 * Touch: the first tap highlights and names the area, the second goes, so a visitor sees where
 * a tap lands before leaving the page. On small screens every name shows all the time.
 */
function bindArea(feature: Feature<Geometry, unknown>, layer: Layer, small: boolean): void {
  const path = layer as Path;
  const name = (feature.properties as { name?: string } | null)?.name ?? '';
  const href = areaHref(name);
  let lastPointer = 'mouse';
  const highlight = () => path.setStyle(areaHoverStyle);
  const reset = () => {
    if (armed !== path) path.setStyle(areaStyle);
  };
  const go = () => window.location.assign(href);
  path.bindTooltip(name, {
    permanent: small,
    direction: 'center',
    // Small labels, so all 13 fit a phone; `!` beats Leaflet's own tooltip padding.
    className: small ? 'area-name px-1! py-0! text-[11px] font-semibold' : '',
  });
  undescribed(path);
  path.on({
    mouseover: highlight,
    mouseout: reset,
    click: () => {
      if (lastPointer === 'mouse' || armed === path) return go();
      const previous = armed;
      armed = path;
      previous?.setStyle(areaStyle);
      highlight();
      path.openTooltip();
    },
  });
  // Leaflet draws plain SVG paths; these attributes make each area a keyboard-reachable link.
  // Leaflet itself opens the tooltip on focus once the path has a tabindex.
  path.once('add', () => {
    const el = path.getElement();
    if (!el) return;
    el.setAttribute('tabindex', '0');
    el.setAttribute('role', 'link');
    el.setAttribute('aria-label', name);
    el.addEventListener('pointerdown', (event) => (lastPointer = (event as PointerEvent).pointerType || 'mouse'));
    el.addEventListener('focus', highlight);
    el.addEventListener('blur', reset);
    el.addEventListener('keydown', (event) => {
      if ((event as KeyboardEvent).key === 'Enter') go();
    });
  });
}

/** Each pin's element and its marker, whose price label PriceLabels places. */
const pinMarkers = new WeakMap<Element, LeafletCircleMarker>();

/** A price label's offset from its pin's centre, above or below it. */
const labelOffset = (side: 'top' | 'bottom'): [number, number] => [0, side === 'top' ? -8 : 8];

/**
 * The radius of a pin's touch target, in px: a 30 px circle, as the drawing before the map has
 * (HomesMap.astro), where the dot itself (radius 8, a 3 px ring) is 19 px: under the 24 px a
 * touch target needs at least.
 */
const pinTargetRadius = 15;

/**
 * A pin as a link, like the areas: reachable by keyboard, named for the home, opened with Enter;
 * its price beside it (all the time while `labelled`, else when pointed at or focused). It and its
 * price carry `data-home-pin`, by which the list's price and bedroom choices hide the pins of the
 * cards they hide (ListingFilters.astro); told here that pins have appeared, the list applies its
 * current choice to them. `target` is its wider touch target (HomePin), shown and hidden with it.
 */
function linkPin(
  marker: LeafletCircleMarker,
  pin: MapPin,
  labelled: boolean,
  target: LeafletCircleMarker | null,
): void {
  const el = marker.getElement();
  if (!el) return;
  pinMarkers.set(el, marker);
  el.setAttribute('tabindex', '0');
  el.setAttribute('role', 'link');
  el.setAttribute('aria-label', pin.name);
  el.setAttribute('data-home-pin', pin.href);
  el.addEventListener('keydown', (event) => {
    if ((event as KeyboardEvent).key === 'Enter') window.location.assign(pin.href);
  });
  // Bound here rather than as a React child, so that a label is placed, with its text, as it opens.
  marker.on('tooltipopen', ({ tooltip }) => tooltip.getElement()?.setAttribute('data-home-pin', pin.href));
  const price = document.createElement('span');
  price.textContent = pin.price;
  marker.bindTooltip(price, {
    permanent: labelled,
    direction: 'top',
    offset: labelOffset('top'),
    className: 'px-1! py-0! font-bold',
  });
  undescribed(marker);
  // A price left out (PriceLabels) shows, above the others, while its pin is pointed at or focused.
  const reveal = (on: boolean) => {
    const label = marker.getTooltip()?.getElement();
    if (label?.hasAttribute('data-covered')) Object.assign(label.style, labelStyle(!on, on));
  };
  for (const [type, on] of [
    ['mouseenter', true],
    ['focus', true],
    ['mouseleave', false],
    ['blur', false],
  ] as const)
    el.addEventListener(type, () => reveal(on));
  // Leaflet's Path elements are SVG paths, typed as plain Elements.
  const targetEl = target?.getElement() as SVGElement | undefined;
  if (target && targetEl) {
    // Under every dot (not only its own), so that it never takes a tap meant for a neighbour's dot.
    target.bringToBack();
    // The dot is the link for the keyboard and screen readers; the target is only a wider place to tap.
    targetEl.setAttribute('aria-hidden', 'true');
    targetEl.addEventListener('mouseenter', () => reveal(true));
    targetEl.addEventListener('mouseleave', () => reveal(false));
    // Hidden and shown with its pin by the list's choices (which tell 'home-pins-shown' once applied).
    const follow = () => {
      targetEl.style.display = (el as SVGElement).style.display;
    };
    document.addEventListener('home-pins-shown', follow);
    marker.once('remove', () => document.removeEventListener('home-pins-shown', follow));
  }
  document.dispatchEvent(new Event('home-pins'));
}

/** A home's pin: its dot (linkPin) over a wider transparent circle that opens the home too. */
function HomePin({ pin, labelled }: { pin: MapPin; labelled: boolean }) {
  const target = useRef<LeafletCircleMarker>(null);
  const open = () => window.location.assign(pin.href);
  return (
    <>
      {/* Added first, so it exists when the dot's `add` wires it up. */}
      <CircleMarker
        ref={target}
        center={[pin.lat, pin.lng]}
        radius={pinTargetRadius}
        pathOptions={{ stroke: false, fillOpacity: 0 }}
        eventHandlers={{ click: open }}
      />
      <CircleMarker
        center={[pin.lat, pin.lng]}
        radius={8}
        pathOptions={
          pin.available
            ? { color: '#fff', weight: 3, fillColor: pinColours.available, fillOpacity: 1 }
            : { color: pinColours.other, weight: 3, fillColor: '#fff', fillOpacity: 1 }
        }
        eventHandlers={{
          add: (event) => linkPin(event.target as LeafletCircleMarker, pin, labelled, target.current),
          click: open,
        }}
      />
    </>
  );
}

const labelStyle = (hidden: boolean, above = false) => ({
  visibility: hidden ? 'hidden' : '',
  zIndex: above ? '1' : '',
});

/** A price label above or below its pin; the arrow and margins of Leaflet's tooltip are symmetric. */
function setSide(tooltip: LeafletTooltip, side: 'top' | 'bottom'): void {
  if (tooltip.options.direction === side) return;
  Object.assign(tooltip.options, { direction: side, offset: labelOffset(side) });
  tooltip.update();
}

/**
 * The price labels kept apart (placeLabels): each above its pin, else below it, else left out
 * until its pin is pointed at or focused (linkPin); the earlier in the list's order first. Placed
 * again after a zoom or a resize, and when the list's choices change the pins shown
 * ('home-pins-shown', ListingFilters.astro).
 */
function PriceLabels() {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    let frame = 0;
    const place = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const labels = [...container.querySelectorAll<SVGElement>('path[data-home-pin]')].flatMap((pin) => {
          const tooltip = pinMarkers.get(pin)?.getTooltip();
          const label = tooltip?.getElement();
          return tooltip && label ? [{ pin, tooltip, label, href: pin.dataset['homePin'] ?? '' }] : [];
        });
        for (const { tooltip } of labels) setSide(tooltip, 'top');
        const sides = placeLabels(
          labels.map(({ pin, label, href }) => ({
            href,
            pin: pin.getBoundingClientRect(),
            above: label.getBoundingClientRect(),
          })),
        );
        const active = container.querySelector('path[data-home-pin]:is(:hover, :focus)')?.getAttribute('data-home-pin');
        for (const { tooltip, label, href } of labels) {
          const side = sides.get(href);
          if (side === 'bottom') setSide(tooltip, side);
          label.toggleAttribute('data-covered', side === null);
          Object.assign(label.style, labelStyle(side === null && href !== active, href === active));
        }
      });
    };
    place();
    map.on('zoomend resize', place);
    for (const type of ['home-pins', 'home-pins-shown']) document.addEventListener(type, place);
    return () => {
      cancelAnimationFrame(frame);
      map.off('zoomend resize', place);
      for (const type of ['home-pins', 'home-pins-shown']) document.removeEventListener(type, place);
    };
  }, [map]);
  return null;
}

/** On a small screen, zooms so that every outline fits inside the box. */
function FitAreas({ areas }: { areas: ServiceAreaCollection }) {
  const map = useMap();
  useEffect(() => {
    if (!window.matchMedia(smallScreen).matches) return;
    // At once, not animated: the map opens fitted, and taps and tests meet it where it stays.
    map.fitBounds(geoJSON(areas).getBounds(), { padding: [6, 6], animate: false });
  }, [map, areas]);
  return null;
}

export default function LeafletAreaMap({ tileUrl, attribution, dataUrl, home, pins, labelled, onReady }: Props) {
  const [areas, setAreas] = useState<ServiceAreaCollection | null>(null);

  useEffect(() => {
    if (!dataUrl) return;
    const controller = new AbortController();
    fetch(dataUrl, { signal: controller.signal })
      .then((res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        return res.json() as Promise<unknown>;
      })
      .then((json) => setAreas(parseServiceAreas(json)))
      .catch(() => {
        // SPEC §2: say so in the console and draw no regions. The drawing, with its links, and the
        // town list remain: the map is never ready (see AreaMapIsland).
        if (!controller.signal.aborted) console.log('Failed to load geojson');
      });
    return () => controller.abort();
  }, [dataUrl]);

  if (pins?.length) {
    return (
      <MapContainer
        bounds={latLngBounds(pins.map((p) => [p.lat, p.lng]))}
        boundsOptions={{ padding: [48, 48], maxZoom: homeZoom - 1 }}
        scrollWheelZoom={false}
        dragging={oneFingerDrags()}
        keyboard={false}
        whenReady={onReady}
        style={{ height: '100%', width: '100%', background: 'var(--color-sand)' }}
      >
        <TileLayer url={tileUrl} attribution={buildAttributionHtml(attribution)} />
        {pins.map((pin) => (
          <HomePin key={pin.href} pin={pin} labelled={labelled ?? false} />
        ))}
        {labelled && <PriceLabels />}
      </MapContainer>
    );
  }

  if (home) {
    return (
      <MapContainer
        center={[home.lat, home.lng]}
        zoom={homeZoom}
        scrollWheelZoom={false}
        dragging={oneFingerDrags()}
        keyboard={false}
        whenReady={onReady}
        style={{ height: '100%', width: '100%', background: 'var(--color-sand)' }}
      >
        <TileLayer url={tileUrl} attribution={buildAttributionHtml(attribution)} />
        <CircleMarker center={[home.lat, home.lng]} radius={10} pathOptions={{ ...areaStyle, fillOpacity: 0.8 }}>
          <Tooltip permanent direction="top" offset={[0, -10]}>
            {home.label}
          </Tooltip>
        </CircleMarker>
      </MapContainer>
    );
  }

  return (
    <MapContainer
      center={mapView.center}
      zoom={mapView.zoom}
      zoomSnap={mapView.zoomSnap}
      scrollWheelZoom={false}
      dragging={false}
      doubleClickZoom={false}
      zoomControl={false}
      touchZoom={false}
      boxZoom={false}
      keyboard={false}
      // Inline, because Leaflet's own stylesheet arrives later and would win over a class.
      style={{ height: '100%', width: '100%', background: 'var(--color-sand)' }}
    >
      <TileLayer url={tileUrl} attribution={buildAttributionHtml(attribution)} />
      {/* Ready once the areas are drawn: the drawing's links stay until then, and for good if they never come. */}
      {areas && (
        <GeoJSON
          data={areas}
          eventHandlers={{ add: onReady }}
          style={() => areaStyle}
          onEachFeature={(feature, layer) => bindArea(feature, layer, window.matchMedia(smallScreen).matches)}
        />
      )}
      {areas && <FitAreas areas={areas} />}
    </MapContainer>
  );
}
