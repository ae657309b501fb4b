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

/**
 * Why the build must stop when a content file would take an address of one segment that another
 * page already has (`content/legal/about.mdx` and src/pages/about.astro): the first such file,
 * named with the other; undefined when every address is free.
 */
export function addressClash(
  files: readonly { address: string; file: string }[],
  taken: Iterable<readonly [address: string, owner: string]>,
): string | undefined {
  const owners = new Map(taken);
  for (const { address, file } of files) {
    const other = owners.get(address);
    if (other) return `${file}: /${address} is already the address of ${other}; rename the file`;
    owners.set(address, file);
  }
  return undefined;
}
