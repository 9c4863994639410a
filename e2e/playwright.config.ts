import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './browser.ts';
import { PORT, baseURL } from './env.ts';

/** Browser tests against the production build (run `npm run build` first; `npm test` does). */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: await chromiumPath(), args: chromiumArgs },
  },
  webServer: {
    command: 'node server.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { E2E_PORT: String(PORT) },
  },
});
