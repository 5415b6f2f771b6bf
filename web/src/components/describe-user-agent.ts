import { t } from '@lingui/core/macro';
import { UAParser } from 'ua-parser-js';

/**
 * ua-parser-js names browsers by their UA family ("Mobile Chrome", "Chrome
 * Headless"); a person recognises their device by the browser's own name.
 */
const BROWSER_NAMES: Record<string, string> = {
  'Chrome Headless': 'Headless Chrome',
  'Mobile Chrome': 'Chrome',
  'Mobile Firefox': 'Firefox',
  'Mobile Safari': 'Safari',
};

/** Apple's models are what people call their devices; other vendors' are part numbers. */
const NAMED_MODELS = new Set(['iPhone', 'iPad', 'iPod']);

/**
 * "Firefox on Linux", "Safari on iPad" from a User-Agent header: good enough
 * to recognise one's own devices. ua-parser-js (the copy RainbowKit already
 * loads, so it costs no bytes) instead of our own patterns: its tables
 * follow new browsers and systems.
 */
export function describeUserAgent(userAgent: string | null | undefined): string {
  const unknown = () =>
    t({
      message: 'Unknown device',
      comment: 'A session or sign-in whose browser sent no User-Agent the app recognises.',
    });
  if (!userAgent) return unknown();
  const { browser, os, device } = UAParser(userAgent);
  // Brand names ("Chrome", "iPhone", "Windows") stay as their makers write them; only the
  // words around them are the catalogue's.
  const browserName = browser.name && (BROWSER_NAMES[browser.name] ?? browser.name);
  const place = device.model && NAMED_MODELS.has(device.model) ? device.model : os.name;
  if (browserName && place) {
    return t({
      message: `${browserName} on ${place}`,
      comment:
        'A device in a list of sessions: a browser\'s name ("Chrome") on a system or Apple device ("Linux", "iPhone"), both brand names.',
    });
  }
  return browserName ?? place ?? unknown();
}
