/**
 * SPEC §2 navigation: every link and dropdown item reaches its target by mouse and by keyboard
 * on desktop, through the toggle menu on a 360 px phone, and with JavaScript off.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { formatPhone, mailtoHref, telHref } from '../../src/lib/contact-links.ts';
import { site } from '../../src/site.config.ts';

/** The 13 service areas of SPEC §2, each with its /city/{slug} page. */
const cities: [string, string][] = [
  ['Apex', 'apex'],
  ['Cary', 'cary'],
  ['Franklinton', 'franklinton'],
  ['Fuquay-Varina', 'fuquay-varina'],
  ['Garner', 'garner'],
  ['Holly Springs', 'holly-springs'],
  ['Knightdale', 'knightdale'],
  ['Raleigh', 'raleigh'],
  ['Rolesville', 'rolesville'],
  ['Wake Forest', 'wake-forest'],
  ['Wendell', 'wendell'],
  ['Youngsville', 'youngsville'],
  ['Zebulon', 'zebulon'],
];
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
  'EXPLORE THE AREA': cities.map(([name, slug]) => [name, `/city/${slug}`]),
};
const topLinks: [string, string][] = [
  ['HOME', '/'],
  ['ABOUT', '/about'],
  ['RELOCATION', '/relocation'],
  ['BLOG', '/blog'],
];
const urlOf = (href: string) => new RegExp(`${href === '/' ? '' : href}/?$`);
const start = '/search';

/** Presses Tab until `target` has the focus (at most `max` times). */
async function tabTo(page: Page, target: Locator, max = 40) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Opens the phone menu (a <details> disclosure) and returns the mobile navigation. */
async function openPhoneMenu(page: Page) {
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.locator('summary', { hasText: 'Open the menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Mobile' });
  await expect(nav).toBeVisible();
  return nav;
}

const phoneDropdown = (nav: Locator, menu: string) =>
  nav.locator('details', { has: nav.page().locator('summary', { hasText: new RegExp(`^\\s*${menu}\\s*$`) }) });

