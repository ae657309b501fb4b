/**
 * Every written article of the build (/blog/{slug}, SPEC §2): breadcrumb, back link, date,
 * city line, playlist, FAQ by keyboard, CTA and JSON-LD, checked against its front matter.
 */
import { expect, test, type Page } from '@playwright/test';
import { site } from '../../src/site.config.ts';
import { dayStartInZone } from '../../src/lib/listing/time.ts';
import { articleFacts, feedItems, isThirdParty } from './blog-content.ts';

const items = feedItems();
const facts = articleFacts();

test('the feed lists every published article file of content/articles', () => {
  const published = [...facts.values()].filter((f) => !f.draft).map((f) => f.slug);
  expect(items.length).toBeGreaterThan(0);
  expect(items.map((i) => i.path.replace('/blog/', '')).sort()).toEqual(published.sort());
});

async function jsonLdNodes(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.flatMap((b) => {
    const doc = JSON.parse(b) as Record<string, unknown>;
    return (doc['@graph'] as Record<string, unknown>[] | undefined) ?? [doc];
  });
}

const longDate = (day: string) =>
  new Date(day).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

for (const item of items) {
  const slug = item.path.replace('/blog/', '');
  test(`article ${item.path}`, async ({ page, context }) => {
    const f = facts.get(slug)!;
    expect(f, `front matter of ${slug}`).toBeTruthy();
    const outside: string[] = [];
    await context.route(isThirdParty, (route) => (outside.push(route.request().url()), route.abort()));

    const res = await page.goto(item.path);
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle(`${item.title} | ${site.agent.name} ${site.agent.title}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(item.title);

    // Breadcrumb Home > Blog > title, and the back link.
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('listitem')).toHaveCount(3);
    await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(crumbs.getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blog');
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText(item.title);
    await expect(page.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog');

    // Published date.
    const time = page.locator('article header time');
    await expect(time).toHaveAttribute('datetime', item.day);
    await expect(time).toHaveText(longDate(item.day));
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    // The day's start in New York (its offset that day), as the feed dates it.
    await expect(page.locator('meta[property="article:published_time"]')).toHaveAttribute(
      'content',
      new RegExp(`^${item.day}T00:00:00-0[45]:00$`),
    );
    expect(item.published).toBe(new Date(dayStartInZone(item.day)).toUTCString());

    // Reading time: the words of the text and the FAQ as shown, at 230 a minute (within a minute:
    // the build counts the MDX source).
    const reading = page.locator('article header [data-reading-time]');
    await expect(time.locator('..')).toHaveText(new RegExp(`by ${site.agent.name} · \\d+ min read$`));
    const minutes = Number(/^· (\d+) min read$/.exec((await reading.textContent()) ?? '')?.[1]);
    const words = await page.evaluate(() => {
      const closed = [...document.querySelectorAll('details')].filter((details) => !details.open);
      for (const details of closed) details.open = true;
      const faq = document.getElementById('faq-heading')?.closest('section');
      const text = [document.querySelector('.prose-article'), faq].map((el) => (el as HTMLElement | null)?.innerText);
      for (const details of closed) details.open = false;
      return text
        .join(' ')
        .split(/\s+/)
        .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
    });
    expect(minutes, `${words} words`).toBeGreaterThanOrEqual(Math.max(1, Math.round(words / 230) - 1));
    expect(minutes, `${words} words`).toBeLessThanOrEqual(Math.round(words / 230) + 1);
    const posting = (await jsonLdNodes(page)).find((n) => n['@type'] === 'BlogPosting' || n['@type'] === 'Article');
    expect(posting?.['timeRequired']).toBe(`PT${minutes}M`);
    // The front matter's summary, as the article's abstract.
    expect(f.summary).not.toBe('');
    expect(posting?.['abstract']).toBe(f.summary);

    // City line.
    const cityLine = page.getByText(/^Real estate insights for /);
    if (f.city) await expect(cityLine).toHaveText(`Real estate insights for ${f.city}, ${f.state}`);
    else await expect(cityLine).toHaveCount(0);

    // Playlist player.
    const fullPlaylist = page.getByRole('link', { name: 'View full playlist on YouTube', exact: true });
    if (f.playlistId) {
      await expect(page.locator(`lite-youtube[params="list=${f.playlistId}"]`)).toBeVisible();
      await expect(fullPlaylist).toHaveAttribute('href', `https://www.youtube.com/playlist?list=${f.playlistId}`);
      await expect(fullPlaylist).toHaveAttribute('target', '_blank');
    } else {
      await expect(fullPlaylist).toHaveCount(0);
    }

    // FAQ accordion: native <details>, opened and closed from the keyboard.
    const faqHeading = page.getByRole('heading', { level: 2, name: 'Frequently Asked Questions', exact: true });
    const details = page.locator('section[aria-labelledby="faq-heading"] details');
    if (f.hasFaq) {
      await expect(faqHeading).toBeVisible();
      const first = details.first();
      await expect(first).not.toHaveAttribute('open');
      const answer = first.locator('p');
      await expect(answer).toBeHidden();
      await first.locator('summary').focus();
      await page.keyboard.press('Enter');
      await expect(first).toHaveAttribute('open');
      await expect(answer).toBeVisible();
      await page.keyboard.press('Space');
      await expect(first).not.toHaveAttribute('open');
    } else {
      await expect(faqHeading).toHaveCount(0);
    }

    // "On this page": every section of the text, then the FAQ, in order; each link lands on its
    // heading below the sticky header.
    const contents = page.getByRole('navigation', { name: 'On this page' });
    const sections = page.locator('article .prose-article h2');
    const sectionNames = [...(await sections.allTextContents()), ...(f.hasFaq ? ['Frequently Asked Questions'] : [])];
    expect(sectionNames.length).toBeGreaterThanOrEqual(3);
    await expect(contents.getByRole('link')).toHaveText(sectionNames.map((n) => n.trim()));
    const last = contents.getByRole('link').last();
    const target = page.locator(`[id="${(await last.getAttribute('href'))!.slice(1)}"]`);
    await expect(target).toHaveText(sectionNames.at(-1)!.trim());
    await last.click();
    await expect(target).toBeInViewport();
    const headerFoot = await page.locator('body > header').evaluate((h) => h.getBoundingClientRect().bottom);
    await expect.poll(() => target.evaluate((h) => h.getBoundingClientRect().top)).toBeGreaterThanOrEqual(headerFoot);

    // Call to action.
    const cta = page.locator('section[aria-labelledby="cta-heading"]');
    await expect(cta.getByRole('heading', { level: 2 })).toBeVisible();
    const button = cta.locator('a[target="_blank"]');
    await expect(button).toHaveAttribute('rel', 'noopener noreferrer');
    if (!f.hasCta) {
      await expect(cta.getByText('I help buyers and sellers across the Triangle.', { exact: true })).toBeVisible();
      await expect(button).toHaveText('Get Free Consultation');
      await expect(button).toHaveAttribute('href', site.links.booking);
    }
    await expect(cta.locator(`a[href="tel:+1${site.agent.phoneDigits}"]`)).toBeVisible();
    await expect(cta.locator(`a[href="mailto:${site.agent.email}"]`)).toBeVisible();

    // "E-mail this article to someone", before the call to action: no recipient, the title as the
    // subject, the title, the description and the page's address as the body.
    const shareLink = page.getByRole('link', { name: 'E-mail this article to someone', exact: true });
    const share = new URL((await shareLink.getAttribute('href'))!);
    expect([share.protocol, share.pathname]).toEqual(['mailto:', '']);
    expect(share.searchParams.get('subject')).toBe(item.title);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(share.searchParams.get('body')).toBe(`${item.title}\r\n${description}\r\n\r\n${item.link}\r\n`);
    expect(await shareLink.evaluate((a, box) => box.compareDocumentPosition(a), await cta.elementHandle())).toBe(2);
    // Its place taken, where the browser has a share sheet, by a button that opens it (listings.spec.ts).
    await expect(page.getByRole('button', { name: 'Share this article', includeHidden: true })).toBeHidden();

    // "More About {town}" after the call to action: the town's city guide and up to three other
    // articles about it, newest first (the feed's order); the guides of its towns for a county.
    const more = page.getByRole('region', { name: `More About ${f.city}` });
    const guideLinks = more.locator('p a[href^="/city/"]');
    if (f.guide) {
      await expect(guideLinks).toHaveText(`${f.city} city guide`);
      await expect(guideLinks).toHaveAttribute('href', `/city/${f.guide}`);
      const others = items.filter((i) => i.path !== item.path && facts.get(i.path.slice(6))?.guide === f.guide);
      await expect(more.getByRole('heading', { level: 3 })).toHaveText(others.slice(0, 3).map((i) => i.title));
      const hrefs = await more.locator('h3 a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(hrefs).toEqual(others.slice(0, 3).map((i) => i.path));
    } else if (f.city && f.city === f.county) {
      expect(await guideLinks.count()).toBeGreaterThan(0);
      for (const link of await guideLinks.all()) {
        const guide = await (await page.request.get((await link.getAttribute('href'))!)).text();
        expect(guide).toContain(`"containedInPlace":{"@type":"AdministrativeArea","name":"${f.county}"}`);
      }
    } else {
      await expect(page.locator('#more-about-heading')).toHaveCount(0);
    }

    // JSON-LD graph.
    const nodes = await jsonLdNodes(page);
    const types = nodes.map((n) => n['@type']);
    if (f.customSchema) {
      expect(types).toEqual([
        'Organization',
        'Person',
        'WebSite',
        'WebPage',
        'BreadcrumbList',
        'Article',
        ...(f.hasFaq ? ['FAQPage'] : []),
      ]);
    } else {
      expect(types).toEqual([
        'BlogPosting',
        'BreadcrumbList',
        ...(f.hasFaq ? ['FAQPage'] : []),
        // An article about a whole county is about an AdministrativeArea, not a town.
        ...(f.city ? [f.city === f.county ? 'AdministrativeArea' : 'City'] : []),
      ]);
    }
    const post = nodes.find((n) => n['@type'] === 'BlogPosting' || n['@type'] === 'Article')!;
    expect(post).toMatchObject({
      headline: item.title,
      datePublished: dayStartInZone(item.day),
      mainEntityOfPage: item.link,
    });
    const faqNode = nodes.find((n) => n['@type'] === 'FAQPage');
    if (faqNode) {
      const questions = (faqNode['mainEntity'] as { name: string }[]).map((q) => q.name);
      await expect(details.locator('summary')).toHaveText(questions);
    }
    if (slug === 'raleigh-multifamily-cap-rate') {
      expect(f.customSchema).toBe(true);
      expect(item.day).toBe('2025-10-10');
    }

    expect(outside).toEqual([]);
  });
}

test.describe('issue 19: article layout on a phone', () => {
  for (const width of [360, 400]) {
    test(`at ${width} px the cap-rate table scrolls inside its own box, not the page`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/blog/raleigh-multifamily-cap-rate');
      const table = page.locator('main table').filter({ hasText: 'Submarket' });
      await expect(table).toHaveCount(1);
      const box = page
        .getByRole('region', { name: 'Table, scrolls sideways on small screens' })
        .filter({ has: page.locator('table', { hasText: 'Submarket' }) });
      await expect(box).toHaveCount(1);
      const sizes = await box.evaluate((el) => ({ client: el.clientWidth, scroll: el.scrollWidth }));
      expect(sizes.scroll).toBeGreaterThan(sizes.client);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      // The keyboard reaches the box and scrolls it. Pressed again until the box has moved (the
      // page once scrolled to it smoothly, and an arrow pressed during that animation moved the
      // page instead): a box the keyboard cannot scroll still fails.
      await expect(async () => {
        await box.focus();
        await page.keyboard.press('ArrowRight');
        expect(await box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      }).toPass({ timeout: 5000 });
    });
  }

  test('area cards show no list bullets on any town article', async ({ page }) => {
    const withAreas: string[] = [];
    for (const item of items) {
      await page.goto(item.path);
      const cards = page.locator('main ul.not-prose > li');
      if ((await cards.count()) === 0) continue;
      withAreas.push(item.path);
      const markers = await cards.evaluateAll((lis) => lis.map((li) => getComputedStyle(li).listStyleType));
      expect(new Set(markers), item.path).toEqual(new Set(['none']));
    }
    expect(withAreas.length).toBeGreaterThanOrEqual(19);
  });

  // The article's paragraph spacing and quote bar are for its own text: inside a component marked
  // not-prose (area cards, pros and cons, the opening quote, the author box) a card's first line
  // sat 20 px below its top and its last 20 px above its foot, and the quote showed two bars.
  test('components in an article keep their own spacing and borders', async ({ page }) => {
    const kinds = new Set<string>();
    for (const item of items) {
      await page.goto(item.path);
      const stray = await page.locator('main .prose-article .not-prose').evaluateAll((boxes) =>
        boxes.flatMap((box) =>
          [...box.querySelectorAll('p, ul, ol, table, blockquote')].flatMap((el) => {
            const css = getComputedStyle(el);
            const where = `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
            return [
              ...(el === el.parentElement?.firstElementChild && css.marginTop !== '0px' ? [`${where} top`] : []),
              ...(el === el.parentElement?.lastElementChild && css.marginBottom !== '0px' ? [`${where} foot`] : []),
              ...(el.tagName === 'BLOCKQUOTE' && css.borderLeftWidth !== '0px' ? [`${where} bar`] : []),
            ];
          }),
        ),
      );
      expect(stray, item.path).toEqual([]);
      for (const kind of await page
        .locator('main .prose-article .not-prose')
        .evaluateAll((boxes) => boxes.map((b) => b.tagName.toLowerCase())))
        kinds.add(kind);
    }
    // Area cards (ul), pros and cons (div), the opening quote (figure), the author box (aside).
    expect([...kinds].sort()).toEqual(expect.arrayContaining(['aside', 'div', 'figure', 'ul']));
  });
});
