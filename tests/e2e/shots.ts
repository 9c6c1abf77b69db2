import type { Page } from "@playwright/test";
import { untilInteractive } from "./fixtures";

/**
 * With SHOTS_DIR set, photographs the page at 1280 px (whole page) and 390 px (a phone) into
 * `<SHOTS_DIR>/<prefix>-<name>-<width>.png`, then puts the 1280 px viewport back; without it,
 * only waits until the page is interactive, so a journey runs the same either way.
 */
export async function photograph(page: Page, prefix: string, name: string): Promise<void> {
  await untilInteractive(page);
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${dir}/${prefix}-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
