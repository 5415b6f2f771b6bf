import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';

/**
 * Runs `check` with every text of the page in `family` (a style the page gets for the
 * while, then loses), so a test can hold the layout to a font other than the one the
 * machine's `sans-serif` happens to be: DejaVu Sans, which many Linux machines have
 * without Noto, sets text wider (docs/testing.md). Throws when fontconfig does not have
 * the family, rather than check in a fallback font and pass for nothing.
 */
export async function inFontFamily<T>(
  page: Page,
  family: string,
  check: () => Promise<T>,
): Promise<T> {
  const installed = execFileSync('fc-list', [`:family=${family}`, 'family'], { encoding: 'utf8' });
  if (installed.trim() === '') {
    throw new Error(
      `The font family "${family}" is not installed (apt-get install fonts-dejavu-core)`,
    );
  }
  const style = await page.addStyleTag({
    content: `*, *::before, *::after { font-family: "${family}" !important; }`,
  });
  try {
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    return await check();
  } finally {
    await style.evaluate((element) => (element as HTMLStyleElement).remove());
  }
}
