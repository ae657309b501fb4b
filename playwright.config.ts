/**
 * Browser tests and site sweeps run against the production build served exactly as
 * `npm start` serves it (src/server/main.ts), in Debian's Chromium.
 */
import { defineConfig, devices } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumPath, chromiumArgs } from './tests/support/chromium.ts';

const port = Number(process.env['TEST_PORT'] ?? 4399);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests',
  testMatch: ['e2e/**/*.spec.ts', 'site/**/*.spec.ts'],
  fullyParallel: true,
  workers: 2,
  retries: process.env['CI'] ? 1 : 0,
  reporter: [['list']],
  timeout: 60_000,
  use: {
    baseURL,
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
    trace: 'off',
  },
  webServer: {
    command: 'node src/server/main.ts',
    url: `${baseURL}/`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      // Leads sent by the tests go to a database of their own, never to data/leads.db.
      LEADS_DB: join(tmpdir(), `e2e-leads-${port}.db`),
      ...(process.env['TEST_SERVER_ENV'] ? (JSON.parse(process.env['TEST_SERVER_ENV']) as Record<string, string>) : {}),
    },
    reuseExistingServer: false,
    timeout: 60_000,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    {
      name: 'phone',
      testIgnore: 'site/**',
      use: { ...devices['Pixel 7'], viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true },
    },
  ],
});
