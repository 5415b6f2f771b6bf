import { Trans, useLingui } from '@lingui/react/macro';
import { GenericErrorMessage } from '../../app/generic-error';
import { useRuntimeConfig } from '../../app/runtime-config-context';
import { useAccountEvents } from '../../auth/account-events-context';
import { describeChain } from '../../components/describe-chain';
import { isEvmAddress } from '../../components/is-evm-address';
import { useSolanaClusters } from '../../solana/use-solana-clusters';
import { AccessSection } from './access-section';
import { AccountIdentity } from './account-identity';
import { ChainBalances } from './chain-balances';
import { ConnectedAppsSection } from './connected-apps-section';
import { EventsFeed } from './events-feed';
import { PasskeysSection } from './passkeys-section';
import { ProfileSection } from './profile-section';
import { SessionList } from './session-list';
import { SignInHistory } from './sign-in-history';
import { useAccountPage } from './use-account-page';
import { WalletsSection } from './wallets-section';

/** The signed-in account: identity, wallets, balances, sessions, history and live activity. */
export function AccountDetails() {
  const { chains } = useRuntimeConfig();
  const events = useAccountEvents();
  const page = useAccountPage();
  const { t } = useLingui();
  const chainName = (chainId: number) =>
    chains.find((chain) => chain.id === chainId)?.name ?? t`chain ${chainId}`;
  const solanaClusters = useSolanaClusters();
  const chainLabel = (item: { chain: string; chainId?: number | null }) =>
    describeChain(item, chainName, solanaClusters);

  if (page.failed) {
    return (
      <div className="card" role="alert">
        <p>
          <GenericErrorMessage />
        </p>
        <button type="button" className="button" onClick={page.retry}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  }
  if (!page.account) {
    return (
      <p className="muted" role="status">
        <Trans>Loading your account…</Trans>
      </p>
    );
  }
  const { account } = page;
  // Balances are of an Ethereum address: the primary one, else the first Ethereum wallet linked.
  const balancesAddress = [
    account.address,
    ...account.wallets.map((wallet) => wallet.address),
  ].find(isEvmAddress);
  return (
    <div className="stack">
      <AccountIdentity address={account.address} />
      <ProfileSection />
      <WalletsSection wallets={account.wallets} sessions={account.sessions} chainName={chainName} />
      <PasskeysSection />
      {balancesAddress ? <ChainBalances address={balancesAddress} chains={chains} /> : null}
      <AccessSection />
      <SessionList
        sessions={account.sessions}
        chainLabel={chainLabel}
        onRevoke={(id) => void page.revoke(id)}
        revokingId={page.revokingId}
        revokeFailed={page.revokeFailed}
      />
      <ConnectedAppsSection />
      <SignInHistory
        signIns={account.signIns}
        chainLabel={chainLabel}
        onLoadMore={page.loadMoreSignIns}
        loadingMore={page.loadingMore}
      />
      <EventsFeed events={events} />
    </div>
  );
}
