/** SPEC mortgage calculator (§5, §7) and the monthly-cost breakdown, on /tools/mortgage-calculator. */
import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from '../support/axe.ts';

const path = '/tools/mortgage-calculator';
const disclaimer = 'Estimates only. Actual payments may vary based on taxes, insurance, PMI and other factors.';

/** Opens the page and waits until React has hydrated the island (Astro drops `ssr` then). */
async function openCalculator(page: Page, query = '') {
  await page.goto(`${path}${query}`);
  // Without a query the island waits for a first interaction: a wheel turn is one.
  if (!query) await page.mouse.wheel(0, 1);
  await expect(page.locator('astro-island[component-url*="CalculatorIsland"]')).not.toHaveAttribute('ssr');
}

const island = (page: Page) => page.locator('astro-island[component-url*="CalculatorIsland"]');

test('the island loads no JavaScript in the first view, and keeps what is typed before it hydrates', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(300);
  await expect(island(page)).toHaveAttribute('ssr');
  expect(scripts.filter((u) => /CalculatorIsland|react|client\./i.test(u))).toEqual([]);

  // Typed straight into the server-rendered field: the island hydrates and takes it over.
  await page.getByLabel('Down Payment').fill('100000');
  await expect(island(page)).not.toHaveAttribute('ssr');
  await expect(payment(page)).toHaveText('$1,264.14');
});

const payment = (page: Page) => page.getByTestId('monthly-payment');

test("a query of the calculator's own hydrates it without an interaction; any other query does not", async ({
  page,
}) => {
  await page.goto(`${path}?utm_source=newsletter`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  await expect(island(page)).toHaveAttribute('ssr');
  await page.goto(`${path}?utm_source=newsletter&rate=5.5`);
  await expect(island(page)).not.toHaveAttribute('ssr');
  await expect(page.getByLabel('Interest Rate')).toHaveValue('5.5');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the server-rendered HTML shows the default inputs and result', async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mortgage Calculator');
    await expect(page.getByLabel('Home Price')).toHaveValue('300000');
    await expect(page.getByLabel('Down Payment')).toHaveValue('60000');
    await expect(page.getByLabel('Interest Rate (%)')).toHaveValue('6.5');
    await expect(page.getByLabel('Loan Term')).toHaveValue('30');
    await expect(payment(page)).toHaveText('$1,516.96');
    await expect(page.getByTestId('loan-amount')).toHaveText('$240,000.00');
    await expect(page.getByTestId('total-interest')).toHaveText('$306,106.77');
    await expect(page.getByText(disclaimer, { exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: /Yearly schedule/ }).locator('tbody tr')).toHaveCount(30);
  });
});

