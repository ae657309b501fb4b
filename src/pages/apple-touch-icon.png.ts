/**
 * The icon iOS and iPadOS show for the site on the home screen, in bookmarks and in the share
 * sheet, at the address Safari asks for even without a link to it: the favicon as a 180×180 PNG.
 * Its corners are square, because iOS rounds them itself and shows transparent corners as black.
 */
import type { APIRoute } from 'astro';
import sharp from 'sharp';
import favicon from '#src/assets/site/favicon.svg?raw';

const touchIconSize = 180;

export const GET: APIRoute = async () => {
  const square = favicon.replace(/(<rect\b[^>]*?)\s+rx="[^"]*"/, '$1');
  // The drawing is 32 units wide: render it at the density that makes it 180 px, not scaled up.
  const png = await sharp(Buffer.from(square), { density: (72 * touchIconSize) / 32 })
    .resize(touchIconSize, touchIconSize)
    .png()
    .toBuffer();
  return new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png' } });
};
