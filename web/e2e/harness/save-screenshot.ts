import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';

/** Git-ignored; README.md and docs/screenshots take their pictures from here. */
export const SCREENSHOTS_DIR = fileURLToPath(new URL('../screenshots/', import.meta.url));
/** What the pages showed when a test failed (cleared at the start of each run). */
export const FAILURES_DIR = `${SCREENSHOTS_DIR}failures/`;

/**
 * Saves what the page shows now as `screenshots/<name>.png`, once animations settle;
 * `fullPage` takes the whole page rather than the viewport.
 */
export async function saveScreenshot(
  page: Page,
  name: string,
  { fullPage = false }: { fullPage?: boolean } = {},
): Promise<string> {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  const path = `${SCREENSHOTS_DIR}${name}.png`;
  await page.screenshot({ path, animations: 'disabled', caret: 'hide', fullPage });
  return path;
}

/** Saves one element (a section of a page) as `screenshots/<name>.png`. */
export async function saveElementScreenshot(locator: Locator, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  const path = `${SCREENSHOTS_DIR}${name}.png`;
  await locator.screenshot({ path, animations: 'disabled', caret: 'hide' });
  return path;
}
