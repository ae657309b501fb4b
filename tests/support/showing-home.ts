/**
 * The home of a showing request as the lead pipeline stores it: the sample listing
 * content/listings/412-oak-grove-lane-cary-nc, as the server looks it up from the form's
 * listing key.
 */
export const showingHome = {
  key: 'JA-2026-014',
  address: '412 Oak Grove Lane, Cary, NC 27513',
  street: '412 Oak Grove Lane',
  city: 'Cary',
  state: 'NC',
  postalCode: '27513',
  price: 525000,
  url: 'https://www.example.com/listings/412-oak-grove-lane-cary-nc',
};
