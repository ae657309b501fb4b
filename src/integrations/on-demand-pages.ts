/**
 * dist/on-demand-pages.json: the addresses of the pages Astro renders on each request (/contact),
 * for the server, which gives them the one-address rule of the pre-rendered pages: `/contact/`,
 * `//contact` and `/contact.html` move to `/contact` instead of answering 404. Pages only: an
 * endpoint is no page address (and /blog/page/1 is itself a redirect).
 */
import { writeFileSync } from 'node:fs';
import type { AstroIntegration } from 'astro';

/** The file's name in the build's output folder (dist/). */
export const onDemandPagesFile = 'on-demand-pages.json';

export function onDemandPages(): AstroIntegration {
  let outDir: URL | undefined;
  let pages: string[] = [];
  return {
    name: 'on-demand-pages',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = config.outDir;
      },
      'astro:routes:resolved': ({ routes }) => {
        pages = routes
          .filter((r) => r.type === 'page' && !r.isPrerendered && r.params.length === 0 && r.origin === 'project')
          .map((r) => r.pattern)
          .sort();
      },
      'astro:build:done': () => {
        if (!outDir) throw new Error('on-demand-pages: the build has no output folder');
        writeFileSync(new URL(onDemandPagesFile, outDir), `${JSON.stringify(pages)}\n`);
      },
    },
  };
}
