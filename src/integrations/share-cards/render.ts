/**
 * Draws one share card: the page's picture (or the branded background) cropped to 1200×630 and
 * darkened towards the bottom, the title in Lora Bold, and a white band naming the agent and
 * the firm. `satori` lays the words out and turns them into vector outlines (no system font is
 * involved, so every machine draws the same card); `sharp` rasterises them, and encodes the
 * JPEG. Fonts come from the @fontsource packages: nothing is fetched.
 *
 * Speed matters (a site with a thousand articles draws a thousand cards): everything that is the
 * same on many cards (the shaded picture, the band with the agent and the firm) is drawn once
 * per picture, and a card only adds its title, painted on a copy of those pixels in place.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createElement as h, type ReactNode } from 'react';
import satori from 'satori';
import sharp from 'sharp';
import { drawableText, shareCardSize, titleFontSize, type ShareCardText } from '#src/lib/seo/share-card.ts';

const { width, height } = shareCardSize;
/** The white band at the bottom that names the agent and the firm. */
const bandHeight = 132;
/** The title's three lines at most, and the air under them above the band. */
const titleLines = 3;
const lineHeight = 1.15;
const titleGap = 30;
const colors = { ink: '#14213d', inkSoft: '#3c4a63', brand: '#b4232a' };

const require = createRequire(import.meta.url);
const fontFile = (pkg: string, file: string) => readFileSync(require.resolve(`@fontsource/${pkg}/files/${file}`));

type Fonts = Parameters<typeof satori>[1]['fonts'];
let fonts: Fonts | undefined;
/** Loaded once and passed as the same array every time: satori caches the parsed fonts by it. */
function loadFonts(): Fonts {
  fonts ??= [
    ...['latin', 'latin-ext'].map((subset) => ({
      name: 'Lora',
      data: fontFile('lora', `lora-${subset}-700-normal.woff`),
      weight: 700 as const,
      style: 'normal' as const,
    })),
    ...([400, 600] as const).flatMap((weight) =>
      ['latin', 'latin-ext'].map((subset) => ({
        name: 'Inter',
        data: fontFile('inter', `inter-${subset}-${weight}-normal.woff`),
        weight,
        style: 'normal' as const,
      })),
    ),
  ];
  return fonts;
}

/** RGBA pixels of a satori layout `box` (width × boxHeight). */
async function rasterise(layout: ReactNode, boxHeight: number) {
  const svg = await satori(layout, { width, height: boxHeight, fonts: loadFonts() });
  return sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
}

/** The shading over the picture, and the band. */
const shade = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${colors.ink}" stop-opacity="0.05"/>
    <stop offset="0.35" stop-color="${colors.ink}" stop-opacity="0.35"/>
    <stop offset="1" stop-color="${colors.ink}" stop-opacity="0.9"/>
  </linearGradient></defs>
  <rect width="${width}" height="${height - bandHeight}" fill="url(#g)"/>
  <rect y="${height - bandHeight}" width="${width}" height="${bandHeight}" fill="#ffffff"/>
  <rect y="${height - bandHeight}" width="12" height="${bandHeight}" fill="${colors.brand}"/>
</svg>`,
);

/** RGB pixels of everything on a card but its title. */
export interface Background {
  data: Buffer;
}

/**
 * The picture (a file or its bytes, already cropped to the card by Astro's image pipeline),
 * shaded, with the band naming the agent and the firm.
 */
export async function drawBackground(picture: string | Buffer, { agent, firm }: Omit<ShareCardText, 'title'>) {
  const band = await rasterise(
    h(
      'div',
      {
        style: {
          width,
          height: bandHeight,
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'center',
          padding: '0 64px',
          fontFamily: 'Inter',
        },
      },
      h('div', { style: { fontSize: 34, fontWeight: 600, color: colors.ink } }, agent),
      h('div', { style: { marginTop: 6, fontSize: 27, fontWeight: 400, color: colors.inkSoft } }, firm),
    ),
    bandHeight,
  );
  const data = await sharp(picture)
    .resize(width, height, { fit: 'cover' })
    .composite([{ input: shade }, { input: band.data, raw: band.info, top: height - bandHeight, left: 0 }])
    .removeAlpha()
    .raw()
    .toBuffer();
  return { data } satisfies Background;
}

/** Paints straight-alpha RGBA pixels onto RGB pixels, in place, from row `top` down. */
function paint(target: Buffer, layer: Buffer, top: number): void {
  // Most of the layer is empty: one 32-bit read skips a transparent pixel.
  const words = layer.byteOffset % 4 === 0 ? layer : new Uint8Array(layer);
  const pixels = new Uint32Array(words.buffer, words.byteOffset, words.length / 4);
  const start = top * width * 3;
  for (let n = 0; n < pixels.length; n++) {
    if (pixels[n] === 0) continue;
    const i = n * 4;
    const p = start + n * 3;
    const alpha = layer[i + 3]!;
    for (let c = 0; c < 3; c++) target[p + c] = (layer[i + c]! * alpha + target[p + c]! * (255 - alpha) + 127) / 255;
  }
}

/** One card as a JPEG: its title over a copy of the background. */
export async function drawShareCard(written: string, background: Background): Promise<Buffer> {
  const title = drawableText(written);
  const fontSize = titleFontSize(title);
  // Only the rows three lines can fill are drawn and painted, bottom-aligned on the band.
  const boxHeight = Math.ceil(titleLines * fontSize * lineHeight) + titleGap;
  const words = await rasterise(
    h(
      'div',
      {
        style: {
          width,
          height: boxHeight,
          display: 'flex',
          alignItems: 'flex-end',
          padding: `0 64px ${titleGap}px 64px`,
        },
      },
      h(
        'div',
        {
          style: {
            display: 'block',
            width: width - 128,
            fontFamily: 'Lora',
            fontWeight: 700,
            fontSize,
            lineHeight,
            color: '#ffffff',
            lineClamp: titleLines,
          },
        },
        title,
      ),
    ),
    boxHeight,
  );
  const pixels = Buffer.from(background.data);
  paint(pixels, words.data, height - bandHeight - boxHeight);
  return (
    sharp(pixels, { raw: { width, height, channels: 3 } })
      // Without Huffman optimisation: twice as fast to encode, for about 10% more bytes.
      .jpeg({ quality: 82, optimiseCoding: false })
      .toBuffer()
  );
}
