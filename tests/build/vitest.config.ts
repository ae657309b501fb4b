// Build-level tests (`npm run test:build`): each runs the real production build, in this checkout
// or in a temporary copy, and checks what it printed, what it wrote and what it produced.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/build/**/*.test.ts'],
    // Builds are heavy on a 2-core machine: one file at a time. A build in a fresh copy draws every
    // picture and share card from scratch (no cache): over 5 minutes on a loaded CI machine.
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
