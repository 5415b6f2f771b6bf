import { observableValue } from './observable-value';

/**
 * The wallets the browser announces (EIP-6963), gathered from the first
 * moment the entry runs, so the early wallet list (early-wallet-list.tsx)
 * can show them before wagmi, which gathers them again for itself, has
 * loaded. A wallet announces itself on `eip6963:requestProvider` and again
 * whenever it is injected later.
 */
export type AnnouncedWallet = {
  /** Reverse domain name, e.g. `io.metamask`: RainbowKit's option id for it. */
  rdns: string;
  name: string;
  /** A `data:image/…` URI, or null when the wallet gave anything else (never loaded from a host). */
  icon: string | null;
};

/** A name longer than this is cut: a hostile wallet must not lay out the dialog. */
const MAX_NAME_LENGTH = 64;

const wallets = observableValue<readonly AnnouncedWallet[]>([]);

/** The announcement's wallet, or null for a detail that is not a well-formed EIP-6963 info. */
export function readAnnouncement(detail: unknown): AnnouncedWallet | null {
  const info = (detail as { info?: unknown } | null)?.info as Record<string, unknown> | undefined;
  if (!info || typeof info.rdns !== 'string' || typeof info.name !== 'string') return null;
  const rdns = info.rdns.trim();
  const name = info.name.trim().slice(0, MAX_NAME_LENGTH);
  if (rdns === '' || name === '') return null;
  const icon =
    typeof info.icon === 'string' && /^data:image\/[\w.+-]+[;,]/i.test(info.icon)
      ? info.icon
      : null;
  return { rdns, name, icon };
}

function onAnnounce(event: Event) {
  const wallet = readAnnouncement((event as CustomEvent).detail);
  // wagmi keeps the first provider of each rdns; so does this list.
  if (!wallet || wallets.get().some((known) => known.rdns === wallet.rdns)) return;
  wallets.set([...wallets.get(), wallet]);
}

/** Starts listening and asks the wallets already injected to announce themselves. */
export function discoverAnnouncedWallets(target: Window = window): () => void {
  target.addEventListener('eip6963:announceProvider', onAnnounce);
  target.dispatchEvent(new Event('eip6963:requestProvider'));
  return () => target.removeEventListener('eip6963:announceProvider', onAnnounce);
}

/** The wallets announced so far, in the order they announced themselves (a new array on each change). */
export const getAnnouncedWallets = wallets.get;

/** Calls `listener` when a wallet is added; returns the unsubscribe function. */
export const onAnnouncedWalletsChange = wallets.subscribe;

/** Forgets every wallet (tests). */
export function forgetAnnouncedWallets() {
  wallets.set([]);
}