test.describe('with JavaScript', () => {
  test('shows the SPEC defaults, the disclaimer and a 0.01 rate step', async ({ page }) => {
    // React reports a hydration mismatch (server HTML not matching the first client render) as an error.
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await openCalculator(page);
    await expect(payment(page)).toHaveText('$1,516.96');
    await expect(page.getByLabel('Interest Rate (%)')).toHaveAttribute('step', '0.01');
    await expect(page.getByText(disclaimer, { exact: true })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('has no WCAG 2.2 A/AA violation with PMI, notes and dates shown', async ({ page }) => {
    await openCalculator(page, '?down=15000&town=zebulon');
    await expect(page.getByTestId('pmi-note')).toContainText('Dates assume');
    expect(await axeViolations(page, '#mortgage-calculator')).toEqual([]);
  });

  test('the term select offers exactly 15, 20, 25 and 30 years', async ({ page }) => {
    await openCalculator(page);
    const options = page.getByLabel('Loan Term').locator('option');
    await expect(options).toHaveCount(4);
    expect(await options.evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value))).toEqual([
      '15',
      '20',
      '25',
      '30',
    ]);
  });

  test('typing changes the payment live', async ({ page }) => {
    await openCalculator(page);
    const down = page.getByLabel('Down Payment');
    await down.fill('');
    await expect(payment(page)).toHaveText('$1,896.20');
    await down.pressSequentially('100000');
    await expect(payment(page)).toHaveText('$1,264.14');
    await expect(page.getByTestId('loan-amount')).toHaveText('$200,000.00');
    await page.getByLabel('Interest Rate (%)').fill('7');
    await down.fill('200000');
    await expect(payment(page)).toHaveText('$665.30');
    await page.getByLabel('Loan Term').selectOption('15');
    await expect(page.getByRole('table', { name: /Yearly schedule/ }).locator('tbody tr')).toHaveCount(15);
  });

  test('an empty rate counts as 0: the payment is loan / months', async ({ page }) => {
    await openCalculator(page);
    await page.getByLabel('Interest Rate (%)').fill('');
    await expect(payment(page)).toHaveText('$666.67');
    await expect(page.getByTestId('total-interest')).toHaveText('$0.00');
  });

  test('clearing Home Price shows a loan and payment of zero, never negative', async ({ page }) => {
    await openCalculator(page);
    await page.getByLabel('Home Price').fill('');
    await expect(page.getByTestId('loan-amount')).toHaveText('$0.00');
    await expect(payment(page)).toHaveText('$0.00');
    await expect(page.getByTestId('total-interest')).toHaveText('$0.00');
    await expect(island(page)).not.toContainText('-$');
  });

  test('a rate typed with a decimal comma, which the field reads as 65, is not worked out unremarked', async ({
    page,
  }) => {
    await openCalculator(page);
    const rate = page.getByLabel('Interest Rate (%)');
    await rate.fill('');
    await rate.pressSequentially('6,5');
    const note = 'Worked out at 65%. A decimal takes a point: 6.5, not 6,5';
    await expect(rate).toHaveAccessibleDescription(note);
    await expect(page.getByText(note)).toBeVisible();
    await rate.fill('6.5');
    await expect(rate).toHaveAccessibleDescription('');
  });

  test('a rate over 100% says it is worked out at 100%, and a tiny one reads without an exponent', async ({ page }) => {
    await openCalculator(page);
    const rate = page.getByLabel('Interest Rate (%)');
    await rate.fill('150');
    const over = 'Worked out at 100%, the highest rate taken. A decimal takes a point: 6.5, not 6,5';
    await expect(page.getByText(over)).toBeVisible();
    await expect(rate).toHaveAccessibleDescription(over);
    await rate.fill('0.0000001');
    await expect(page.getByText('Worked out at 100%')).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Yearly schedule: $240,000.00 at 0% for 30 years' })).toBeVisible();
  });

  test("no figure is announced as invalid, on or off the arrow keys' step", async ({ page }) => {
    /** The names of the fields Chromium tells a screen reader are invalid. */
    const invalid = async () => {
      const cdp = await page.context().newCDPSession(page);
      const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
        nodes: { name?: { value?: string }; properties?: { name: string; value: { value?: unknown } }[] }[];
      };
      await cdp.detach();
      return nodes
        .filter((n) => n.properties?.some((p) => p.name === 'invalid' && p.value.value !== 'false'))
        .map((n) => n.name?.value);
    };
    // A listing's price, a quarter-point rate: off the steps of 1,000 and 0.01.
    await openCalculator(page, '?price=349900&down=34990&rate=6.125');
    await expect(payment(page)).not.toHaveText('$0.00');
    expect(await invalid()).toEqual([]);
    // A worksheet's insurance of 1,450, off its step of 100, as the page loads.
    await page.goto('/first-time-buyer');
    await page.getByLabel('Homeowners insurance, a year').first().fill('1450');
    await expect(page.getByLabel('Homeowners insurance, a year').first()).toHaveValue('1450');
    expect(await invalid()).toEqual([]);
  });

  test('is operable by keyboard alone', async ({ page }) => {
    await openCalculator(page);
    await page.getByLabel('Home Price').focus();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Down Payment')).toBeFocused();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('100000');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Interest Rate (%)')).toBeFocused();
    await expect(payment(page)).toHaveText('$1,264.14');
  });

  test('the URL carries the state and restores it on load', async ({ page }) => {
    await openCalculator(page);
    await page.getByLabel('Home Price').fill('400000');
    await page.getByLabel('Down Payment').fill('40000');
    await page.getByLabel('Interest Rate (%)').fill('5.75');
    await page.getByLabel('Loan Term').selectOption('20');
    await page.getByLabel('Town (for property tax)').selectOption('cary');
    await expect(page).toHaveURL(/\?price=400000&down=40000&rate=5.75&term=20&town=cary&.*#mortgage-calculator$/);
    const shared = page.url();
    const result = await payment(page).textContent();
    const total = await page.getByTestId('total-monthly-cost').textContent();

    const other = await page.context().newPage();
    await openCalculator(other, new URL(shared).search);
    await expect(other.getByLabel('Home Price')).toHaveValue('400000');
    await expect(other.getByLabel('Down Payment')).toHaveValue('40000');
    await expect(other.getByLabel('Interest Rate (%)')).toHaveValue('5.75');
    await expect(other.getByLabel('Loan Term')).toHaveValue('20');
    await expect(other.getByLabel('Town (for property tax)')).toHaveValue('cary');
    await expect(payment(other)).toHaveText(result!);
    await expect(other.getByTestId('total-monthly-cost')).toHaveText(total!);
  });

  test('a hand-written query restores inputs and result; the page URL is left alone until an edit', async ({
    page,
  }) => {
    await openCalculator(page, '?price=300000&down=100000&rate=6.5&term=30');
    await expect(payment(page)).toHaveText('$1,264.14');
    await expect(page.getByLabel('Down Payment')).toHaveValue('100000');
    await openCalculator(page);
    await page.waitForTimeout(600);
    expect(new URL(page.url()).search).toBe('');
  });

  test('figures too long for a phone wrap: the page never scrolls sideways, whatever is typed', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await openCalculator(page, '?price=999999999999999&down=0&insurance=99999999999');
    // The exact payment is $6,320,680,234,929.631 (the formula in 50-digit decimals).
    await expect(payment(page)).toHaveText('$6,320,680,234,929.63');
    await page.getByLabel('HOA dues (a month)').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test('PMI below 20% down ends at payment 109 for 300,000 with 10% down', async ({ page }) => {
    await openCalculator(page);
    await expect(page.getByTestId('pmi-note')).toContainText('No PMI');
    await page.getByLabel('Down Payment').fill('30000');
    const note = page.getByTestId('pmi-note');
    await expect(note).toContainText('ends automatically with payment 109');
    await expect(note).toContainText('reaches 80% of the original value');
    await expect(note).toContainText(/Dates assume the first payment is due [A-Z][a-z]+ \d{4}\./);
    // 270,000 x 0.75% / 12 = 168.75 a month.
    await expect(page.getByRole('definition').filter({ hasText: '$168.75' })).toBeVisible();
  });

  test('on a phone the schedule follows the PMI note with no blank band between them', async ({ page, isMobile }) => {
    test.skip(!isMobile, 'on a wide screen the note sits beside the fields, not above the schedule');
    await openCalculator(page);
    const note = await page.getByTestId('pmi-note').boundingBox();
    const schedule = await page.getByRole('heading', { name: 'Amortization schedule' }).boundingBox();
    // The schedule section's own margin, border and padding (about 72 px) and nothing more.
    expect(schedule!.y - (note!.y + note!.height)).toBeLessThan(100);
  });

  test('property tax follows the town, with a note where only the county rate is known', async ({ page }) => {
    await openCalculator(page);
    const rate = page.getByLabel('Property tax rate (per $100 of value)');
    await expect(rate).toHaveValue('0.8721');
    // 1,516.96 + 300,000 x 0.8721 / 100 / 12 + 1,800 / 12 = 1,516.96 + 218.03 + 150 (each unrounded).
    await expect(page.getByTestId('total-monthly-cost')).toHaveText('$1,884.99');
    await page.getByLabel('Town (for property tax)').selectOption('knightdale');
    await expect(rate).toHaveValue('0.5171');
    await expect(page.getByText('Knightdale town rate is not included')).toBeVisible();
    await rate.fill('0.9');
    await expect(page.getByText(/Edited; the FY2026 rate is 0\.5171/)).toBeVisible();
    await expect(page.getByTestId('total-monthly-cost')).toHaveText('$1,891.96');
  });
});

