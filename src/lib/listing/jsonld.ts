/**
 * A home's structured data: a schema.org RealEstateListing (the page) whose Offer (price, currency,
 * availability) offers the home itself, typed by its RESO PropertySubType, with its address,
 * coordinates, floor size and rooms; and each of its open houses as an Event. Pure.
 */
import type { JsonLd } from '../seo/jsonld.ts';
import { fullAddress, isAddressShown, streetLine, type AddressParts } from './format.ts';
import type { PropertySubType, StandardStatus } from './model.ts';
import { formatOpenHouse, isoInZone } from './time.ts';

/** schema.org's type for each RESO PropertySubType. */
export const residenceType: Record<PropertySubType, string> = {
  'Single Family Residence': 'SingleFamilyResidence',
  Townhouse: 'House',
  Condominium: 'Apartment',
  'Manufactured Home': 'SingleFamilyResidence',
  Farm: 'House',
};

/** schema.org ItemAvailability of each status. */
export const availability: Record<StandardStatus, string> = {
  'Coming Soon': 'https://schema.org/PreOrder',
  Active: 'https://schema.org/InStock',
  'Active Under Contract': 'https://schema.org/LimitedAvailability',
  Pending: 'https://schema.org/LimitedAvailability',
  Closed: 'https://schema.org/SoldOut',
};

export interface ListingJsonLdInput extends AddressParts {
  StandardStatus: StandardStatus;
  ListPrice: number;
  ClosePrice?: number | undefined;
  OnMarketDate: string;
  ModificationTimestamp: string;
  PropertySubType: PropertySubType;
  BedroomsTotal: number;
  BathroomsFull: number;
  BathroomsHalf: number;
  LivingArea: number;
  YearBuilt: number;
  /** Absent when the street address is withheld (InternetAddressDisplayYN false). */
  Latitude?: number | undefined;
  Longitude?: number | undefined;
  PublicRemarks: string;
  ListOfficeName: string;
  CountyOrParish: string;
}

/** A home's PostalAddress: of town, state and ZIP only when its street is withheld (InternetAddressDisplayYN false). */
function postalAddress(home: AddressParts): JsonLd {
  return {
    '@type': 'PostalAddress',
    ...(isAddressShown(home) ? { streetAddress: streetLine(home) } : {}),
    addressLocality: home.City,
    addressRegion: home.StateOrProvince,
    postalCode: home.PostalCode,
    addressCountry: 'US',
  };
}

/**
 * A home whose street address is withheld (InternetAddressDisplayYN false) has a PostalAddress
 * of town, state and ZIP only, and no geo.
 */
export function buildRealEstateListing(
  home: ListingJsonLdInput,
  page: { url: string; images: readonly string[]; cityUrl?: string | undefined },
): JsonLd {
  const residenceId = `${page.url}#home`;
  const shown = isAddressShown(home);
  const residence: JsonLd = {
    '@type': residenceType[home.PropertySubType],
    '@id': residenceId,
    name: fullAddress(home),
    address: postalAddress(home),
    ...(shown && home.Latitude !== undefined && home.Longitude !== undefined
      ? { geo: { '@type': 'GeoCoordinates', latitude: home.Latitude, longitude: home.Longitude } }
      : {}),
    floorSize: { '@type': 'QuantitativeValue', value: home.LivingArea, unitCode: 'FTK', unitText: 'sq ft' },
    // No numberOfRooms: schema.org counts rooms without the bathrooms, which a listing does not give.
    numberOfBedrooms: home.BedroomsTotal,
    numberOfBathroomsTotal: home.BathroomsFull + home.BathroomsHalf,
    numberOfFullBathrooms: home.BathroomsFull,
    numberOfPartialBathrooms: home.BathroomsHalf,
    yearBuilt: home.YearBuilt,
    ...(page.images.length ? { image: [...page.images] } : {}),
    containedInPlace: {
      '@type': 'City',
      name: `${home.City}, ${home.StateOrProvince}`,
      ...(page.cityUrl ? { url: page.cityUrl } : {}),
    },
  };
  const sold = home.StandardStatus === 'Closed' && home.ClosePrice !== undefined;
  return {
    '@type': 'RealEstateListing',
    '@id': `${page.url}#listing`,
    url: page.url,
    name: fullAddress(home),
    description: home.PublicRemarks,
    datePosted: home.OnMarketDate,
    dateModified: home.ModificationTimestamp,
    ...(page.images[0] ? { image: page.images[0] } : {}),
    about: { '@id': residenceId },
    offers: {
      '@type': 'Offer',
      price: sold ? home.ClosePrice : home.ListPrice,
      priceCurrency: 'USD',
      availability: availability[home.StandardStatus],
      seller: { '@type': 'RealEstateAgent', name: home.ListOfficeName },
      itemOffered: residence,
    },
  };
}

/**
 * An open house as a schema.org Event (what search engines show as an event): at the home (its
 * town, when the street is withheld), in person and free, its times in New York with the offset of
 * the day, organized by the listing firm, the event's page being the home's.
 */
export function buildOpenHouseEvent(
  home: AddressParts & { ListOfficeName: string },
  openHouse: { OpenHouseStartTime: string; OpenHouseEndTime: string; OpenHouseRemarks?: string | undefined },
  page: { url: string; image?: string | undefined },
): JsonLd {
  const name = `Open house: ${fullAddress(home)}`;
  return {
    '@type': 'Event',
    name,
    description:
      openHouse.OpenHouseRemarks ??
      `${name}, ${formatOpenHouse(openHouse.OpenHouseStartTime, openHouse.OpenHouseEndTime)}.`,
    startDate: isoInZone(openHouse.OpenHouseStartTime),
    endDate: isoInZone(openHouse.OpenHouseEndTime),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: { '@type': 'Place', name: fullAddress(home), address: postalAddress(home) },
    ...(page.image ? { image: [page.image] } : {}),
    url: page.url,
    isAccessibleForFree: true,
    offers: {
      '@type': 'Offer',
      price: 0,
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url: page.url,
    },
    organizer: { '@type': 'RealEstateAgent', name: home.ListOfficeName },
  };
}
