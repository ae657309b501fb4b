/**
 * A page on paper (print media): what a visitor prints is the content and how to reach the
 * agent, with every FAQ answer, and without the controls that only work on a screen. Browsers
 * print without background colors unless asked, so nothing printed may need one to be read.
 */
import { expect, test, type Page } from '@playwright/test';
import { formatPhone } from '../../src/lib/contact-links.ts';
import { site } from '../../src/site.config.ts';
import { openAndInteract } from '../support/interact.ts';
import { drawEverySection } from '../support/draw-every-section.ts';
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

/**
 * Every piece of text the page shows whose colour, on paper, is under WCAG's contrast minimum
 * (4.5:1, or 3:1 for large text): "white on navy" once the navy is left out. The paper is white
 * unless the nearest coloured ground is printed as it is (`print-color-adjust: exact`). Colours are
 * read through a canvas, which converts any CSS colour (Tailwind's are oklch) to sRGB. Decoration
 * hidden from assistive technology (a breadcrumb's "›") is exempt, as in WCAG.
 */
async function faintOnPaper(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    const over = (ground: string, color: string) => {
      for (const paint of ['#fff', ground, color]) {
        canvas.fillStyle = paint;
        canvas.fillRect(0, 0, 1, 1);
      }
      return [...canvas.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    };
    /** The colour under an element's text on paper. */
    const paper = (element: Element) => {
      for (let e: Element | null = element; e; e = e.parentElement) {
        const { backgroundColor, printColorAdjust } = getComputedStyle(e);
        if (over('#fff', backgroundColor).join() === '255,255,255') continue;
        return printColorAdjust === 'exact' ? over('#fff', backgroundColor) : [255, 255, 255];
      }
      return [255, 255, 255];
    };
    const luminance = (rgb: number[]) => {
      const [r, g, b] = rgb.map((v) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const faint: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      const text = node.textContent?.trim();
      if (!element || !text || element.closest('svg, script, style, noscript, template, [aria-hidden="true"]'))
        continue;
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1 || !element.checkVisibility({ visibilityProperty: true })) continue;
      const style = getComputedStyle(element);
      const ground = paper(element);
      const [light, dark] = [luminance(ground), luminance(over(`rgb(${ground.join()})`, style.color))].sort(
        (a, b) => b - a,
      );
      const ratio = (light! + 0.05) / (dark! + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      if (ratio < (large ? 3 : 4.5)) faint.push(`${text.slice(0, 40)} (${style.color}, ${ratio.toFixed(2)}:1)`);
    }
    return faint;
  });
}

const article = [...articleFacts().values()].find((f) => !f.draft)!.slug;
for (const path of [
  '/',
  '/upsizing',
  `/blog/${article}`,
  '/listings/412-oak-grove-lane-cary-nc',
  '/listings/status/for-sale',
  // The town cards (white on their pictures) and a sold home's badge.
  '/relocation',
  '/listings',
  '/tools/mortgage-calculator',
  '/contact',
]) {
  test(`printed, ${path} reads dark on white, its header on top of the first page`, async ({ page }) => {
    await page.goto(path);
    // Read from the foot of the page: a header that follows the scroll would print there.
    await page.evaluate(() => scrollTo(0, document.body.scrollHeight));
    await drawEverySection(page);
    await page.emulateMedia({ media: 'print' });
    // Buttons fade to their paper colours (transition-colors); the printer takes the final ones. Only
    // animations in time end: a scroll-driven one (a row's faded edges) lasts as long as its row.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.timeline instanceof DocumentTimeline)
          .map((a) => a.finished),
      ),
    );
    expect(await page.locator('body > header').evaluate((h) => getComputedStyle(h).position)).toBe('static');
    expect(await faintOnPaper(page)).toEqual([]);
    // The footer keeps who the agent is and how to reach them, not the site's menus.
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText(site.agent.email, { exact: true })).toBeVisible();
    await expect(footer.locator('nav')).toHaveCount(4);
    for (const nav of await footer.locator('nav').all()) await expect(nav).toBeHidden();
  });
}

