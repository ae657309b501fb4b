/**
 * What loads after the first view: islands (client:interaction: first interaction + near the
 * viewport) and third-party embeds (property-search iframe, home-value widget). Every
 * third-party request is answered locally with a small stub, so the tests never leave the machine.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { site } from '../../src/site.config.ts';
import { cumulative, layoutShifts, observeLayoutShifts } from '../support/layout-shifts.ts';
import { drawEverySection } from '../support/draw-every-section.ts';
import { networkQuiet } from '../support/network-quiet.ts';

const widgetHost = new URL(site.embeds.homeValue.scriptUrl).host;
const searchHost = new URL(site.embeds.propertySearchUrl).host;
const png1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** Answers every request to another origin with a stub of its kind; returns the requests seen. */
async function stubThirdParties(page: Page, baseURL: string): Promise<Request[]> {
  const origin = new URL(baseURL).origin;
  const seen: Request[] = [];
  await page.route(
    (url) => url.origin !== origin && url.protocol.startsWith('http'),
    (route) => {
      const request = route.request();
      seen.push(request);
      const type = request.resourceType();
      if (type === 'image') return route.fulfill({ body: png1x1, contentType: 'image/png' });
      if (type === 'script') return route.fulfill({ body: '/* stub */', contentType: 'text/javascript' });
      if (type === 'document') return route.fulfill({ body: '<p>stub</p>', contentType: 'text/html' });
      if (type === 'stylesheet') return route.fulfill({ body: '', contentType: 'text/css' });
      return route.fulfill({ body: '{}', contentType: 'application/json' });
    },
  );
  return seen;
}

const hostsOf = (requests: Request[]) => requests.map((r) => new URL(r.url()).host);

/** First interaction, then a slow scroll through the whole page, so every island and embed loads. */
async function scrollThrough(page: Page) {
  await page.mouse.move(10, 10);
  await page.mouse.wheel(0, 1);
  for (let i = 0; i < 80; i++) {
    const done = await page.evaluate(() => {
      window.scrollBy(0, Math.round(window.innerHeight * 0.6));
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    await page.waitForTimeout(150);
    if (done) break;
  }
  await networkQuiet(page);
}

test.describe('no layout shift when islands and embeds load', () => {
  for (const path of ['/', '/relocation', '/buyer-resources', '/upsizing']) {
    test(`${path}: total CLS after a full slow scroll stays below 0.01`, async ({ page, baseURL }) => {
      const seen = await stubThirdParties(page, baseURL!);
      await observeLayoutShifts(page);
      await page.goto(path, { waitUntil: 'networkidle' });
      await scrollThrough(page);
      if (path === '/upsizing') {
        await expect(page.locator(`rea-home-value ${site.embeds.homeValue.element}`)).toHaveCount(1);
        expect(hostsOf(seen)).toContain(widgetHost);
      }
      if (path === '/relocation' || path === '/buyer-resources') {
        await expect(page.locator('rea-lazy-frame iframe')).toHaveCount(1);
        expect(hostsOf(seen)).toContain(searchHost);
      }
      const shifts = await layoutShifts(page);
      expect(cumulative(shifts), JSON.stringify(shifts, null, 1)).toBeLessThan(0.01);
    });
  }
});

test.describe('embed placement', () => {
  const searchPages = ['/relocation', '/first-time-buyer', '/buyer-resources'];
  const widgetPages = ['/upsizing', '/downsizing', '/seller-resources'];
  const otherPages = ['/', '/about', '/blog', '/city/raleigh', '/videos', '/search'];

  for (const path of searchPages) {
    test(`${path}: the property search iframe is lazy, titled, with a plain new-tab link`, async ({
      page,
      baseURL,
    }) => {
      const seen = await stubThirdParties(page, baseURL!);
      await page.goto(path, { waitUntil: 'networkidle' });
      const url = site.embeds.propertySearchUrl.replace('{city}', 'Raleigh');
      const link = page.getByRole('link', { name: 'Open the property search in a new tab', exact: true });
      await expect(link).toHaveAttribute('href', url);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(page.locator('rea-lazy-frame')).toHaveCount(1);
      // A first interaction far from the frame requests nothing.
      await page.mouse.wheel(0, 1);
      await page.waitForTimeout(400);
      await expect(page.locator('rea-lazy-frame iframe')).toHaveCount(0);
      expect(hostsOf(seen)).not.toContain(searchHost);
      await page.locator('rea-lazy-frame').scrollIntoViewIfNeeded();
      const frame = page.locator('rea-lazy-frame iframe');
      await expect(frame).toHaveAttribute('title', /\S/);
      await expect(frame).toHaveAttribute('src', url);
      await expect.poll(() => hostsOf(seen)).toContain(searchHost);
      expect(hostsOf(seen)).not.toContain(widgetHost);
    });
  }

  for (const path of widgetPages) {
    test(`${path}: the home-value widget script loads once, only when its box nears the viewport`, async ({
      page,
      baseURL,
    }) => {
      const seen = await stubThirdParties(page, baseURL!);
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.waitForTimeout(400);
      expect(hostsOf(seen)).not.toContain(widgetHost);
      // The box has its final size before the widget arrives: nothing after it moves. (Measured
      // with every section drawn: one not drawn yet holds an estimated height, a move no one sees.)
      await drawEverySection(page);
      const box = page.locator('rea-home-value');
      const geometry = () =>
        box.evaluate((el) => ({
          height: el.getBoundingClientRect().height,
          footerTop: (document.querySelector('footer')?.getBoundingClientRect().top ?? NaN) + window.scrollY,
        }));
      const before = await geometry();
      // After the first interaction it loads only if the box is within the 300 px margin.
      const far = await page
        .locator('rea-home-value')
        .evaluate((el) => el.getBoundingClientRect().top > window.innerHeight + 400);
      await page.mouse.wheel(0, 1);
      await page.waitForTimeout(400);
      if (far) expect(hostsOf(seen)).not.toContain(widgetHost);
      await page.locator('rea-home-value').scrollIntoViewIfNeeded();
      await expect.poll(() => seen.filter((r) => r.url() === site.embeds.homeValue.scriptUrl).length).toBe(1);
      await expect(page.locator(`rea-home-value ${site.embeds.homeValue.element}`)).toHaveAttribute(
        site.embeds.homeValue.agentAttribute,
        site.embeds.homeValue.agentEncodedId,
      );
      await page.evaluate(() => {
        const widget = document.querySelector('rea-home-value > *');
        if (widget) widget.innerHTML = '<div style="height:900px">a tall widget</div>';
      });
      expect(await geometry()).toEqual(before);
      await page.mouse.wheel(0, 20000);
      await page.waitForTimeout(300);
      expect(seen.filter((r) => new URL(r.url()).host === widgetHost)).toHaveLength(1);
      expect(hostsOf(seen)).not.toContain(searchHost);
    });
  }

  for (const path of [...searchPages, ...otherPages]) {
    test(`${path} never requests the home-value widget`, async ({ page, baseURL }) => {
      const seen = await stubThirdParties(page, baseURL!);
      await page.goto(path, { waitUntil: 'networkidle' });
      await scrollThrough(page);
      await expect(page.locator('rea-home-value')).toHaveCount(0);
      expect(hostsOf(seen)).not.toContain(widgetHost);
    });
  }
});
