/**
 * A built page's address and its file under dist/client, both ways. astro.config.mjs builds with
 * `build.format: 'file'` and `trailingSlash: 'never'`: `/city/cary` is `city/cary.html`, and the
 * home page is `index.html`.
 */

/** "city/cary.html" -> "/city/cary", "index.html" (or "blog/index.html") -> "/" ("/blog"). */
export function pagePathOfFile(file: string): string {
  const path = `/${file.replace(/\.html$/, '')}`.replace(/(^|\/)index$/, '');
  return path === '' ? '/' : path;
}

/** "/city/cary" -> "city/cary.html", "/" -> "index.html": the file this build writes for a page. */
export function fileOfPagePath(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`;
}
