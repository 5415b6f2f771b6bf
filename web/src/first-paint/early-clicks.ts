import { useLayoutEffect } from 'react';
import { requestPasskeySignIn } from '../passkeys/pending-passkey-sign-in';
import { offeredChoice, POPULAR_WALLETS, WALLET_CONNECT_WALLETS } from './offered-wallets';
import { chooseEarlyWallet, requestConnect } from './pending-connect';

declare global {
  interface Window {
    /**
     * The taps on index.html's first paint before main.tsx rendered over it, kept by the startup
     * script (build/locale-boot-script.ts) by each button's `data-early-click`.
     */
    sigilEarlyClicks?: string[];
  }
}

/** What a first-paint button's tap asks for, by its `data-early-click`. */
export const EARLY_CLICK = { connect: 'connect', passkey: 'passkey' } as const;

/**
 * Once main.tsx has rendered over index.html's first paint: the taps kept
 * until then are asked for again, as if they had come now (the Connect
 * button's busy state, the early wallet list, a passkey sign-in), and the
 * startup script keeps no more (docs/web-app.md, "The first paint in
 * index.html"). The page is no longer marked as in another language either.
 */
export function takeEarlyClicks(): void {
  const clicks = window.sigilEarlyClicks ?? [];
  window.sigilEarlyClicks = undefined;
  document.documentElement.removeAttribute('data-first-paint');
  if (clicks.includes(EARLY_CLICK.connect)) requestConnect();
  if (clicks.includes(EARLY_CLICK.passkey)) requestPasskeySignIn();
  // The last wallet tapped in index.html's own early list (an offered one: none is announced there).
  const chosen = earlyWalletChosen(clicks);
  const wallet = [...POPULAR_WALLETS, ...WALLET_CONNECT_WALLETS].find(({ id }) => id === chosen);
  if (wallet) chooseEarlyWallet(offeredChoice(wallet));
}

/** The id of the wallet last tapped in index.html's early list before main.tsx, if any. */
export function earlyWalletChosen(clicks = window.sigilEarlyClicks ?? []): string | undefined {
  return clicks
    .filter((click) => click.startsWith('wallet:'))
    .at(-1)
    ?.slice('wallet:'.length);
}

/**
 * Takes the early taps up once main.tsx's first paint has committed (hydrated or rendered):
 * in the commit itself, so the early wallet list opens in the same task rather than a frame later.
 */
export function TakeEarlyClicks() {
  useLayoutEffect(takeEarlyClicks, []);
  return null;
}
