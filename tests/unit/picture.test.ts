import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pictureExtension } from '#src/lib/picture.ts';

const picture = sharp({ create: { width: 48, height: 32, channels: 3, background: '#6a8' } });

describe('a downloaded picture', () => {
  it('is named by what its bytes are, whatever the Content-Type says', async () => {
    expect(await pictureExtension(await picture.clone().jpeg().toBuffer(), 'image/jpeg')).toBe('jpg');
    expect(await pictureExtension(await picture.clone().png().toBuffer(), 'image/jpeg')).toBe('png');
    expect(await pictureExtension(await picture.clone().webp().toBuffer(), 'application/octet-stream')).toBe('webp');
    expect(await pictureExtension(await picture.clone().avif().toBuffer(), '')).toBe('avif');
    expect(await pictureExtension(await picture.clone().gif().toBuffer(), 'image/gif')).toBe('gif');
  });

  it('is refused, with the reason, when the build could not publish it', async () => {
    await expect(pictureExtension(Buffer.from('<html>Service unavailable</html>'), 'image/jpeg')).rejects.toThrow(
      'not a JPEG, PNG, WebP, AVIF or GIF picture (sent as image/jpeg)',
    );
    await expect(pictureExtension(Buffer.alloc(0), '')).rejects.toThrow(
      'not a JPEG, PNG, WebP, AVIF or GIF picture (sent as no Content-Type)',
    );
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>');
    await expect(pictureExtension(svg, 'image/svg+xml')).rejects.toThrow(
      'not a JPEG, PNG, WebP, AVIF or GIF picture (the file is SVG)',
    );
    // Formats the caller does not read are refused too (the video thumbnails: JPEG, PNG or WebP).
    await expect(
      pictureExtension(await picture.clone().avif().toBuffer(), 'image/avif', ['jpg', 'png', 'webp']),
    ).rejects.toThrow('not a JPEG, PNG or WebP picture (the file is AVIF)');
    // Its header is whole (Astro reads its size) but not its data: sharp cannot decode it.
    const cut = (await picture.clone().jpeg().toBuffer()).subarray(0, 200);
    await expect(pictureExtension(cut, 'image/jpeg')).rejects.toThrow('a JPG picture that cannot be decoded (');
  });

  it('refuses half a megabyte of junk that starts like a JPEG at once, handed over as a plain Uint8Array', async () => {
    // The size parser slices its input byte by byte: on a Uint8Array each slice copied the rest (10 s here).
    const junk = new Uint8Array(512 * 1024).fill(0x41);
    junk.set([0xff, 0xd8]);
    const started = Date.now();
    await expect(pictureExtension(junk, 'image/jpeg')).rejects.toThrow(
      'not a JPEG, PNG, WebP, AVIF or GIF picture (sent as image/jpeg)',
    );
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
