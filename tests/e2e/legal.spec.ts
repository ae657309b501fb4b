/**
 * The legal and trust pages (issue 18): their contact details and outside services come from
 * the site config, the privacy policy says what the site really does, and the contact form
 * carries the NC Real Estate Commission's caution and links the privacy policy from its
 * consent line, with JavaScript and without.
 */
import { expect, test, type Page } from '@playwright/test';
import { textingConsent } from '../../src/lib/contact-form.ts';
import { formatPhone, telHref } from '../../src/lib/contact-links.ts';
import { site } from '../../src/site.config.ts';

const pages = [
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms of Use'],
  ['/accessibility', 'Accessibility Statement'],
] as const;

for (const [path, heading] of pages) {
  test(`${path}: its heading, last update, and the phone and e-mail of the site config`, async ({ page }) => {
    const res = await page.goto(path);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.locator('main').getByText(/^Last updated [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();
    const main = page.locator('main');
    await expect(main.getByRole('link', { name: formatPhone(site.agent.phoneDigits) }).first()).toHaveAttribute(
      'href',
      telHref(site.agent.phoneDigits),
    );
    await expect(main.getByRole('link', { name: site.agent.email }).first()).toHaveAttribute(
      'href',
      new RegExp(`^mailto:${site.agent.email}\\?subject=`),
    );
    await expect(main).toContainText(`${site.agent.name}, ${site.agent.title}`);
    await expect(main).toContainText(site.agent.brokerage);
  });
}

test('the privacy policy says what the form keeps, for how long, and names every outside service', async ({ page }) => {
  await page.goto('/privacy');
  const main = page.locator('main');
  await expect(main).toContainText('deleted automatically once they are 30 days old');
  await expect(main).toContainText('kept until the agent deletes them');
  // The consent record each lead keeps (source page, consent sentence, texting consent) is disclosed.
  await expect(main).toContainText('stored with the exact consent sentence the form showed you');
  await expect(main).toContainText('The site sets no cookies of its own.');
  await expect(main).toContainText('privacy-enhanced mode (youtube-nocookie.com)');
  // The consent sentence exactly as the form shows it, and the carriers' texting terms.
  await expect(main.locator('blockquote')).toHaveText(textingConsent(site.agent.name));
  await expect(main).toContainText('Reply STOP to any text');
  await expect(main).toContainText(
    'Mobile numbers and texting consent are never shared with, sold or rented to third parties or affiliates for their marketing or promotional purposes.',
  );
  for (const provider of [
    site.embeds.propertySearchProvider,
    site.embeds.homeValue.provider,
    site.embeds.mapTiles.provider,
  ]) {
    await expect(main.getByRole('link', { name: provider.name, exact: true })).toHaveAttribute(
      'href',
      provider.privacyUrl,
    );
  }
  await expect(main.getByRole('link', { name: 'Google Privacy Policy' }).first()).toHaveAttribute(
    'href',
    'https://policies.google.com/privacy',
  );
  await expect(
    main.getByRole('link', { name: 'Google Maps/Google Earth Additional Terms of Service' }),
  ).toHaveAttribute('href', 'https://maps.google.com/help/terms_maps/');
});

test('the terms say listing information is not guaranteed nor for other uses, and carry the Equal Housing Opportunity statement', async ({
  page,
}) => {
  await page.goto('/terms');
  const main = page.locator('main');
  await expect(main).toContainText('deemed reliable but not guaranteed');
  // MLS rules (IDX): listing data is for consumers' personal use, and scraping it is prohibited, said on the site.
  await expect(main.getByRole('heading', { name: 'Listing information' })).toBeVisible();
  await expect(main).toContainText(
    'Any other use of the listing information or of the site’s search, such as copying it by automated means (“scraping”), republishing it or building a database from it, is prohibited.',
  );
  await expect(main).toContainText(
    'Nothing on this site is legal, tax, financial, lending, inspection or appraisal advice.',
  );
  await expect(main.getByRole('heading', { name: 'Equal Housing Opportunity' })).toBeVisible();
  await expect(main).toContainText('pledged to the letter and spirit of U.S. policy');
  await expect(main.getByRole('link', { name: /Working with Real Estate Agents/ })).toHaveAttribute(
    'href',
    site.links.agencyBrochure,
  );
});

test('the accessibility statement commits to WCAG 2.2 AA and says how to report a barrier', async ({ page }) => {
  await page.goto('/accessibility');
  const main = page.locator('main');
  await expect(main).toContainText('WCAG) 2.2 at level AA');
  await expect(main.getByRole('heading', { name: 'Report a barrier' })).toBeVisible();
});

async function expectCautionAndConsentLink(page: Page, scope: string) {
  const form = page.locator(scope).getByRole('form', { name: 'Send a message' });
  const caution = page.locator(scope).getByRole('note', { name: 'Working with real estate agents' });
  await expect(caution).toContainText(
    'Please do not share confidential information, such as the most you would pay for a home or the least you would accept for yours, until we have discussed whether I will work for you as your agent.',
  );
  const brochure = caution.getByRole('link', { name: 'Working with Real Estate Agents brochure' });
  await expect(brochure).toHaveAttribute('href', site.links.agencyBrochure);
  await expect(brochure).toHaveAttribute('target', '_blank');
  // Near the top: above the form's first field.
  const cautionBox = await caution.boundingBox();
  const firstField = await form.getByLabel('First name').boundingBox();
  expect(cautionBox!.y + cautionBox!.height).toBeLessThanOrEqual(firstField!.y);
  // The consent line: the sentence (which alone describes the phone field), then the privacy link.
  const line = page.locator(scope).locator('p', { has: page.locator('#contact-phone-consent') });
  await expect(line.locator('#contact-phone-consent')).toHaveText(textingConsent(site.agent.name));
  await expect(line.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy');
}

test('the contact page and the home page show the Commission caution and link the privacy policy', async ({ page }) => {
  await page.goto('/contact');
  await expectCautionAndConsentLink(page, 'main');
  await page.goto('/');
  await expectCautionAndConsentLink(page, '#contact');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the form page shows the caution and the privacy link as built', async ({ page }) => {
    await page.goto('/contact');
    await expectCautionAndConsentLink(page, 'main');
  });
});
