/**
 * Integration tests: the built site served by src/server/main.ts with a real SMTP server and CRM
 * endpoint on 127.0.0.1. Plain Node (no Astro/Vite config): the code under test is the server
 * process itself. Files run one after another; each starts its own servers on free ports.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/integration/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
