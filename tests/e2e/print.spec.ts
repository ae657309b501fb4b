/**
 * A page on paper (print media): what a visitor prints is the content and how to reach the
 * agent, with every FAQ answer, and without the controls that only work on a screen.
 */
import { expect, test } from '@playwright/test';
import { formatPhone } from '../../src/lib/contact-links.ts';
import { site } from '../../src/site.config.ts';
import { articleFacts } from './blog-content.ts';

const withFaq = [...articleFacts().values()].find((f) => f.hasFaq && !f.draft);

test('a printed article shows every FAQ answer, open or not', async ({ page }) => {
  expect(withFaq, 'a published article with an FAQ').toBeDefined();
  await page.goto(`/blog/${withFaq!.slug}`);
  const answers = page.locator('section[aria-labelledby="faq-heading"] details > p');
  expect(await answers.count()).toBeGreaterThan(0);
  // On screen they wait behind their questions.
  for (const answer of await answers.all()) await expect(answer).toBeHidden();
  await page.emulateMedia({ media: 'print' });
  for (const answer of await answers.all()) await expect(answer).toBeVisible();
});

for (const path of ['/', '/listings/412-oak-grove-lane-cary-nc']) {
  test(`printed, ${path} names the agent and the phone, without the menu or search controls`, async ({ page }) => {
    await page.goto(path);
    await page.emulateMedia({ media: 'print' });
    const header = page.locator('body > header');
    await expect(header.getByText(site.agent.name, { exact: true })).toBeVisible();
    await expect(header.getByRole('link', { name: formatPhone(site.agent.phoneDigits), exact: true })).toBeVisible();
    await expect(header.locator('a[href="/search"]')).toBeHidden();
    await expect(header.locator('rea-mobile-menu')).toBeHidden();
    await expect(header.locator('nav[aria-label="Main"]')).toBeHidden();
  });
}

test("printed, the home page leaves out the hero video's pause button", async ({ page }) => {
  await page.goto('/');
  const toggle = page.locator('.hero-video-toggle');
  // Shown on screen once the video plays.
  await toggle.evaluate((button: HTMLButtonElement) => (button.hidden = false));
  await expect(toggle).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(toggle).toBeHidden();
});
