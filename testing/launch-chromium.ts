import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium (`apt-get install -y chromium`): nothing here downloads a browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Running as root needs --no-sandbox; the rest keep Chromium itself from
// reaching the network behind the page's back (docs/testing.md).
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Why Chromium cannot be launched here, or undefined when it can. A suite
 * passes it to `availableOrSkip` (skip-or-fail.ts); a bench prints it as the
 * reason it skipped.
 */
export function chromiumMissing(): string | undefined {
  return existsSync(CHROMIUM_PATH)
    ? undefined
    : `${CHROMIUM_PATH} is missing (apt-get install -y chromium fonts-noto-color-emoji, or set CHROMIUM_PATH)`;
}

/** Headless Chromium for the end-to-end suite and the benches; throws when it is not installed. */
export async function launchChromium(): Promise<Browser> {
  const missing = chromiumMissing();
  if (missing) throw new Error(missing);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}
