/**
 * An Astro container for rendering components in unit tests that knows the project's own
 * `client:interaction` directive (registered by src/integrations/client-interaction.ts in the
 * real build), bundled the way Astro bundles it.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { experimental_AstroContainer as AstroContainer, type AstroContainerOptions } from 'astro/container';
import idle from 'astro/runtime/client/idle.prebuilt.js';
import load from 'astro/runtime/client/load.prebuilt.js';
import media from 'astro/runtime/client/media.prebuilt.js';
import only from 'astro/runtime/client/only.prebuilt.js';
import visible from 'astro/runtime/client/visible.prebuilt.js';

async function interactionScript(): Promise<string> {
  const entry = fileURLToPath(new URL('../../src/lib/directives/interaction.ts', import.meta.url));
  const out = await build({
    stdin: {
      contents: `import directive from ${JSON.stringify(entry)};
(self.Astro || (self.Astro = {})).interaction = directive;
window.dispatchEvent(new Event('astro:interaction'));`,
      resolveDir: fileURLToPath(new URL('.', import.meta.url)),
    },
    format: 'iife',
    minify: true,
    bundle: true,
    write: false,
  });
  return out.outputFiles[0]!.text;
}

export async function createContainer(options: AstroContainerOptions = {}): Promise<AstroContainer> {
  const clientDirectives = new Map([
    ['idle', idle],
    ['load', load],
    ['media', media],
    ['only', only],
    ['visible', visible],
    ['interaction', await interactionScript()],
  ]);
  // The container fills every other manifest field with its defaults.
  const manifest = { clientDirectives } as unknown as NonNullable<AstroContainerOptions['manifest']>;
  return AstroContainer.create({ ...options, manifest });
}
