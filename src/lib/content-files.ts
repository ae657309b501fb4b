/**
 * What the build says about content files Astro's loaders would pass over or misread: a document
 * saved with an extension its collection does not read, and a picture a content field names that
 * is not there or is in a format the build cannot process. Each message names the file (and the
 * field) to mend. Pure: the caller lists folders and asks whether a file exists.
 */

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
  const visit = (value: unknown, field: string) => {
    if (typeof value === 'string') {
      const extension = extensionOf(value).toLowerCase();
      if (!/^\.\.?\//.test(value) || !(processed.has(extension) || unprocessed.has(extension))) return;
      if (!exists(value)) {
        mistakes.push(`${file}: ${field}: ${value} is not there; check the folder and the file's name`);
      } else if (!processed.has(extension)) {
        mistakes.push(
          `${file}: ${field}: ${value}: a .${extension} picture cannot be processed; save it as JPEG (.jpg), PNG or WebP`,
        );
      }
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => visit(item, `${field}.${i}`));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) visit(item, field ? `${field}.${key}` : key);
    }
  };
  visit(data, '');
  return mistakes;
}
