import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { failureBound } from '../../../testing/failure-bound.js';
import { TestWallet } from '../../../testing/test-wallet/test-wallet.js';

/** The user-facing messages of docs/sign-in.md, exactly. */
export const MESSAGES = {
  preparing: 'Error preparing message, please retry!',
  signing: 'Error signing message, please retry!',
  verifying: 'Error verifying signature, please retry!',
  generic: 'Oops, something went wrong!',
  wrongNetwork: 'Wrong network detected, switch or disconnect to continue.',
} as const;

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected' | 'reconnecting';
export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

// Plain page script, as text: no test-runner transform can reach it.
const RECORD_AUTH_STATUSES = `(() => {
  if (window.top !== window) return;
  const seen = (window.__sigilAuthStatuses = []);
  new MutationObserver(() => {
    const status = document.querySelector('[data-testid="auth-status"]')?.getAttribute('data-status');
    if (status && seen.at(-1) !== status) seen.push(status);
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
})();`;

/**
 * Drives Sigil's UI the way a person does, through the test ids the app and
 * RainbowKit expose. Waits poll until the expected state or the timeout.
 */
export class SigilApp {
  constructor(readonly page: Page) {}

  get connectionStatus(): Locator {
    return this.page.getByTestId('connection-status');
  }

  get authStatus(): Locator {
    return this.page.getByTestId('auth-status');
  }

  /** RainbowKit's modal (connect, sign-in, chains, account): the open one. */
  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  /** RainbowKit's sign-in action: "Sign message", or its step while busy. */
  get signMessageButton(): Locator {
    return this.page.getByTestId('rk-auth-message-button');
  }

  // The chips say their state in words; `data-status` keeps the state's name.
  async expectConnectionStatus(status: ConnectionStatus, timeout = 10_000): Promise<void> {
    await expectStatus(this.connectionStatus, status, timeout);
  }

  async expectAuthStatus(status: AuthStatus, timeout = 10_000): Promise<void> {
    await expectStatus(this.authStatus, status, timeout);
  }

  /**
   * From the next page load on, records in the page every auth status it
   * shows, as it changes: a transient value no poll would catch is kept.
   * Resolves with a reader of the statuses so far, in order.
   */
  async recordAuthStatuses(): Promise<() => Promise<string[]>> {
    await this.page.addInitScript({ content: RECORD_AUTH_STATUSES });
    return () =>
      this.page.evaluate(
        () => (window as unknown as { __sigilAuthStatuses?: string[] }).__sigilAuthStatuses ?? [],
      );
  }

  /**
   * Waits until the app knows where it stands: the session is no longer
   * loading and the wallet is connected or not. Until then RainbowKit's
   * ConnectButton is rendered but ignores clicks.
   */
  async waitUntilSettled(timeout = 15_000): Promise<void> {
    await expect
      .poll(
        async () =>
          [
            await this.authStatus.getAttribute('data-status'),
            await this.connectionStatus.getAttribute('data-status'),
          ].join(' '),
        { timeout },
      )
      .toMatch(/^(authenticated|unauthenticated) (connected|disconnected)$/);
  }

  /** Opens RainbowKit's connect modal from the ConnectButton. */
  async openConnectModal(): Promise<void> {
    await this.waitUntilSettled();
    await this.page.getByTestId('rk-connect-button').first().click();
    await this.dialog.waitFor();
  }

  /** Picks the Sigil Test Wallet in the connect modal (announced by EIP-6963). */
  async chooseTestWallet(): Promise<void> {
    await this.page.getByTestId(`rk-wallet-option-${TestWallet.info.rdns}`).click();
  }

  /** Connects the wallet and waits for RainbowKit's sign-in view, ready to sign. */
  async connect(): Promise<void> {
    await this.openConnectModal();
    await this.chooseTestWallet();
    await this.expectSignInViewReady();
  }

  /** The sign-in view is open and its button offers to sign (a nonce is in hand). */
  async expectSignInViewReady(timeout = failureBound(15_000)): Promise<void> {
    await expectText(this.signMessageButton, 'Sign message', timeout);
    await expect.poll(() => this.signMessageButton.isEnabled(), { timeout }).toBe(true);
  }

  /** Presses "Sign message" in the sign-in view. */
  async signMessage(): Promise<void> {
    await this.expectSignInViewReady();
    await this.signMessageButton.click();
  }

  /** Connects, signs, and waits until the server says this tab is signed in. */
  async connectAndSignIn(): Promise<void> {
    await this.connect();
    await this.signMessage();
    await this.expectAuthStatus('authenticated', 15_000);
  }

  /** Follows the header's "Account" link. */
  async openAccountPage(): Promise<void> {
    await this.page.getByRole('link', { name: 'Account', exact: true }).click();
  }

  /** The account page shows this account's full checksummed address. */
  async expectAccountPage(address: string, timeout = 15_000): Promise<void> {
    await expect
      .poll(() => this.page.getByTestId('account-address').first().textContent({ timeout }), {
        timeout,
      })
      .toContain(address);
  }

  /** Waits until `text` shows in the open dialog. */
  async expectDialogText(text: string, timeout = 15_000): Promise<void> {
    await this.dialog.getByText(text, { exact: true }).waitFor({ timeout });
  }
}

/** Polls a status chip's `data-status` until it equals `expected`. */
export async function expectStatus(locator: Locator, expected: string, timeout = 10_000) {
  await expect
    .poll(() => locator.first().getAttribute('data-status', { timeout }), { timeout })
    .toBe(expected);
}

/** Polls a locator's trimmed text until it equals `expected`. */
export async function expectText(locator: Locator, expected: string, timeout = 10_000) {
  await expect
    .poll(async () => (await locator.first().textContent({ timeout }))?.trim(), { timeout })
    .toBe(expected);
}
