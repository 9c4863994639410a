import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { e2eDir } from './env.ts';

/** Where the specs write their screenshots (looked at by people, not compared by tests). */
export const screenshotDir = path.join(e2eDir, 'screenshots');
mkdirSync(screenshotDir, { recursive: true });

/**
 * Full-page screenshots of the page as it is, at phone and desktop widths: `<name>-375.png` and
 * `<name>-1280.png`. Animations are finished first, so an opening dialog shows as it settles.
 */
export async function screenshots(page: Page, name: string, widths: readonly number[] = [375, 1280]) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    // Instantly: the app scrolls smoothly, and a shot taken mid-scroll paints the sticky header mid-page.
    await page.evaluate("window.scrollTo({ top: 0, behavior: 'instant' })");
    await page.screenshot({ path: path.join(screenshotDir, `${name}-${width}.png`), fullPage: true, animations: 'disabled' });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
