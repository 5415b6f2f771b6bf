import { useMutation } from '@apollo/client';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import {
  AccountPageDocument,
  MeDocument,
  SetPrimaryWalletDocument,
  SetWalletVisibilityDocument,
  UnlinkWalletDocument,
  type WalletFieldsFragment,
} from '../../graphql/generated/graphql';
import { readRefusal } from '../../graphql/read-refusal';

/** A wallet is its address on one chain (null: every chain, an EOA). */
export function walletKey(wallet: Pick<WalletFieldsFragment, 'address' | 'chainId'>): string {
  return `${wallet.address}:${wallet.chainId ?? '*'}`;
}

const LAST_WALLET = msg`This is the account's only wallet, so it cannot be unlinked. Link another wallet first.`;
/** LAST_WALLET's English words, which the wallet section's test expects on screen in English. */
export const LAST_WALLET_MESSAGE =
  "This is the account's only wallet, so it cannot be unlinked. Link another wallet first.";
const UNLINK_FAILED = msg`The wallet could not be unlinked. Please try again.`;
const PRIMARY_FAILED = msg`The primary wallet could not be changed. Please try again.`;
const VISIBILITY_FAILED = msg`The wallet could not be published or withdrawn. Please try again.`;

export type WalletActions = {
  /** The wallet whose unlinking waits for the person's confirmation. */
  confirming: WalletFieldsFragment | null;
  askToUnlink(wallet: WalletFieldsFragment): void;
  cancelUnlink(): void;
  confirmUnlink(): Promise<void>;
  makePrimary(wallet: WalletFieldsFragment): Promise<void>;
  /** Publishes the wallet and its proof on the public profile, or withdraws it. */
  setVisibility(wallet: WalletFieldsFragment, visible: boolean): Promise<void>;
  /** The key of the wallet an action is in flight for. */
  pendingKey: string | null;
  error: string | null;
  /**
   * The action a passkey's session may not do (WALLET_SIGN_IN_REQUIRED): the
   * wallet signs in again, then it is tried again (`retry`).
   */
  walletSignInRequired: boolean;
  retry(): Promise<void>;
};

/** An action refused until the wallet signs in again. */
type Refused = { kind: 'unlink' | 'primary'; wallet: WalletFieldsFragment };

const refetchQueries = [AccountPageDocument, MeDocument];

/** Unlinking (after a confirmation) and choosing the primary wallet, with their refusals in words. */
export type UseWalletActionsParameters = {
  /** After a wallet is unlinked (its row, and the button that asked, are gone). */
  onUnlinked?: () => void;
};

export function useWalletActions({ onUnlinked }: UseWalletActionsParameters = {}): WalletActions {
  const [unlinkWallet] = useMutation(UnlinkWalletDocument);
  const [setPrimaryWallet] = useMutation(SetPrimaryWalletDocument);
  const [setWalletVisibility] = useMutation(SetWalletVisibilityDocument);
  const [confirming, setConfirming] = useState<WalletFieldsFragment | null>(null);
  const [pendingKey, setPendingKey] = useState<string | null>(null);
  const [error, setError] = useState<MessageDescriptor | null>(null);
  const [refused, setRefused] = useState<Refused | null>(null);
  const { i18n } = useLingui();
  const needsWallet = (failure: unknown, action: Refused) => {
    if (readRefusal(failure)?.code !== 'WALLET_SIGN_IN_REQUIRED') return false;
    setRefused(action);
    return true;
  };

  const unlink = async (wallet: WalletFieldsFragment) => {
    setPendingKey(walletKey(wallet));
    setError(null);
    setRefused(null);
    try {
      await unlinkWallet({
        variables: { address: wallet.address, chainId: wallet.chainId ?? null },
        refetchQueries,
        awaitRefetchQueries: true,
      });
      onUnlinked?.();
    } catch (failure) {
      if (needsWallet(failure, { kind: 'unlink', wallet })) return;
      setError(readRefusal(failure)?.code === 'LAST_WALLET' ? LAST_WALLET : UNLINK_FAILED);
    } finally {
      setPendingKey(null);
    }
  };

  const makePrimary = async (wallet: WalletFieldsFragment) => {
    setPendingKey(walletKey(wallet));
    setError(null);
    setRefused(null);
    try {
      await setPrimaryWallet({
        variables: { address: wallet.address, chainId: wallet.chainId ?? null },
        refetchQueries,
        awaitRefetchQueries: true,
      });
    } catch (failure) {
      if (needsWallet(failure, { kind: 'primary', wallet })) return;
      setError(PRIMARY_FAILED);
    } finally {
      setPendingKey(null);
    }
  };

  return {
    confirming,
    askToUnlink(wallet) {
      setError(null);
      setConfirming(wallet);
    },
    cancelUnlink: () => setConfirming(null),
    async confirmUnlink() {
      const wallet = confirming;
      if (!wallet) return;
      setConfirming(null);
      await unlink(wallet);
    },
    makePrimary,
    async setVisibility(wallet, visible) {
      setPendingKey(walletKey(wallet));
      setError(null);
      try {
        // The answer is the Wallet, keyed by address and chain: the cache updates its row.
        // Optimistic, so the switch moves when pressed; a refusal puts it back.
        await setWalletVisibility({
          variables: { address: wallet.address, public: visible, chainId: wallet.chainId ?? null },
          optimisticResponse: {
            setWalletVisibility: { __typename: 'Wallet', ...wallet, public: visible },
          },
        });
      } catch {
        setError(VISIBILITY_FAILED);
      } finally {
        setPendingKey(null);
      }
    },
    pendingKey,
    walletSignInRequired: refused !== null,
    async retry() {
      if (!refused) return;
      await (refused.kind === 'unlink' ? unlink(refused.wallet) : makePrimary(refused.wallet));
    },
    // In the page's language when shown, whatever it was when the action failed.
    error: error === null ? null : i18n._(error),
  };
}
