import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium (`apt-get install -y chromium`): the bench never downloads a browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// --no-sandbox because the bench runs as root; the rest keep Chromium itself
// from reaching the network behind the page's back (DESIGN §7).
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Resolves with the browser, or undefined when Chromium is not installed. */
export async function launchBenchChromium(): Promise<Browser | undefined> {
  if (!existsSync(CHROMIUM_PATH)) return undefined;
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}