test.describe('insurance, HOA and the schedule chart', () => {
  test('insurance and HOA dues add to the total monthly cost as they are typed', async ({ page }) => {
    await openCalculator(page);
    const total = page.getByTestId('total-monthly-cost');
    await expect(total).toHaveText('$1,884.99');
    // 1,800 a year is 150 a month; 3,000 a year is 250: the total rises by exactly 100.
    await page.getByLabel('Homeowners insurance (a year)').fill('3000');
    await expect(total).toHaveText('$1,984.99');
    await page.getByLabel('HOA dues (a month)').fill('85.50');
    await expect(total).toHaveText('$2,070.49');
    await expect(page.getByRole('definition').filter({ hasText: '$85.50' })).toBeVisible();
    // SPEC's payment above the breakdown is untouched by the extra costs.
    await expect(payment(page)).toHaveText('$1,516.96');
    await page.getByLabel('HOA dues (a month)').fill('');
    await expect(total).toHaveText('$1,984.99');
  });

  test('the chart draws one bar pair a year and follows the term', async ({ page }) => {
    await openCalculator(page);
    const calculator = page.locator('#mortgage-calculator');
    const bars = calculator.locator('figure svg g');
    await expect(bars).toHaveCount(30);
    await expect(bars.first().locator('rect')).toHaveCount(2);
    await expect(calculator.locator('figure svg polyline')).toHaveCount(2);
    for (const key of [
      'Principal paid (left scale)',
      'Interest paid (left scale)',
      'Balance at year end (right scale)',
    ]) {
      await expect(calculator.getByText(key, { exact: true })).toBeVisible();
    }
    // Early years are mostly interest, late years mostly principal, as the caption says.
    const heights = async (i: number) =>
      bars
        .nth(i)
        .locator('rect')
        .evaluateAll((rs) => rs.map((r) => Number(r.getAttribute('height'))));
    const [firstPrincipal, firstInterest] = await heights(0);
    const [lastPrincipal, lastInterest] = await heights(29);
    expect(firstInterest!).toBeGreaterThan(firstPrincipal!);
    expect(lastPrincipal!).toBeGreaterThan(lastInterest!);
    // Drawn to 0.01 unit: full floats ("85.26364479486486", "2.8e-14") made the drawing a fifth of a page's HTML.
    const figures = await calculator
      .locator('figure svg')
      .evaluate((svg) => [
        ...[...svg.querySelectorAll('rect')].flatMap((r) => [r.getAttribute('y'), r.getAttribute('height')]),
        ...(svg.querySelector('polyline')?.getAttribute('points')?.split(/[ ,]/) ?? []),
      ]);
    expect(figures.length).toBeGreaterThan(150);
    expect(figures.filter((figure) => !/^\d+(\.\d\d?)?$/.test(figure ?? ''))).toEqual([]);

    await page.getByLabel('Loan Term').selectOption('15');
    await expect(bars).toHaveCount(15);
    await expect(calculator.getByText('Year 15', { exact: true })).toBeVisible();
  });

  test("in a contrast theme (Windows' forced colours) the chart's keys keep the bars' colours", async ({ page }) => {
    await page.emulateMedia({ forcedColors: 'active' });
    await openCalculator(page);
    const figure = page.locator('#mortgage-calculator figure');
    const drawn = await figure
      .locator('rect')
      .first()
      .evaluate((bar) => getComputedStyle(bar).fill);
    const keys = await figure
      .locator('figcaption span[aria-hidden="true"]')
      .evaluateAll((spans) => spans.map((span) => getComputedStyle(span).backgroundColor));
    // Principal, interest, balance: the first is the first bar's.
    expect(keys).toEqual(['rgb(20, 33, 61)', 'rgb(194, 65, 12)', 'rgb(15, 118, 110)']);
    expect(keys[0]).toBe(drawn);
  });
});

