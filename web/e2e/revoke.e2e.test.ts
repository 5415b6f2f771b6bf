import { expect, it } from 'vitest';
import { failureBound } from '../../testing/failure-bound.js';
import { queryMe } from './harness/query-me.js';
import { setUpSigilBrowser } from './harness/set-up-sigil-browser.js';
import { SigilApp } from './harness/sigil-app.js';

const browser = setUpSigilBrowser();
const { appUrl } = browser.environment;

it('signs the first tab out, live, when a second device revokes its session', async () => {
  const first = await browser.open({ accountIndex: 11, path: '/account' });
  const firstApp = new SigilApp(first.page);
  await firstApp.connectAndSignIn();
  await firstApp.expectAccountPage(first.wallet.address);
  const events = first.page.getByTestId('events-feed').getByTestId('event-item');
  const eventsBefore = await events.count();

  // Another browser profile, the same account: a second device.
  const second = await browser.open({ accountIndex: 11, path: '/account' });
  const secondApp = new SigilApp(second.page);
  await secondApp.connectAndSignIn();
  await secondApp.expectAccountPage(second.wallet.address);

  // The second sign-in reaches the first tab live, without a reload.
  await expect
    .poll(() => events.count(), { timeout: failureBound(10_000) })
    .toBeGreaterThan(eventsBefore);

  const sessions = second.page.getByTestId('sessions-list').getByTestId('session-item');
  await expect.poll(() => sessions.count()).toBe(2);
  const firstTabSession = sessions.and(second.page.locator(':not([data-current="true"])'));
  await firstTabSession.getByRole('button', { name: 'Revoke' }).click();

  // No reload and no action in the first tab: only the revocation can sign it out.
  await firstApp.expectAuthStatus('unauthenticated');
  expect(await queryMe({ appUrl, context: first.context })).toBeNull();
  expect(await queryMe({ appUrl, context: second.context })).toEqual({
    address: second.wallet.address,
  });
  await expect.poll(() => sessions.count()).toBe(1);
});
