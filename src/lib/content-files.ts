/**
 * What the build says about content files Astro's loaders would pass over or misread: a document
 * saved with an extension its collection does not read, a picture a content field names that is
 * not there or is in a format the build cannot process, and a day that is not on the calendar.
 * Each message names the file (and the field) to mend. Pure: the caller lists folders, reads the
 * files and says whether a picture exists.
 */
import { parse } from 'yaml';

/** What an agent may save a page or a record as: Markdown and MDX, YAML, JSON, TOML, text, a word processor's file. */
const documents = new Set('md mdx markdown mdown mkd mdoc yaml yml json toml txt doc docx rtf html htm'.split(' '));

const extensionOf = (name: string) => /\.([^./]+)$/.exec(name)?.[1] ?? '';

/**
 * The files of `content/{folder}` that are documents the collection does not read (an article
 * saved as `.md`, a city as `.json`), named with the extension to give them; undefined when there
 * are none. Pictures and other files (a home's photo folder, .DS_Store) are not documents.
 */
export function strayDocuments(folder: string, files: readonly string[], extensions: readonly string[]) {
  const strays = files
    .filter((name) => documents.has(extensionOf(name).toLowerCase()) && !extensions.includes(extensionOf(name)))
    .map((name) => `content/${folder}/${name}`);
  if (strays.length === 0) return undefined;
  return (
    `${strays.join(', ')}: content/${folder} reads .${extensions.join(' and .')} files only; ` +
    `rename ${strays.length === 1 ? 'it' : 'them'} to end in .${extensions[0]}`
  );
}

/** The picture formats astro:assets processes (its VALID_INPUT_FORMATS). */
const processed = new Set(['jpeg', 'jpg', 'png', 'apng', 'tiff', 'webp', 'gif', 'svg', 'avif']);
/** Formats a phone, a camera or an editor saves pictures in, which it does not. */
const unprocessed = new Set('heic heif bmp psd dng raw cr2 cr3 nef arw jfif tif'.split(' '));

/**
 * Every picture a content file names (a string "./…" or "../…" ending in a picture's extension,
 * anywhere in its data) that is not there or that the build cannot process, as
 * "{file}: {field}: …". Astro's own errors name only the picture, or say it "must be an imported
 * image" for a HEIC photo.
 */
export function pictureMistakes(data: unknown, file: string, exists: (relativePath: string) => boolean): string[] {
  const mistakes: string[] = [];
  walk(data, '', (value, field) => {
    const extension = extensionOf(value).toLowerCase();
    if (!/^\.\.?\//.test(value) || !(processed.has(extension) || unprocessed.has(extension))) return;
    if (!exists(value)) {
      mistakes.push(`${file}: ${field}: ${value} is not there; check the folder and the file's name`);
    } else if (!processed.has(extension)) {
      mistakes.push(
        `${file}: ${field}: ${value}: a .${extension} picture cannot be processed; save it as JPEG (.jpg), PNG or WebP`,
      );
    }
  });
  return mistakes;
}

/**
 * A content file's data as written: its YAML (for Markdown and MDX, its front matter) read by the
 * `yaml` package as YAML 1.2, where `2026-02-30` stays text. Astro's reader (YAML 1.1) makes a
 * date of it, and JavaScript's dates roll an impossible day over (to March 2) without a word.
 * Undefined when the text is not YAML this reader takes (Astro's own error then tells).
 */
export function writtenData(text: string, file: string): unknown {
  // A byte-order mark (Windows Notepad saves one) is no part of the data: left, the front matter went unread.
  const written = text.replace(/^\uFEFF/, '');
  const source = /\.(md|mdx)$/i.test(file) ? /^---\r?\n([\s\S]*?)\r?\n---/.exec(written)?.[1] : written;
  if (source === undefined) return undefined;
  try {
    return parse(source, { uniqueKeys: false });
  } catch {
    return undefined;
  }
}

/** Days in `month` (1-12) of `year`. */
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * Every day written YYYY-MM-DD (alone or starting a time) in a file's data that is not on the
 * calendar, as "{file}: {field}: …": February 30 would otherwise be published as March 2.
 */
export function impossibleDays(data: unknown, file: string): string[] {
  const mistakes: string[] = [];
  walk(data, '', (value, field) => {
    const day = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec(value);
    if (!day) return;
    const [year, month, date] = [Number(day[1]), Number(day[2]), Number(day[3])];
    if (month < 1 || month > 12 || date < 1 || date > daysIn(year, month)) {
      mistakes.push(`${file}: ${field}: ${value.slice(0, 10)} is not a day of the calendar`);
    }
  });
  return mistakes;
}

/** Calls `visit` with every string in `data` and its field's path ("Photos.0.src"). */
function walk(data: unknown, field: string, visit: (value: string, field: string) => void): void {
  if (typeof data === 'string') visit(data, field);
  else if (Array.isArray(data)) data.forEach((item, i) => walk(item, `${field}.${i}`, visit));
  else if (data !== null && typeof data === 'object') {
    for (const [key, item] of Object.entries(data)) walk(item, field ? `${field}.${key}` : key, visit);
  }
}
