/**
 * A downloaded picture (an MLS photo, a YouTube thumbnail) is kept only when the build can publish
 * it. Astro reads its size with its own `imageMetadata` (a body that is no picture, such as an
 * error page sent as image/jpeg, stopped the whole build with NoImageMetadata), then sharp decodes
 * it as Astro does, leniently; a JPEG cut off after its header cannot be decoded even so (Astro
 * copied it unoptimised, and the share cards stopped the build on it). The file's extension comes
 * from what the bytes are, not from the Content-Type the host sent. The bytes are read as a Buffer:
 * the size parser slices its input byte by byte, which on a plain Uint8Array copies the rest each
 * time (junk that starts like a JPEG took minutes a megabyte), on a Buffer not.
 */
import { imageMetadata } from 'astro/assets/utils';
import sharp from 'sharp';

export type PictureFormat = 'jpg' | 'png' | 'webp' | 'avif' | 'gif';
const names: Record<PictureFormat, string> = { jpg: 'JPEG', png: 'PNG', webp: 'WebP', avif: 'AVIF', gif: 'GIF' };

/** "JPEG, PNG or WebP". */
const listed = (formats: readonly PictureFormat[]) => {
  const all = formats.map((f) => names[f]);
  return all.length > 1 ? `${all.slice(0, -1).join(', ')} or ${all.at(-1)}` : (all[0] ?? '');
};

/**
 * The extension of a picture in one of `formats` that the build can publish; throws with the
 * reason for anything else.
 */
export async function pictureExtension(
  bytes: Uint8Array,
  contentType: string,
  formats: readonly PictureFormat[] = ['jpg', 'png', 'webp', 'avif', 'gif'],
): Promise<PictureFormat> {
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const format = await imageMetadata(buffer).then(
    (m) => m.format,
    () => undefined,
  );
  if (!format || !(formats as readonly string[]).includes(format)) {
    const what = format ? `the file is ${format.toUpperCase()}` : `sent as ${contentType || 'no Content-Type'}`;
    throw new Error(`not a ${listed(formats)} picture (${what})`);
  }
  try {
    await sharp(buffer, { failOn: 'none' }).stats();
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new Error(`a ${format.toUpperCase()} picture that cannot be decoded (${reason})`);
  }
  return format as PictureFormat;
}
