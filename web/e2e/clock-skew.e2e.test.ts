import { expect, it } from 'vitest';
import { queryMe } from './harness/query-me.js';
import { setUpSigilBrowser } from './harness/set-up-sigil-browser.js';
import { SigilApp } from './harness/sigil-app.js';

const browser = setUpSigilBrowser();
const { appUrl } = browser.environment;

/** Page script, as text: every `Date` of the page runs `offsetMs` off the real clock. */
function shiftedClock(offsetMs: number): string {
  return `(() => {
  const RealDate = Date;
  const offset = ${offsetMs};
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...args);
    }
    static now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = ShiftedDate;
})();`;
}

const FIVE_MINUTES = 5 * 60_000;

it.each([
  ['behind', -FIVE_MINUTES, 0],
  ['ahead', FIVE_MINUTES, 19],
])('signs in from a browser whose clock is five minutes %s', async (_, offsetMs, accountIndex) => {
  const { page, context, wallet } = await browser.open({ accountIndex, blank: true });
  await context.addInitScript({ content: shiftedClock(offsetMs) });
  await page.goto('/');
  const pageOffset = (await page.evaluate(() => Date.now())) - Date.now();
  expect(Math.abs(pageOffset - offsetMs)).toBeLessThan(30_000);

  const app = new SigilApp(page);
  await app.connectAndSignIn();
  expect(wallet.signatureRequests).toBe(1);
  expect(await queryMe({ appUrl, context })).toEqual({ address: wallet.address });
});