/** Pages of a PDF as Chromium prints it. */
const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g)?.length ?? 0;

test('a printed home is its flyer: the town drawing for a map, the monthly cost without the schedule, a phone for a form', async ({
  page,
}) => {
  const home = '/listings/412-oak-grove-lane-cary-nc';
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  await openAndInteract(page, home);
  // As a visitor would print it: after scrolling through, every island hydrated.
  const map = page.locator('[data-area-map]');
  await map.scrollIntoViewIfNeeded();
  await expect(map.locator('.leaflet-container')).toBeVisible();
  await expect(map).toHaveAttribute('data-map', 'ready');
  await expect(map.locator('svg.fallback')).toBeHidden();
  const onPaper = page.locator('[data-form-on-paper]');
  await expect(onPaper).toBeHidden();
  const form = page.locator('#request-showing form');
  await expect(form).toBeVisible();
  const schedule = page.locator('.listing-cost [data-schedule]');
  await schedule.scrollIntoViewIfNeeded();
  await expect(schedule).toBeVisible();

  await page.emulateMedia({ media: 'print' });
  await expect(map.locator('.leaflet-container')).toBeHidden();
  await expect(map.locator('svg.fallback')).toBeVisible();
  await expect(schedule).toBeHidden();
  await expect(page.locator('.listing-cost').getByText('Total monthly cost')).toBeVisible();
  await expect(form).toBeHidden();
  await expect(onPaper).toHaveText(
    `To reach ${site.agent.name}, call ${formatPhone(site.agent.phoneDigits)} or e-mail ${site.agent.email}.`,
  );
  await expect(page.getByRole('link', { name: /^Add to calendar/ })).toBeHidden();
  // On Letter paper it came to nine pages: the showing form, the schedule and the menus.
  expect(pageCount(await page.pdf({ format: 'Letter' }))).toBeLessThanOrEqual(6);
});

test('a printed mortgage scenario lists every year of the schedule, not the ten its scrolling box shows', async ({
  page,
}) => {
  await page.goto('/tools/mortgage-calculator');
  const table = page.getByRole('region', { name: /^Yearly schedule/ });
  const clipped = () => table.evaluate((box) => box.scrollHeight - box.clientHeight);
  expect(await clipped()).toBeGreaterThan(0);
  await page.emulateMedia({ media: 'print' });
  expect(await clipped()).toBe(0);
  await expect(table.getByRole('row', { name: /^30 / })).toBeVisible();
});

test("a landing page's closing block gives, on paper, the e-mail address and the phone, not a booking link", async ({
  page,
}) => {
  await page.goto('/upsizing');
  const block = page.locator('section[aria-labelledby="contact-block-heading"]');
  const email = block.locator('a[href^="mailto:"]');
  await expect(email).toHaveAccessibleName('Email Me');
  const address = email.getByText(site.agent.email, { exact: true });
  const booking = block.getByRole('link', { name: /^Schedule a Free Consultation/ });
  await expect(address).toBeHidden();
  await expect(booking).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(address).toBeVisible();
  await expect(block.getByText(`Call ${formatPhone(site.agent.phoneDigits)}`, { exact: true })).toBeVisible();
  await expect(booking).toBeHidden();
});

test('printed, a landing page gives the address of every link to another site, and no empty property-search box', async ({
  page,
}) => {
  await page.goto('/relocation');
  const frame = page.locator('rea-lazy-frame');
  await expect(frame).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  // On paper it printed as a blank box more than a page long.
  await expect(frame).toBeHidden();
  const unaddressed = await page.locator('main').evaluate((main) =>
    [...main.querySelectorAll<HTMLAnchorElement>('a[href^="http"]')]
      .filter((a) => a.checkVisibility())
      .filter((a) => !getComputedStyle(a, '::after').content.includes(a.getAttribute('href')!))
      .map((a) => `${a.textContent.trim()} (${a.href})`),
  );
  expect(unaddressed).toEqual([]);
  const offSite = await page.locator('main a[href^="http"]').count();
  expect(offSite).toBeGreaterThan(0);
});
