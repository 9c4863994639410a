import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './browser.ts';

/**
 * Browser quality checks (`npm run test:quality`): axe on every page and dialog, Lighthouse on
 * the home page. Against the production build, on a port of their own (E2E_PORT, 4207 by
 * default) so they never share a server with the functional suite. Run `npm run build` first.
 */
const port = process.env.E2E_PORT ?? '4207';
// The fixtures (sign-in, outbox) read E2E_PORT; the test workers inherit it from here.
process.env.E2E_PORT = port;
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: './quality',
  outputDir: './test-results/quality',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 180_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: await chromiumPath(), args: chromiumArgs },
  },
  projects: [
    { name: 'mobile', use: { viewport: { width: 375, height: 812 } }, testMatch: /axe\.spec\.ts/ },
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } }, testMatch: /axe\.spec\.ts/ },
    { name: 'lighthouse', testMatch: /lighthouse\.spec\.ts/ },
  ],
  webServer: {
    command: 'node server.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { E2E_PORT: port },
  },
});
