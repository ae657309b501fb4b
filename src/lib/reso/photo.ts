/**
 * A downloaded photo is kept only when the build can publish it. Astro reads its size with its own
 * `imageMetadata` (a body that is no picture, such as an error page sent as image/jpeg, stopped the
 * whole build with NoImageMetadata), then sharp decodes it as Astro does, leniently; a JPEG cut off
 * after its header cannot be decoded even so (Astro copied it unoptimised, and the share cards
 * stopped the build on it). The file's extension comes from what the bytes are, not from the
 * Content-Type the media host sent.
 */
import { imageMetadata } from 'astro/assets/utils';
import sharp from 'sharp';

const formats = ['jpg', 'png', 'webp', 'avif', 'gif'];

/** The extension of a picture the build can publish; throws with the reason for anything else. */
export async function pictureExtension(bytes: Uint8Array, contentType: string): Promise<string> {
  const format = await imageMetadata(bytes).then(
    (m) => m.format,
    () => undefined,
  );
  if (!format || !formats.includes(format)) {
    const what = format ? `the file is ${format.toUpperCase()}` : `sent as ${contentType || 'no Content-Type'}`;
    throw new Error(`not a JPEG, PNG, WebP, AVIF or GIF picture (${what})`);
  }
  try {
    await sharp(bytes, { failOn: 'none' }).stats();
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new Error(`a ${format.toUpperCase()} picture that cannot be decoded (${reason})`);
  }
  return format;
}
