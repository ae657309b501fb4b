/**
 * A home as a listing file gives it (RESO Data Dictionary fields): part of the sample listing
 * content/listings/412-oak-grove-lane-cary-nc.yaml, for the unit tests of the listing model.
 */
export const sampleHome = {
  ListingKey: 'JA-2026-014',
  StandardStatus: 'Active' as const,
  ListPrice: 525000,
  OnMarketDate: '2026-11-02',
  ModificationTimestamp: '2026-11-20',
  StreetNumber: '412',
  StreetName: 'Oak Grove',
  StreetSuffix: 'Lane',
  City: 'Cary',
  StateOrProvince: 'NC',
  PostalCode: '27513',
  CountyOrParish: 'Wake',
  Latitude: 35.7968,
  Longitude: -78.8032,
  PropertySubType: 'Single Family Residence',
  BedroomsTotal: 4,
  BathroomsFull: 2,
  BathroomsHalf: 1,
  LivingArea: 2450,
  YearBuilt: 1998,
  PublicRemarks: 'A two-story home on a quiet cul-de-sac under mature oaks, near a greenway and a pool.',
  ListOfficeName: 'Triangle Realty Partners',
  ListAgentFullName: 'Jordan Avery',
  OpenHouse: [{ OpenHouseStartTime: '2027-01-16T13:00', OpenHouseEndTime: '2027-01-16T15:00' }],
  Photos: [{ src: './front.jpg', alt: 'Two-story home with a brick front and a red door' }],
};
