// @ts-check
import mdx from '@astrojs/mdx';
import node from '@astrojs/node';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { fileURLToPath } from 'node:url';
import { clientInteraction } from './src/integrations/client-interaction.ts';
import { site } from './src/site.config.ts';

/** Pages that must never reach the sitemap (they are also marked noindex). */
const notInSitemap = ['/search', '/404', '/city-not-found', '/contact/sent', '/api/contact'];

export default defineConfig({
  // SITE_URL lets a staging deploy produce its own canonicals; production uses the config.
  site: process.env.SITE_URL ?? site.baseUrl,
  // URLs have no trailing slash (/about, /city/raleigh), files are emitted as about.html,
  // and the server, canonicals, sitemap and internal links all follow this one rule.
  trailingSlash: 'never',
  build: { format: 'file' },
  output: 'static',
  // Caches stay inside the checkout so several working copies can share one node_modules.
  cacheDir: './.astro/cache',
  adapter: node({ mode: 'middleware' }),
  integrations: [
    clientInteraction(),
    react(),
    mdx(),
    sitemap({
      filter: (page) => !notInSitemap.some((p) => new URL(page).pathname === p),
    }),
  ],
  vite: {
    plugins: [tailwindcss()],
    cacheDir: './.astro/vite',
    // Explicit as well as in tsconfig, so it also resolves in working copies whose node_modules is a link.
    resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  },
  // The production server checks the origin of every POST itself (src/server/leads/guard.ts),
  // knowing about its reverse proxy; Astro's own check compares with the http:// URL this
  // server sees behind a TLS proxy and would refuse every real form post.
  security: { checkOrigin: false },
  prefetch: false,
  devToolbar: { enabled: false },
});
