import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test, type Page } from '@playwright/test';
import { e2eDir } from './env.ts';

/** Where the specs write their screenshots (looked at by people, not compared by tests). */
export const screenshotDir = path.join(e2eDir, 'screenshots');
mkdirSync(screenshotDir, { recursive: true });

/** The Playwright project that takes the screenshots (`npm run screenshots -w e2e`); never part of `npm test`. */
export const SCREENSHOTS_PROJECT = 'screenshots';

/**
 * Full-page screenshots of the page as it is, at phone and desktop widths: `<name>-375.png` and
 * `<name>-1280.png`. Animations are finished first, so an opening dialog shows as it settles.
 * Only in the screenshots project: the gating run (project e2e) neither takes nor waits for them.
 */
export async function screenshots(page: Page, name: string, widths: readonly number[] = [375, 1280]) {
  if (test.info().project.name !== SCREENSHOTS_PROJECT) return;
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    // Instantly: the app scrolls smoothly, and a shot taken mid-scroll paints the sticky header mid-page.
    await page.evaluate("window.scrollTo({ top: 0, behavior: 'instant' })");
    await page.screenshot({ path: path.join(screenshotDir, `${name}-${width}.png`), fullPage: true, animations: 'disabled' });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** One shot at the page's current width (the whole page, or the window), in the screenshots project only. */
export async function screenshotAsIs(page: Page, name: string, { fullPage = true } = {}) {
  if (test.info().project.name !== SCREENSHOTS_PROJECT) return;
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage });
}
