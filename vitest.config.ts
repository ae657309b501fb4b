/// <reference types="vitest/config" />
// Unit tests run through Astro's Vite config so astro:content types and the
// Astro container API work exactly as in the build.
import { getViteConfig } from 'astro/config';

export default getViteConfig({
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    testTimeout: 20_000,
  },
});