// SPEC §2: the calculator appears on the relocation, first-time buyer and buyer-resources pages.
for (const [path, heading] of [
  ['/relocation', 'Estimate Your Mortgage Payment'],
  ['/first-time-buyer', 'What Would It Cost Each Month?'],
  ['/buyer-resources', 'Mortgage Calculator'],
] as const) {
  test(`${path} carries the calculator under '${heading}', pre-rendered and live`, async ({ page }) => {
    await page.goto(path);
    const section = page.locator('section', {
      has: page.getByRole('heading', { level: 2, name: heading, exact: true }),
    });
    await expect(section).toHaveCount(1);
    const calculator = section.locator('astro-island[component-url*="CalculatorIsland"]');
    await expect(calculator).toHaveCount(1);
    await expect(calculator).toHaveAttribute('ssr');
    await expect(section.getByTestId('monthly-payment')).toHaveText('$1,516.96');
    await expect(section.getByText(disclaimer, { exact: true })).toBeVisible();

    await page.mouse.wheel(0, 1);
    await section.scrollIntoViewIfNeeded();
    await expect(calculator).not.toHaveAttribute('ssr');
    await section.getByLabel('Down Payment').fill('100000');
    await expect(section.getByTestId('monthly-payment')).toHaveText('$1,264.14');
  });
}
