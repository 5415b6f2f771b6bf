import { observableValue } from './observable-value';

/**
 * A click on Connect (or "Get started") that came before the wallet stack
 * had loaded, and the wallet chosen meanwhile in the early wallet list, if
 * any. The first paint records them here; once RainbowKit is up,
 * OpenPendingConnect opens its dialog for them and, for a chosen wallet,
 * carries the choice on there, so the first click after load is never lost
 * (docs/web-app.md, "First-visit delivery").
 */
export type EarlyWalletChoice = {
  /** The wallet's name, as the early list showed it. */
  name: string;
  /** RainbowKit's option ids it may have in the dialog, in order of preference. */
  optionIds: readonly string[];
};

export type PendingConnect = {
  /** The wallet list was asked for and not closed. */
  requested: boolean;
  wallet: EarlyWalletChoice | null;
};

const NONE: PendingConnect = { requested: false, wallet: null };
const pending = observableValue<PendingConnect>(NONE);

/** Records a click that must open the connect dialog as soon as it exists. */
export function requestConnect() {
  if (!pending.get().requested) pending.set({ requested: true, wallet: null });
}

/** Records the wallet chosen in the early list: RainbowKit's dialog opens on it. */
export function chooseEarlyWallet(wallet: EarlyWalletChoice) {
  pending.set({ requested: true, wallet });
}

/** The person closed the early list: nothing is opened for them. */
export function cancelConnect() {
  pending.set(NONE);
}

/** What is waiting now (the same object until it changes). */
export const getPendingConnect = pending.get;

/** The request that was waiting, once; null when none was, and after that. */
export function takePendingConnect(): PendingConnect | null {
  const taken = pending.get();
  if (!taken.requested) return null;
  pending.set(NONE);
  return taken;
}

/** Calls `listener` at each change; returns the unsubscribe function. */
export const onPendingConnectChange = pending.subscribe;
