/** SPEC §2 navigation: every link and dropdown item reaches its target by mouse and by keyboard. */
import { expect, test } from '@playwright/test';

const dropdowns: Record<string, [string, string][]> = {
  BUY: [
    ['First-Time Home Buyers', '/first-time-buyer'],
    ['Buyer Resources', '/buyer-resources'],
    ['Relocating to the Triangle', '/relocation'],
  ],
  SELL: [
    ['Upsizing', '/upsizing'],
    ['Downsizing', '/downsizing'],
    ['Seller Resources', '/seller-resources'],
  ],
  'EXPLORE THE AREA': [['Raleigh', '/city/raleigh']],
};
const topLinks: [string, string][] = [
  ['HOME', '/'],
  ['ABOUT', '/about'],
  ['RELOCATION', '/relocation'],
  ['BLOG', '/blog'],
];

test.describe('desktop navigation', () => {
  test.skip(({ isMobile }) => isMobile, 'desktop only');

  for (const [label, href] of topLinks) {
    test(`${label} goes to ${href}`, async ({ page }) => {
      await page.goto('/search');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${href === '/' ? '/' : href}$`));
    });
  }

  for (const [menu, items] of Object.entries(dropdowns)) {
    for (const [label, href] of items) {
      test(`${menu} > ${label} by mouse hover`, async ({ page }) => {
        await page.goto('/search');
        const nav = page.getByRole('navigation', { name: 'Main' });
        const item = nav.getByRole('link', { name: label, exact: true });
        await expect(item).toBeHidden();
        await nav.getByRole('button', { name: menu }).hover();
        await expect(item).toBeVisible();
        await item.click();
        await expect(page).toHaveURL(new RegExp(`${href}$`));
      });

      test(`${menu} > ${label} by keyboard`, async ({ page }) => {
        await page.goto('/search');
        const nav = page.getByRole('navigation', { name: 'Main' });
        const button = nav.getByRole('button', { name: menu });
        await button.focus();
        await expect(button).toHaveAttribute('aria-expanded', 'true');
        const item = nav.getByRole('link', { name: label, exact: true });
        await expect(item).toBeVisible();
        for (let i = 0; i < 20; i++) {
          await page.keyboard.press('Tab');
          if (await item.evaluate((el) => el === document.activeElement)) break;
        }
        await expect(item).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(new RegExp(`${href}$`));
      });
    }
  }

  test('Escape closes an open dropdown and returns focus to its button', async ({ page }) => {
    await page.goto('/search');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const button = nav.getByRole('button', { name: 'SELL' });
    await button.focus();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Upsizing' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(button).toBeFocused();
    await expect(nav.getByRole('link', { name: 'Upsizing' })).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('phone navigation', () => {
  test.skip(({ isMobile }) => !isMobile, 'phone only');

  test('the menu opens, keeps one dropdown open at a time and reaches its targets', async ({ page }) => {
    await page.goto('/search');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.locator('summary', { hasText: 'Open the menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Mobile' });
    await expect(nav).toBeVisible();
    const buy = nav.locator('details', { hasText: 'BUY' }).first();
    const sell = nav.locator('details', { hasText: 'SELL' }).first();
    await buy.locator('summary').click();
    await expect(buy).toHaveAttribute('open', '');
    await sell.locator('summary').click();
    await expect(sell).toHaveAttribute('open', '');
    await expect(buy).not.toHaveAttribute('open', '');
    await nav.getByRole('link', { name: 'Downsizing' }).click();
    await expect(page).toHaveURL(/\/downsizing$/);
  });

  test('the page fits a 360 px screen without horizontal scrolling', async ({ page }) => {
    for (const path of ['/', '/relocation', '/city/raleigh', '/blog']) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test('the footer links the services, the 13 service areas, blog, relocation, about, the tools and social profiles', async ({
  page,
}) => {
  await page.goto('/about');
  const footer = page.locator('footer');
  const hrefs = await footer.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs).toContain('/#services');
  expect(hrefs.filter((h) => h.startsWith('/city/'))).toHaveLength(13);
  for (const href of [
    '/relocation',
    '/blog',
    '/videos',
    '/about',
    '/areas',
    '/tools/mortgage-calculator',
    '/testimonials',
  ]) {
    expect(hrefs).toContain(href);
  }
  expect(hrefs.some((h) => h.startsWith('https://'))).toBe(true);
});
