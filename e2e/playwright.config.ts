import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './browser.ts';
import { PORT, baseURL } from './env.ts';
import { SCREENSHOTS_PROJECT } from './screenshots.ts';

/** Browser tests against the production build (run `npm run build` first; `npm test` does). */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  // A flaky test shows as a failure, never as a pass on its second try.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: await chromiumPath(), args: chromiumArgs },
  },
  // e2e gates `npm test`; screenshots runs the same flows and writes the pictures people look at
  // (`npm run screenshots -w e2e`), so a picture can never fail or slow the gating run.
  projects: [{ name: 'e2e' }, { name: SCREENSHOTS_PROJECT }],
  webServer: {
    command: 'node server.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { E2E_PORT: String(PORT) },
  },
});
