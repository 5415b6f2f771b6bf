import { expect, it } from 'vitest';
import { saveScreenshot } from './harness/save-screenshot.js';
import { setUpSigilBrowser } from './harness/set-up-sigil-browser.js';
import { MESSAGES, SigilApp } from './harness/sigil-app.js';

// A server of this file's own, allowing one nonce per client a minute.
const browser = setUpSigilBrowser({ serverEnv: { RATE_LIMIT_PER_MINUTE: '1' } });

it("says when to try again when the server's rate limit refuses a sign-in attempt", async () => {
  const { page, wallet } = await browser.open({ accountIndex: 4 });
  const app = new SigilApp(page);
  await app.connect();

  // The first message used the minute's only nonce; the retry needs another one.
  wallet.rejectNextSignature();
  await app.signMessage();
  await app.expectSignInViewReady();
  await app.signMessage();

  // RainbowKit keeps its own step message; the wait is said beside it.
  await app.expectDialogText(MESSAGES.preparing);
  const notice = page.getByTestId('rate-limit-notice');
  await expect
    .poll(() => notice.textContent())
    .toMatch(/^Too many sign-in attempts from this connection\. Try again in \d+ seconds?\./);
  expect(wallet.signatureRequests).toBe(1);
  await app.expectAuthStatus('unauthenticated');
  await saveScreenshot(page, 'rate-limited');
});
