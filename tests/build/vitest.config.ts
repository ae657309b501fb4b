// Build-level tests (`npm run test:build`): each runs the real production build, in this checkout
// or in a temporary copy, and checks what it printed, what it wrote and what it produced.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/build/**/*.test.ts'],
    // Builds are heavy on a 2-core machine: one file at a time.
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
