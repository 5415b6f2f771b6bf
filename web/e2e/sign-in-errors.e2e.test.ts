import type { Route } from 'playwright-core';
import { mnemonicToAccount } from 'viem/accounts';
import { expect, it } from 'vitest';
import { HARDHAT_MNEMONIC } from '../../testing/test-wallet/test-wallet.js';
import { setUpSigilBrowser } from './harness/set-up-sigil-browser.js';
import { MESSAGES, SigilApp } from './harness/sigil-app.js';

const browser = setUpSigilBrowser();

/** A well-formed signature of the message by a key that is not the signer's. */
function otherKeySignature(message: string): Promise<string> {
  return mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: 19 }).signMessage({ message });
}

/** The GraphQL operation a POST /graphql carries, if any. */
function operationName(route: Route): string | undefined {
  const request = route.request();
  if (request.method() !== 'POST') return undefined;
  try {
    return (request.postDataJSON() as { operationName?: string } | null)?.operationName;
  } catch {
    return undefined;
  }
}

async function expectNoErrorMessage(app: SigilApp) {
  for (const message of Object.values(MESSAGES)) {
    expect(await app.page.getByText(message).count(), message).toBe(0);
  }
}

it('returns quietly to the sign-in view when the user rejects the signature', async () => {
  const { page, wallet } = await browser.open({ accountIndex: 4 });
  const app = new SigilApp(page);
  await app.connect();

  wallet.rejectNextSignature();
  await app.signMessage();
  await app.expectSignInViewReady();
  expect(wallet.signatureRequests).toBe(1);
  await app.expectDialogText('Verify your account');
  await expectNoErrorMessage(app);
  await app.expectAuthStatus('unauthenticated');

  await app.signMessage();
  await app.expectAuthStatus('authenticated');
});

it('shows the signing message when the wallet fails to sign, then a retry signs in', async () => {
  const { page, wallet } = await browser.open({ accountIndex: 5 });
  const app = new SigilApp(page);
  await app.connect();

  wallet.failNextSignature();
  await app.signMessage();
  await app.expectDialogText(MESSAGES.signing);
  await app.expectAuthStatus('unauthenticated');

  await app.signMessage();
  await app.expectAuthStatus('authenticated');
  expect(wallet.signatureRequests).toBe(2);
});

it('shows the verifying message when the server refuses the signature, then a retry signs in', async () => {
  const { page } = await browser.open({ accountIndex: 6 });
  const app = new SigilApp(page);
  await app.connect();

  // The real server must refuse: the signature in the request is swapped for
  // one by another key, so it recovers to another address.
  const refusals: string[] = [];
  let tampered = false;
  await page.route('**/graphql', async (route) => {
    if (tampered || operationName(route) !== 'SignIn') return route.fallback();
    tampered = true;
    const body = route.request().postDataJSON() as {
      variables: { message: string; signature: string };
    };
    body.variables.signature = await otherKeySignature(body.variables.message);
    const response = await route.fetch({ postData: JSON.stringify(body) });
    const json = (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
    refusals.push(...(json.errors ?? []).map((error) => String(error.extensions?.code)));
    return route.fulfill({ response });
  });

  await app.signMessage();
  await app.expectDialogText(MESSAGES.verifying);
  expect(refusals).toEqual(['INVALID_SIGNATURE']);
  await app.expectAuthStatus('unauthenticated');

  await app.signMessage();
  await app.expectAuthStatus('authenticated');
});

it('shows the preparing message when the nonce request fails, then a retry signs in', async () => {
  const { page, wallet } = await browser.open({ accountIndex: 7 });
  const app = new SigilApp(page);
  let nonceAttempts = 0;
  let failing = true;
  await page.route('**/graphql', (route) => {
    if (!failing || operationName(route) !== 'CreateNonce') return route.fallback();
    nonceAttempts += 1;
    return route.abort('connectionreset');
  });

  await app.openConnectModal();
  await app.chooseTestWallet();
  await app.expectDialogText(MESSAGES.preparing, 20_000);
  // docs/web-app.md: the client retries a network failure 5 times before giving up.
  expect(nonceAttempts).toBe(5);
  expect(wallet.signatureRequests).toBe(0);

  failing = false;
  // RainbowKit asks for a nonce when its sign-in view opens: the retry is
  // leaving the view (which disconnects) and connecting again.
  await app.dialog.getByRole('button', { name: 'Cancel' }).click();
  await app.expectConnectionStatus('disconnected');
  await app.connect();
  await app.signMessage();
  await app.expectAuthStatus('authenticated');
});
