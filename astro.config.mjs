// @ts-check
import mdx from '@astrojs/mdx';
import node from '@astrojs/node';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import compressor from 'astro-compressor';
import { copyFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clientInteraction } from './src/integrations/client-interaction.ts';
import { onDemandPages } from './src/integrations/on-demand-pages.ts';
import { searchIndex } from './src/integrations/search-index.ts';
import { siteUrl } from './src/lib/build-time.ts';
import { notFoundPages } from './src/lib/not-found.ts';
import { sitemapLastmod } from './src/integrations/sitemap-lastmod.ts';
import { shareCards } from './src/integrations/share-cards/index.ts';
import { astroCsp } from './src/server/headers.ts';
import { bodyLimitBytes } from './src/server/http/contact-request.ts';

/** Pages that must never reach the sitemap (they are also marked noindex). */
const notInSitemap = ['/search', ...notFoundPages.map(({ page }) => page), '/contact/sent', '/contact'];

/**
 * `/sitemap.xml`, the address robots.txt names. @astrojs/sitemap only writes
 * sitemap-index.xml + sitemap-N.xml (it has no option for the plain name), so after it has run
 * the one URL set is copied to sitemap.xml; past 45,000 URLs (several chunks) the index is.
 */
const sitemapXml = () => ({
  name: 'sitemap-xml',
  hooks: {
    /** @param {{ dir: URL }} options */
    'astro:build:done': ({ dir }) => {
      const out = fileURLToPath(dir);
      const chunks = readdirSync(out).filter((f) => /^sitemap-\d+\.xml$/.test(f));
      const source = chunks.length === 1 && chunks[0] ? chunks[0] : 'sitemap-index.xml';
      copyFileSync(join(out, source), join(out, 'sitemap.xml'));
    },
  },
});

const lastmod = sitemapLastmod();

export default defineConfig({
  // SITE_URL lets a staging deploy produce its own canonicals; production uses the config.
  site: siteUrl(),
  // URLs have no trailing slash (/about, /city/raleigh), files are emitted as about.html,
  // and the server, canonicals, sitemap and internal links all follow this one rule.
  trailingSlash: 'never',
  // Two content files with one slug, or two pages with one address, stop the build naming both
  // (Astro's default warns and publishes one of them).
  prerenderConflictBehavior: 'error',
  build: { format: 'file' },
  output: 'static',
  // Caches stay inside the checkout so several working copies can share one node_modules.
  cacheDir: './.astro/cache',
  // staticHeaders: the policy of each pre-rendered page goes to dist/_headers.json, and the
  // server sends it as a header (a <meta> policy cannot say frame-ancestors).
  // bodySizeLimit: the one place the contact form's 16 KB limit is enforced (413).
  adapter: node({ mode: 'middleware', staticHeaders: true, bodySizeLimit: bodyLimitBytes }),
  integrations: [
    clientInteraction(),
    react(),
    mdx(),
    lastmod.integration,
    sitemap({
      filter: (page) => !notInSitemap.some((p) => new URL(page).pathname === p),
      serialize: lastmod.serialize,
    }),
    sitemapXml(),
    shareCards(),
    searchIndex(),
    onDemandPages(),
    // Last, so it sees every file the others wrote: each text file in dist/client gets its
    // Brotli (quality 11) and gzip (level 9) twin once, at build time, and the server sends the
    // twin (sirv) instead of compressing every response again (src/server/http/static-site.ts).
    compressor({ zstd: false }),
  ],
  vite: {
    plugins: [tailwindcss()],
    // The build reads no .env file (Astro would load one into process.env part-way through a
    // build): what it reads comes from its environment only, as the README says.
    envDir: false,
    build: {
      // A page's own script (a component's <script>, which imports no module another script
      // shares) is written into the page whatever its size: a script file would be one more
      // request before the first view (src/components/ui/WhenNear.astro), and the HTML budget
      // (tests/budgets.json) holds its bytes. Leaflet's stylesheet, which the map island carries
      // inline, draws the default marker and the layers control with three PNGs. The maps use
      // neither: those stay files, never fetched, rather than about 3.5 KB gzip of base64 in the
      // island. Any other asset: Vite's own rule.
      assetsInlineLimit: (file) =>
        file.includes('.astro_astro_type_script_')
          ? true
          : file.includes('/node_modules/leaflet/dist/images/')
            ? false
            : undefined,
      rolldownOptions: {
        // Astro marks every MDX module whose styles it propagates with its own directive,
        // "use astro:head-inject", and reads it itself before bundling; Rolldown, which only
        // knows "use client"/"use server", warns about it once per article and bundle. That one
        // message is dropped; every other log goes on as usual (the build must stay silent).
        onLog(level, log, handler) {
          if (log.code === 'MODULE_LEVEL_DIRECTIVE' && log.message.includes('use astro:head-inject')) return;
          handler(level, log);
        },
      },
    },
    cacheDir: './.astro/vite',
  },
  // The production server checks the origin of every POST itself (src/server/leads/guard.ts),
  // knowing about its reverse proxy; Astro's own check compares with the http:// URL this
  // server sees behind a TLS proxy and would refuse every real form post.
  // The Content-Security-Policy is Astro's: it hashes the scripts it emits; the hosts come from
  // the site config (src/server/headers.ts).
  security: { checkOrigin: false, csp: astroCsp() },
  // No article has code; Shiki's inline styles would also clash with the CSP.
  markdown: { syntaxHighlight: false },
  prefetch: false,
  devToolbar: { enabled: false },
});
