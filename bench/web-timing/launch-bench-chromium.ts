import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { CHROMIUM_PATH, launchChromium } from '../../testing/launch-chromium.js';

export { CHROMIUM_PATH };

/** The shared launcher, but a bench prints "skipped" instead of failing when Chromium is absent. */
export async function launchBenchChromium(): Promise<Browser | undefined> {
  return existsSync(CHROMIUM_PATH) ? launchChromium() : undefined;
}
