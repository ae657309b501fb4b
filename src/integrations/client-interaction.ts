/** Registers `client:interaction` (src/lib/directives/interaction.ts) with Astro. */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export function clientInteraction(): AstroIntegration {
  return {
    name: 'client-interaction',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'interaction',
          entrypoint: fileURLToPath(new URL('../lib/directives/interaction.ts', import.meta.url)),
        });
      },
    },
  };
}

declare module 'astro' {
  interface AstroClientDirectives {
    /**
     * Hydrate after the first scroll, tap or key press, once the island is near the viewport; given
     * the query parameters the island reads, a page opened with one of them does not wait.
     */
    'client:interaction'?: boolean | readonly string[];
  }
}
