/**
 * Text for the drawn artwork: titles wrapped and sized by their rendered width (measured with
 * sharp's own SVG renderer, so the text never runs off the picture whatever the font), and the
 * exact box a drawn layer covers, read from its pixels.
 */
import sharp from 'sharp';

export const fontFamily = 'DejaVu Sans, sans-serif';

export const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A box in picture pixels. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The box of every pixel an SVG draws (alpha above 0) on its transparent canvas, or undefined when it draws none. */
export async function inkBox(svg: string): Promise<Box | undefined> {
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let minX = info.width;
  let minY = info.height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (data[(y * info.width + x) * info.channels + 3]! === 0) continue;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  return maxX < 0 ? undefined : { x: minX, y: minY, w: maxX - minX + 1, h: maxY - minY + 1 };
}

const widths = new Map<string, number>();

/** Rendered width in pixels of one line of bold text at a font size. */
export async function textWidth(text: string, size: number): Promise<number> {
  const key = `${size}|${text}`;
  const known = widths.get(key);
  if (known !== undefined) return known;
  const canvas = Math.ceil(size * (text.length + 2));
  const box = await inkBox(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${canvas}" height="${Math.ceil(size * 2)}"><text x="${size / 2}" y="${size * 1.4}" font-family="${fontFamily}" font-size="${size}" font-weight="bold">${escapeXml(text)}</text></svg>`,
  );
  const width = box ? box.x + box.w - size / 2 : 0;
  widths.set(key, width);
  return width;
}

/** Greedy word wrap by rendered width; undefined when a single word is wider than maxWidth. */
async function wrap(text: string, size: number, maxWidth: number): Promise<string[] | undefined> {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if ((await textWidth(candidate, size)) <= maxWidth) line = candidate;
    else {
      if (!line) return undefined;
      lines.push(line);
      line = word;
      if ((await textWidth(line, size)) > maxWidth) return undefined;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export interface FittedTitle {
  lines: string[];
  size: number;
  lineHeight: number;
}

/**
 * The largest of `sizes` at which the title fits in maxWidth x maxHeight (lines 1.2 font sizes
 * apart); at the smallest size, the lines that fit with the last one ending in an ellipsis.
 */
export async function fitTitle(
  title: string,
  sizes: number[],
  maxWidth: number,
  maxHeight: number,
): Promise<FittedTitle> {
  for (const size of sizes) {
    const lineHeight = Math.round(size * 1.2);
    const lines = await wrap(title, size, maxWidth);
    if (lines && lines.length * lineHeight <= maxHeight) return { lines, size, lineHeight };
  }
  const size = sizes[sizes.length - 1]!;
  const lineHeight = Math.round(size * 1.2);
  const maxLines = Math.max(1, Math.floor(maxHeight / lineHeight));
  const words = title.split(/\s+/).filter(Boolean);
  // Drop words from the end until the rest, with an ellipsis, fits.
  for (let n = words.length - 1; n > 0; n--) {
    const lines = await wrap(`${words.slice(0, n).join(' ')}…`, size, maxWidth);
    if (lines && lines.length <= maxLines) return { lines, size, lineHeight };
  }
  return { lines: [`${words[0] ?? ''}…`], size, lineHeight };
}

/** SVG text elements of a fitted title, left-aligned at x with its first baseline at y. */
export function titleText(title: FittedTitle, x: number, y: number, fill: string): string {
  const spans = title.lines
    .map((l, i) => `<tspan x="${x}" y="${y + i * title.lineHeight}">${escapeXml(l)}</tspan>`)
    .join('');
  return `<text font-family="${fontFamily}" font-size="${title.size}" font-weight="bold" fill="${fill}">${spans}</text>`;
}
