/**
 * The header painted while its HTML is still arriving. On a slow connection the browser paints
 * what it has parsed so far, and the bytes can stop anywhere. Lighthouse once measured a layout
 * shift of 0.001 on a listing page: the phone menu's <details> had arrived without its <summary>,
 * so the browser drew its default "Details" summary, 72 x 24 px, before the real 48 x 44 toggle
 * pushed it and the links beside it into place. Here the page is served cut after each start
 * tag in <header>; every element that the cut page draws must start where it does on the whole
 * page (a layout shift is a visible element whose top-left corner moves).
 */
import { expect, test, type Page } from '@playwright/test';

const page = '/listings/412-oak-grove-lane-cary-nc';

/** Top-left corner of every drawn element of the header, in document order. */
function corners(p: Page) {
  return p.evaluate(() =>
    [...document.querySelectorAll('header, header *')].map((el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 ? `${Math.round(r.left)},${Math.round(r.top)}` : null;
    }),
  );
}

test('the header draws nothing that moves once the rest of it arrives', async ({ page: p, request }) => {
  test.setTimeout(180_000);
  const html = await (await request.get(page)).text();
  const start = html.indexOf('<header');
  const end = html.indexOf('</header>');
  expect(start).toBeGreaterThan(0);
  // Cut points: right after each start tag of the header (a tag's attributes arrive whole).
  const cuts = [...html.slice(start, end).matchAll(/<[a-z][^>]*>/g)].map((m) => start + m.index + m[0].length);

  let served = html;
  await p.route(`**${page}`, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: served }));
  await p.goto(page);
  const whole = await corners(p);

  const moved: string[] = [];
  for (const cut of cuts) {
    served = html.slice(0, cut);
    await p.goto(page);
    const partial = await corners(p);
    partial.forEach((corner, i) => {
      if (corner !== null && corner !== whole[i]) {
        moved.push(
          `cut after ${JSON.stringify(html.slice(Math.max(start, cut - 60), cut))}: element ${i} at ${corner}, then ${whole[i]}`,
        );
      }
    });
  }
  expect(moved).toEqual([]);
});
