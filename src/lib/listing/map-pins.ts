/**
 * The pins of a map of homes (src/components/listing/HomesMap.astro): every home whose address
 * may be shown and that has coordinates, with its page, its name as a link says it, and its price
 * as a map search writes it. Pure.
 */
import {
  formatPrice,
  formatPriceShort,
  isAddressShown,
  isAvailable,
  shownPrice,
  statusLabel,
  streetLine,
  type AddressParts,
  type PriceFields,
} from './format.ts';

export interface PinHome {
  id: string;
  data: AddressParts & PriceFields & { Latitude?: number | undefined; Longitude?: number | undefined };
}

export interface HomePin {
  href: string;
  /** [longitude, latitude], the order of GeoJSON and of `toSvgAreas` (src/lib/geo.ts). */
  at: [number, number];
  /** The pin's link name: "{street}, {town}: {status}, {price}", e.g. "..., Active, $525,000". */
  name: string;
  /** "$525K": the label beside the pin. */
  price: string;
  /** Can still be bought (Active or Coming Soon): a filled pin; under contract or sold: a hollow one. */
  available: boolean;
}

/** Whether every pin shows its price, or only the one pointed at or focused: all while they are few enough not to cover one another. */
export const pinsLabelled = (count: number) => count <= 12;

/** A home as the Leaflet map takes it (src/components/map/LeafletAreaMap.tsx). */
export type MapPin = Omit<HomePin, 'at'> & { lat: number; lng: number };

export function homePins(homes: readonly PinHome[]): HomePin[] {
  return homes.flatMap(({ id, data: h }): HomePin[] => {
    if (!isAddressShown(h) || h.Latitude === undefined || h.Longitude === undefined) return [];
    const price = shownPrice(h);
    return [
      {
        href: `/listings/${id}`,
        at: [h.Longitude, h.Latitude],
        name: `${streetLine(h)}, ${h.City}: ${statusLabel(h.StandardStatus)}, ${formatPrice(price)}`,
        price: formatPriceShort(price),
        available: isAvailable(h.StandardStatus),
      },
    ];
  });
}