test.describe('desktop navigation', () => {
  test.skip(({ isMobile }) => isMobile, 'desktop only');

  test('the dropdowns list exactly the SPEC items, in order', async ({ page }) => {
    await page.goto(start);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [menu, items] of Object.entries(dropdowns)) {
      const button = nav.getByRole('button', { name: menu, exact: true });
      const list = page.locator(`#${await button.getAttribute('aria-controls')}`);
      const links = list.getByRole('link', { includeHidden: true });
      expect(await links.evaluateAll((as) => as.map((a) => [a.textContent?.trim(), a.getAttribute('href')]))).toEqual(
        items,
      );
    }
  });

  for (const [label, href] of topLinks) {
    test(`${label} goes to ${href} by mouse`, async ({ page }) => {
      await page.goto(start);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(urlOf(href));
    });

    test(`${label} goes to ${href} by keyboard`, async ({ page }) => {
      await page.goto(start);
      const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true });
      await tabTo(page, link);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(urlOf(href));
    });
  }

  for (const [menu, items] of Object.entries(dropdowns)) {
    for (const [label, href] of items) {
      test(`${menu} > ${label} by mouse hover`, async ({ page }) => {
        await page.goto(start);
        const nav = page.getByRole('navigation', { name: 'Main' });
        const item = nav.getByRole('link', { name: label, exact: true });
        await expect(item).toBeHidden();
        await nav.getByRole('button', { name: menu, exact: true }).hover();
        await expect(item).toBeVisible();
        await item.click();
        await expect(page).toHaveURL(urlOf(href));
      });

      test(`${menu} > ${label} by keyboard`, async ({ page }) => {
        await page.goto(start);
        const nav = page.getByRole('navigation', { name: 'Main' });
        const button = nav.getByRole('button', { name: menu, exact: true });
        // Tab from the top of the page: the dropdown opens when its button gets the focus.
        await tabTo(page, button);
        await expect(button).toHaveAttribute('aria-expanded', 'true');
        const item = nav.getByRole('link', { name: label, exact: true });
        await expect(item).toBeVisible();
        await tabTo(page, item);
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(urlOf(href));
      });
    }
  }

  test('Escape closes an open dropdown and returns focus to its button', async ({ page }) => {
    await page.goto(start);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const button = nav.getByRole('button', { name: 'SELL', exact: true });
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

  for (const [label, href] of topLinks) {
    test(`menu: ${label} goes to ${href}`, async ({ page }) => {
      await page.goto(start);
      const nav = await openPhoneMenu(page);
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(urlOf(href));
    });
  }

  for (const [menu, items] of Object.entries(dropdowns)) {
    for (const [label, href] of items) {
      test(`menu: ${menu} > ${label}`, async ({ page }) => {
        await page.goto(start);
        const nav = await openPhoneMenu(page);
        const item = nav.getByRole('link', { name: label, exact: true });
        await expect(item).toBeHidden();
        await phoneDropdown(nav, menu).locator('summary').click();
        await item.click();
        await expect(page).toHaveURL(urlOf(href));
      });
    }
  }

  test('one dropdown is open at a time', async ({ page }) => {
    await page.goto(start);
    const nav = await openPhoneMenu(page);
    const menus = Object.keys(dropdowns);
    for (const menu of [...menus, ...menus.slice(0, -1).reverse()]) {
      await phoneDropdown(nav, menu).locator('summary').click();
      for (const other of menus) {
        const details = phoneDropdown(nav, other);
        if (other === menu) await expect(details).toHaveAttribute('open', '');
        else await expect(details).not.toHaveAttribute('open', '');
      }
      await expect(nav.locator('details[open]')).toHaveCount(1);
    }
  });

  test('the page fits a 360 px screen without horizontal scrolling', async ({ page }) => {
    for (const path of ['/', '/relocation', '/city/raleigh', '/blog']) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('desktop: every dropdown item opens on hover and is reachable by keyboard', async ({ page, isMobile }) => {
    test.skip(isMobile, 'desktop only');
    await page.goto(start);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [menu, items] of Object.entries(dropdowns)) {
      const button = nav.getByRole('button', { name: menu, exact: true });
      for (const [label, href] of items) {
        const item = nav.getByRole('link', { name: label, exact: true });
        await page.mouse.move(0, 400);
        await expect(item).toBeHidden();
        await button.hover();
        await expect(item).toBeVisible();
        await expect(item).toHaveAttribute('href', href);
        // CSS shows the panel; no script says it is open or closed ("collapsed" over an open panel).
        await expect(button).not.toHaveAttribute('aria-expanded');
      }
      await page.mouse.move(0, 400);
      await tabTo(page, button);
      for (const [label] of items) {
        const item = nav.getByRole('link', { name: label, exact: true });
        await page.keyboard.press('Tab');
        await expect(item).toBeFocused();
        await expect(item).toBeVisible();
      }
    }
    await nav.getByRole('link', { name: 'Wendell', exact: true }).press('Enter');
    await expect(page).toHaveURL(urlOf('/city/wendell'));
    for (const [label, href] of topLinks) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
    }
  });

  test('phone: the toggle menu opens, its dropdowns open one at a time and every link is reachable', async ({
    page,
    isMobile,
  }) => {
    test.skip(!isMobile, 'phone only');
    await page.goto(start);
    const nav = await openPhoneMenu(page);
    for (const [label, href] of topLinks) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
    }
    for (const [menu, items] of Object.entries(dropdowns)) {
      await phoneDropdown(nav, menu).locator('summary').click();
      await expect(nav.locator('details[open]')).toHaveCount(1);
      for (const [label, href] of items) {
        const item = nav.getByRole('link', { name: label, exact: true });
        await expect(item).toBeVisible();
        await expect(item).toHaveAttribute('href', href);
      }
    }
    await nav.getByRole('link', { name: 'Zebulon', exact: true }).click();
    await expect(page).toHaveURL(urlOf('/city/zebulon'));
  });

  test('phone: Tab past the open menu lands on a control the menu does not cover (WCAG 2.4.11)', async ({
    page,
    isMobile,
  }) => {
    test.skip(!isMobile, 'phone only');
    await page.goto('/about');
    const nav = await openPhoneMenu(page);
    await nav.getByRole('link', { name: /^Call or text / }).focus();
    await page.keyboard.press('Tab');
    // Focus has left the header for the page: the menu steps aside (the script, when it runs, closes it).
    expect(await page.evaluate(() => document.activeElement?.closest('header') ?? null)).toBeNull();
    await expect(nav).toBeHidden();
    // The browser brings it into view; once there, nothing is drawn over it.
    const focused = page.locator(':focus');
    await expect(focused).toBeInViewport({ ratio: 1 });
    await expect
      .poll(() =>
        focused.evaluate((element) => {
          const box = element.getBoundingClientRect();
          const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return top !== null && (element === top || element.contains(top));
        }),
      )
      .toBe(true);
    // Back in the header (its toggle), the menu is there again, still open.
    await page.keyboard.press('Shift+Tab');
    await expect(page.locator('summary', { hasText: 'Open the menu' })).toBeFocused();
    await expect(nav).toBeVisible();
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

test.describe('layout', () => {
  for (const path of ['/', '/relocation', '/city/raleigh']) {
    test(`${path}: the skip link is the first focusable element and moves the focus to the main content`, async ({
      page,
    }) => {
      await page.goto(path);
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to main content', exact: true });
      await expect(skip).toBeFocused();
      await expect(skip).toBeVisible();
      await expect(skip).toHaveAttribute('href', '#main');
      await expect(page.locator('main#main')).toHaveCount(1);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/#main$/);
      await expect(page.locator('main#main')).toBeFocused();
      // The next Tab continues inside the main content, past the navigation.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement))).toBe(true);
    });
  }

  for (const [path, heading, subject] of [
    ['/testimonials', 'Ready to Be the Next Success Story?', `Question for ${site.agent.firstName}`],
    [
      '/tools/mortgage-calculator',
      'Know Your Budget? Start Your Search',
      `Mortgage question for ${site.agent.firstName}`,
    ],
    ['/areas', 'Not Sure Which Town Fits?', `Choosing a town: question for ${site.agent.firstName}`],
  ] as const) {
    test(`${path} ends with a way to reach the agent: booking, e-mail with a subject, phone`, async ({ page }) => {
      await page.goto(path);
      const block = page.getByRole('region', { name: heading });
      await expect(block).toBeVisible();
      const booking = block.getByRole('link', { name: /^Schedule a Free Consultation/ });
      await expect(booking).toHaveAttribute('href', site.links.booking);
      const email = block.getByRole('link', { name: 'Email Me' });
      await expect(email).toHaveAttribute('href', mailtoHref(site.agent.email, subject));
      const call = block.getByRole('link', { name: `Call ${formatPhone(site.agent.phoneDigits)}` });
      await expect(call).toHaveAttribute('href', telHref(site.agent.phoneDigits));
    });
  }

  for (const path of ['/testimonials', '/tools/mortgage-calculator', '/areas', '/about', '/upsizing', '/city/cary']) {
    test(`${path}: the closing dark block is set apart from the dark footer by a line`, async ({ page }) => {
      await page.goto(path);
      const edge = await page.evaluate(() => {
        const sections = document.querySelectorAll('main section');
        const last = getComputedStyle(sections[sections.length - 1]!);
        const footer = getComputedStyle(document.querySelector('footer')!);
        return {
          same: last.backgroundColor === footer.backgroundColor,
          width: last.borderBottomWidth,
          line: last.borderBottomColor !== last.backgroundColor,
        };
      });
      expect(edge).toEqual({ same: true, width: '1px', line: true });
    });
  }

  test('the footer states the brokerage and Equal Housing Opportunity', async ({ page }) => {
    await page.goto('/about');
    const footer = page.locator('footer');
    await expect(footer.getByText(site.agent.brokerage).first()).toBeVisible();
    await expect(footer.getByText(/Equal Housing Opportunity/).first()).toBeVisible();
    await page.goto('/');
    const statement = page
      .locator('footer')
      .getByText(/Equal Housing Opportunity/)
      .first();
    await expect(statement).toBeVisible();
    // The Equal Housing logo keeps its size beside the statement, even on a 360 px screen.
    await page.setViewportSize({ width: 360, height: 780 });
    const logo = await statement.locator('svg').boundingBox();
    expect([logo?.width, logo?.height]).toEqual([18, 18]);
  });
});

/** Issue 19: how the menus behave for a mouse, a keyboard and a finger once they are open. */
test.describe('desktop dropdowns close when the visitor moves on', () => {
  test.skip(({ isMobile }) => isMobile, 'desktop only');

  for (const width of [1366, 1024]) {
    test.describe(`at ${width} px`, () => {
      test.use({ viewport: { width, height: 800 } });

      const menuOf = async (page: Page, label: string) => {
        const button = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: label, exact: true });
        return { button, panel: page.locator(`#${await button.getAttribute('aria-controls')}`) };
      };

      test('a clicked panel closes after the pointer leaves, and only one panel shows at a time', async ({ page }) => {
        await page.goto(start);
        const buy = await menuOf(page, 'BUY');
        const sell = await menuOf(page, 'SELL');
        await buy.button.hover();
        await buy.button.click();
        await expect(buy.panel).toBeVisible();
        await expect(buy.button).toHaveAttribute('aria-expanded', 'true');
        await sell.button.hover();
        await expect(sell.panel).toBeVisible();
        await expect(buy.panel).toBeHidden();
        await expect(buy.button).toHaveAttribute('aria-expanded', 'false');
        await page.mouse.move(width / 2, 500);
        // The grace delay lets a diagonal move reach the panel; then it closes.
        await expect(sell.panel).toBeVisible();
        await expect(sell.panel).toBeHidden({ timeout: 2000 });
        await expect(sell.button).toHaveAttribute('aria-expanded', 'false');
      });

      test('a panel stays open while the pointer crosses to it and moves within it', async ({ page }) => {
        await page.goto(start);
        const explore = await menuOf(page, 'EXPLORE THE AREA');
        await explore.button.hover();
        await explore.button.click();
        const item = explore.panel.getByRole('link', { name: 'Zebulon' });
        await item.hover();
        await page.waitForTimeout(600);
        await expect(item).toBeVisible();
        await item.click();
        await expect(page).toHaveURL(urlOf('/city/zebulon'));
      });

      test('a click elsewhere and focus leaving close the panel', async ({ page }) => {
        await page.goto(start);
        const sell = await menuOf(page, 'SELL');
        await sell.button.hover();
        await sell.button.click();
        await page.mouse.click(width / 2, 600);
        await expect(sell.panel).toBeHidden();
        // By keyboard: Tab through the three items and past the last one.
        await sell.button.focus();
        await expect(sell.panel).toBeVisible();
        for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
        await expect(sell.panel).toBeHidden();
        await expect(sell.button).toHaveAttribute('aria-expanded', 'false');
      });

      test.describe('on a touch screen', () => {
        test.use({ hasTouch: true });
        test('a tap opens a panel and a second tap closes it', async ({ page }) => {
          await page.goto(start);
          const buy = await menuOf(page, 'BUY');
          // The tap focuses the button before its click: the first tap did nothing.
          await buy.button.tap();
          await expect(buy.button).toHaveAttribute('aria-expanded', 'true');
          await expect(buy.panel).toBeVisible();
          await buy.button.tap();
          await expect(buy.button).toHaveAttribute('aria-expanded', 'false');
          await expect(buy.panel).toBeHidden();
          // The keyboard still opens a panel as its focus arrives.
          await page.keyboard.press('Tab');
          await page.keyboard.press('Shift+Tab');
          await expect(buy.button).toBeFocused();
          await expect(buy.button).toHaveAttribute('aria-expanded', 'true');
        });
      });

      test('Escape closes a hover-opened panel and a focused one returns focus to its button', async ({ page }) => {
        await page.goto(start);
        const buy = await menuOf(page, 'BUY');
        // Opened by hover alone, with the focus elsewhere on the page.
        await buy.button.hover();
        await expect(buy.panel).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(buy.panel).toBeHidden();
        await expect(buy.button).toHaveAttribute('aria-expanded', 'false');
        await expect(buy.button).not.toBeFocused();
        // Opened by a click, then Escape: closed, and the focus is back on its button.
        await page.mouse.move(width / 2, 500);
        await buy.button.hover();
        await buy.button.click();
        await buy.panel.getByRole('link').first().focus();
        await page.keyboard.press('Escape');
        await expect(buy.panel).toBeHidden();
        await expect(buy.button).toBeFocused();
        await expect(buy.button).toHaveAttribute('aria-expanded', 'false');
      });
    });
  }
});

test.describe('phone menu closes on Escape, an outside tap and focus leaving', () => {
  for (const width of [768, 360]) {
    test.describe(`at ${width} px`, () => {
      test.use({ viewport: { width, height: 640 } });

      const toggleOf = (page: Page) => page.locator('rea-mobile-menu > details > summary');

      test('the toggle names its action and reports aria-expanded', async ({ page }) => {
        await page.goto(start);
        const toggle = toggleOf(page);
        const [bars, cross] = [toggle.locator('path').first(), toggle.locator('path').last()];
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
        await expect(toggle).toHaveAccessibleName('Open the menu');
        await expect(bars).toBeVisible();
        await expect(cross).toBeHidden();
        await toggle.click();
        await expect(toggle).toHaveAttribute('aria-expanded', 'true');
        await expect(toggle).toHaveAccessibleName('Close the menu');
        // The icon shows what a tap will do: a cross closes the open menu.
        await expect(cross).toBeVisible();
        await expect(bars).toBeHidden();
        await toggle.click();
        await expect(toggle).toHaveAccessibleName('Open the menu');
        await expect(bars).toBeVisible();
      });

      test('Escape closes the menu and returns focus to the toggle', async ({ page }) => {
        await page.goto(start);
        const nav = await openPhoneMenu(page);
        await nav.getByRole('link', { name: 'ABOUT', exact: true }).focus();
        await page.keyboard.press('Escape');
        await expect(nav).toBeHidden();
        await expect(toggleOf(page)).toBeFocused();
      });

      test('a tap outside the menu closes it and returns focus to the toggle', async ({ page, isMobile }) => {
        await page.goto(start);
        const nav = await openPhoneMenu(page);
        // A spot below the menu on which nothing can be tapped (the page's own links and buttons would take the focus).
        const box = (await nav.boundingBox())!;
        const y = await page.evaluate(
          ([x, from]) => {
            for (let y = Math.ceil(from) + 8; y < window.innerHeight; y += 4) {
              if (!document.elementFromPoint(x, y)?.closest('a, button, input, select, textarea, summary, label'))
                return y;
            }
            return undefined;
          },
          [width / 2, box.y + box.height] as const,
        );
        expect(y, 'an empty spot below the menu').toBeDefined();
        if (isMobile) await page.touchscreen.tap(width / 2, y!);
        else await page.mouse.click(width / 2, y!);
        await expect(nav).toBeHidden();
        await expect(toggleOf(page)).toBeFocused();
      });

      test('Tab past the last item closes the menu instead of focusing links hidden under it', async ({ page }) => {
        await page.goto(start);
        const nav = await openPhoneMenu(page);
        const call = nav.getByRole('link', { name: /^Call or text/ });
        await call.focus();
        await page.keyboard.press('Tab');
        await expect(nav).toBeHidden();
        await expect(toggleOf(page)).toHaveAttribute('aria-expanded', 'false');
      });

      test('with EXPLORE THE AREA open, the whole menu can be scrolled into the screen', async ({ page }) => {
        for (const path of ['/', start]) {
          await page.goto(path);
          const nav = await openPhoneMenu(page);
          await phoneDropdown(nav, 'EXPLORE THE AREA').locator('summary').click();
          const call = nav.getByRole('link', { name: /^Call or text/ });
          await call.scrollIntoViewIfNeeded();
          const box = await call.boundingBox();
          expect(box, path).not.toBeNull();
          expect(box!.y + box!.height, path).toBeLessThanOrEqual(640);
          const navBox = await nav.boundingBox();
          expect(navBox!.y + navBox!.height, path).toBeLessThanOrEqual(640);
        }
      });
    });
  }
});

test.describe('the current page is marked in the navigation', () => {
  test('desktop: the link and the dropdown holding it', async ({ page, isMobile }) => {
    test.skip(isMobile, 'desktop only');
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const about = nav.getByRole('link', { name: 'ABOUT', exact: true });
    await expect(about).toHaveAttribute('aria-current', 'page');
    await expect(about).toHaveCSS('color', 'rgb(150, 28, 34)');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    await page.goto('/city/cary');
    await expect(nav.locator('a[href="/city/cary"]')).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('button', { name: 'EXPLORE THE AREA' })).toHaveCSS('color', 'rgb(150, 28, 34)');
    await expect(nav.getByRole('button', { name: 'BUY' })).toHaveCSS('color', 'rgb(20, 33, 61)');
  });

  test('phone: the link in the toggle menu', async ({ page, isMobile }) => {
    test.skip(!isMobile, 'phone only');
    await page.goto('/blog');
    const nav = await openPhoneMenu(page);
    await expect(nav.getByRole('link', { name: 'BLOG', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  });
});
