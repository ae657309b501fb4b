/** Share cards: their address, words and drawing (src/lib/seo/share-card.ts, src/integrations/share-cards/). */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { drawBackground, drawShareCard } from '#src/integrations/share-cards/render.ts';
import {
  cardTitle,
  drawableText,
  shareCardAlt,
  shareCardKey,
  shareCardPath,
  titleFontSize,
} from '#src/lib/seo/share-card.ts';
import { site } from '#src/site.config.ts';

const base = {
  title: 'Living in Cary, NC: Homes, Neighborhoods & Market Guide',
  agent: `${site.agent.name}, ${site.agent.title}`,
  firm: site.agent.brokerage,
  picture: { id: '/_astro/cary.Ab12Cd34.jpg', path: '/_astro/cary.Ab12Cd34_Z1x2y3.jpeg' },
};

describe('share card addresses', () => {
  it('are the same for the same card, whichever cropped file the build made', () => {
    const key = shareCardKey(base);
    expect(key).toMatch(/^[\w-]{16}$/);
    expect(shareCardKey({ ...base, picture: { ...base.picture, path: '/_image?href=x' } })).toBe(key);
    expect(shareCardPath(key)).toBe(`/og/${key}.jpg`);
  });

  it('change with anything drawn on the card', () => {
    const keys = [
      base,
      { ...base, title: `${base.title}!` },
      { ...base, agent: 'Someone Else, REALTOR®' },
      { ...base, firm: 'Another Firm' },
      { ...base, picture: { ...base.picture, id: '/_astro/cary.Zz99Yy88.jpg' } },
    ].map(shareCardKey);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('share card words', () => {
  it("take the page's own title from the browser title", () => {
    expect(cardTitle('Living in Raleigh NC | Jordan Avery REALTOR®', 'Jordan Avery')).toBe('Living in Raleigh NC');
    expect(cardTitle('Cary NC | Blog | Jordan Avery REALTOR®', 'Jordan Avery')).toBe('Cary NC');
    expect(cardTitle('Jordan Avery | Top 5% REALTOR® in Raleigh NC', 'Jordan Avery')).toBe(
      'Top 5% REALTOR® in Raleigh NC',
    );
    expect(cardTitle('Privacy Policy', 'Jordan Avery')).toBe('Privacy Policy');
    expect(cardTitle('Jordan Avery', 'Jordan Avery')).toBe('Jordan Avery');
  });

  it('name the agent and the firm in the alternative text', () => {
    expect(shareCardAlt(base)).toBe(
      `Living in Cary, NC: Homes, Neighborhoods & Market Guide: ${site.agent.name}, ${site.agent.title}, ${site.agent.brokerage}`,
    );
  });

  it('set long titles smaller', () => {
    const sizes = ['Cary', 'x'.repeat(50), 'x'.repeat(80), 'x'.repeat(120)].map(titleFontSize);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    expect(new Set(sizes).size).toBe(4);
  });
});

describe('drawing a card', () => {
  it('gives a 1200×630 JPEG: the picture, the title, and the white band with the red edge', async () => {
    const picture = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#3a7d44' } })
      .jpeg()
      .toBuffer();
    const background = await drawBackground(picture, base);
    const jpeg = await drawShareCard(base.title, background);
    const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    expect(info.format).toBe('raw');
    expect([info.width, info.height]).toEqual([1200, 630]);
    const at = (x: number, y: number) => [...data.subarray((y * 1200 + x) * 3, (y * 1200 + x) * 3 + 3)];
    const near = (got: number[], want: number[]) => got.every((v, i) => Math.abs(v - want[i]!) < 24);
    expect(near(at(4, 600), [180, 35, 42]), `red edge ${at(4, 600).join()}`).toBe(true);
    expect(near(at(1150, 600), [255, 255, 255]), `white band ${at(1150, 600).join()}`).toBe(true);
    expect(near(at(600, 20), [62, 123, 70]), `picture at the top ${at(600, 20).join()}`).toBe(true);
    // The title's white letters sit on the shaded picture above the band.
    let white = 0;
    for (let y = 190; y < 490; y += 2) for (let x = 64; x < 1136; x += 2) if (near(at(x, y), [255, 255, 255])) white++;
    expect(white).toBeGreaterThan(500);
    const other = await drawShareCard('Another title', background);
    expect(other.equals(jpeg)).toBe(false);
    // A character the fonts lack is left out, not drawn as a "NO GLYPH" box.
    const home = await drawShareCard('Parks & "Small-Town" Life', background);
    expect((await drawShareCard('Parks & "Small-Town" Life 🏡', background)).equals(home)).toBe(true);
    expect((await drawShareCard('Parks → & "Small-Town" ✓ Life', background)).equals(home)).toBe(true);
  });

  it('keeps the letters, accents and punctuation its fonts draw, and leaves the rest out', () => {
    expect(drawableText('Château Row — “Naïve” Café: $450K, 5% off ®')).toBe(
      'Château Row — “Naïve” Café: $450K, 5% off ®',
    );
    expect(drawableText('Welcome Home 🏡️ to 👨‍👩‍👧 Apex ✓')).toBe('Welcome Home to Apex');
    // Vietnamese letters and double marks are subsets the card does not load.
    expect(drawableText('Phở Night ‼ ⁇')).toBe('Ph Night');
  });
});
