import { Trans } from '@lingui/react/macro';
import { useRef } from 'react';
import { isAddressEqual } from 'viem';
import { useAccount } from 'wagmi';
import { isEvmAddress } from '../../components/is-evm-address';
import { LinkWalletPanel } from './link-wallet-panel';
import { UnlinkWalletDialog } from './unlink-wallet-dialog';
import type { AccountPageData } from './use-account-page';
import { useWalletActions, walletKey } from './use-wallet-actions';
import { useWalletSignInAgain } from './use-wallet-sign-in-again';
import { WalletRow } from './wallet-row';
import { WalletSignInRequired } from './wallet-sign-in-required';

export type WalletsSectionProps = {
  wallets: AccountPageData['wallets'];
  sessions: AccountPageData['sessions'];
  chainName(chainId: number): string;
};

// A Solana key (base58, case-sensitive) is only ever itself; an Ethereum address in any case.
const sameAddress = (a: string, b: string) =>
  isEvmAddress(a) && isEvmAddress(b) ? isAddressEqual(a, b) : a === b;

/** The account's wallets: each one signs in here; link another, choose the primary, unlink. */
export function WalletsSection({ wallets, sessions, chainName }: WalletsSectionProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The row and its Unlink button are gone: focus goes to the section, not to the page's start.
  const actions = useWalletActions({ onUnlinked: () => headingRef.current?.focus() });
  const { address: walletAddress } = useAccount();
  // A passkey's session may not unlink or promote a wallet: the wallet signs in again first.
  const walletSignIn = useWalletSignInAgain();
  const confirming = actions.confirming;
  const startedBy = confirming
    ? sessions.filter(
        (session) =>
          session.address != null &&
          sameAddress(session.address, confirming.address) &&
          (confirming.chainId == null || session.chainId === confirming.chainId),
      )
    : [];
  return (
    <section className="card" aria-labelledby="wallets-title" data-testid="wallets-section">
      <h2 id="wallets-title" tabIndex={-1} ref={headingRef}>
        <Trans>Wallets</Trans>
      </h2>
      <p className="muted">
        <Trans>
          Any of these wallets signs in to this account. Switching between them in your wallet keeps
          you signed in. The primary wallet's address is the one shown as the account's.
        </Trans>
      </p>
      {actions.error ? (
        <p className="inline-error" role="alert" data-testid="wallets-error">
          {actions.error}
        </p>
      ) : null}
      {actions.walletSignInRequired ? (
        <WalletSignInRequired
          signingIn={walletSignIn.signingInAgain}
          outcome={walletSignIn.outcome}
          onSignIn={() => void walletSignIn.signInAgain()}
          onRetry={() => {
            walletSignIn.reset();
            void actions.retry();
          }}
        />
      ) : null}
      <ul className="rows" data-testid="wallets-list">
        {wallets.map((wallet) => {
          const key = walletKey(wallet);
          return (
            <WalletRow
              key={key}
              wallet={wallet}
              chainName={chainName}
              inUse={walletAddress !== undefined && sameAddress(walletAddress, wallet.address)}
              only={wallets.length === 1}
              pending={actions.pendingKey === key}
              disabled={actions.pendingKey !== null}
              onMakePrimary={() => void actions.makePrimary(wallet)}
              onUnlink={() => actions.askToUnlink(wallet)}
              onPublicChange={(visible) => void actions.setVisibility(wallet, visible)}
            />
          );
        })}
      </ul>
      <LinkWalletPanel />
      <UnlinkWalletDialog
        wallet={confirming}
        sessions={{
          count: startedBy.length,
          includesThisOne: startedBy.some((session) => session.current),
        }}
        onConfirm={() => void actions.confirmUnlink()}
        onCancel={actions.cancelUnlink}
      />
    </section>
  );
}
