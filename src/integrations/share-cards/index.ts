/**
 * Share cards: every page's own 1200×630 Open Graph image, drawn at build time. Pages name their
 * card while they render (src/components/seo/Head.astro, through ./registry.ts); when the build
 * is done this draws each card once into dist/client/og/, keeping a copy in Astro's cache folder
 * under a digest of what is drawn and how (a rebuild redraws only new or changed cards), and
 * fails the build if a page names a card that is not there. `astro dev` draws them on request.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { ShareCardInput } from '#src/lib/seo/share-card.ts';
import { shareCardRegistry } from './registry.ts';
import { drawBackground, drawShareCard, type Background } from './render.ts';

/** Changes whenever the drawing code or the libraries drawing it change, so old cached cards are not reused. */
function drawingVersion(root: URL): string {
  const digest = createHash('sha256');
  for (const file of ['./render.ts', '../../lib/seo/share-card.ts'])
    digest.update(readFileSync(new URL(file, import.meta.url)));
  for (const pkg of ['satori', 'sharp', '@fontsource/lora', '@fontsource/inter']) {
    digest.update(readFileSync(new URL(`node_modules/${pkg}/package.json`, root)));
  }
  return digest.digest('hex').slice(0, 12);
}

/** Draws cards, preparing each background once; `load` reads a picture by its site path. */
function createPainter(load: (sitePath: string) => Promise<string | Buffer>) {
  const backgrounds = new Map<string, Promise<Background>>();
  return (input: ShareCardInput): Promise<Buffer> => {
    const { title, picture, ...band } = input;
    const id = JSON.stringify([picture.path, band.agent, band.firm]);
    let background = backgrounds.get(id);
    if (!background) {
      background = load(picture.path).then((file) => drawBackground(file, band));
      backgrounds.set(id, background);
    }
    return background.then((bg) => drawShareCard(title, bg));
  };
}

async function inBatches<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(size, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}

/** Every /og/ card the built pages name, with the first page naming it. */
function namedCards(client: string): Map<string, string> {
  const named = new Map<string, string>();
  for (const entry of readdirSync(client, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = join(entry.parentPath, entry.name);
    const html = readFileSync(file, 'utf8');
    for (const m of html.matchAll(
      /<meta (?:property|name)="(?:og|twitter):image" content="[^"]*?(\/og\/[\w-]+\.jpg)"/g,
    )) {
      if (!named.has(m[1]!)) named.set(m[1]!, file.slice(client.length));
    }
  }
  return named;
}

export function shareCards(): AstroIntegration {
  let cacheRoot = '';
  let root = new URL('file:///');
  return {
    name: 'share-cards',
    hooks: {
      'astro:config:setup': ({ config }) => {
        cacheRoot = join(fileURLToPath(config.cacheDir), 'share-cards');
        root = config.root;
      },
      'astro:server:setup': ({ server }) => {
        server.middlewares.use((req, res, next) => {
          const key = /^\/og\/([\w-]+)\.jpg$/.exec(req.url ?? '')?.[1];
          const input = key ? shareCardRegistry().get(key) : undefined;
          if (!input) return next();
          // In development the cropped picture is an /_image address of this very dev server.
          const paint = createPainter(async (sitePath) => {
            const response = await fetch(new URL(sitePath, `http://${req.headers.host ?? 'localhost'}`));
            return Buffer.from(await response.arrayBuffer());
          });
          paint(input).then(
            (jpeg) => res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(jpeg),
            (error: unknown) => next(error),
          );
        });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const client = fileURLToPath(dir);
        const out = join(client, 'og');
        const cache = join(cacheRoot, drawingVersion(root));
        mkdirSync(out, { recursive: true });
        mkdirSync(cache, { recursive: true });
        const paint = createPainter((sitePath) => Promise.resolve(join(client, decodeURI(sitePath))));
        const cards = [...shareCardRegistry()];
        let drawn = 0;
        await inBatches(cards, Math.max(2, availableParallelism()), async ([key, input]) => {
          const cached = join(cache, `${key}.jpg`);
          if (!existsSync(cached)) {
            writeFileSync(cached, await paint(input));
            drawn++;
          }
          copyFileSync(cached, join(out, `${key}.jpg`));
        });
        const missing = [...namedCards(client)].filter(([path]) => !existsSync(join(client, path)));
        if (missing.length > 0) {
          throw new Error(
            `share cards: ${missing.map(([path, page]) => `${path} (named by ${page})`).join(', ')} not drawn`,
          );
        }
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        logger.info(
          `${cards.length} share cards (${drawn} drawn, ${cards.length - drawn} from the cache) in ${seconds}s`,
        );
      },
    },
  };
}
