import { useQuery } from '@apollo/client';
import { Trans, useLingui } from '@lingui/react/macro';
import { getAddress } from 'viem';
import type { RoutePageProps } from '../app/define-route';
import { GenericErrorMessage } from '../app/generic-error';
import { isEvmAddress } from '../components/is-evm-address';
import { PublicProfileDocument } from '../graphql/generated/graphql';
import { ProfileAvatar } from '../profile/profile-avatar';
import { TipPanel } from '../tips/tip-panel';
import { PageHeading } from './page-heading';
import { ProfileNotFound } from './public-profile/profile-not-found';
import { PublicProfileHeader, PublicProfileWallets } from './public-profile/public-profile-header';
import { WalletProofCard } from './public-profile/wallet-proof-card';

/** What a base58 Ed25519 key looks like: 32 to 44 characters of the base58 alphabet. */
const BASE58_KEY = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/**
 * `/u/<address>`: a public profile and its wallets, each proof re-verified in this browser.
 * Nothing here needs a session or a connected wallet, except sending a tip.
 */
export default function PublicProfilePage({ params }: RoutePageProps<'/u/:address'>) {
  // A Solana key is base58 and case-sensitive: taken as written, and the server's Address
  // scalar decides whether it is a key (an invalid one gets the not-found page). Read by its
  // alphabet here, so an Ethereum-only profile loads no base58 code.
  const address = isEvmAddress(params.address)
    ? getAddress(params.address)
    : BASE58_KEY.test(params.address)
      ? params.address
      : null;
  const query = useQuery(PublicProfileDocument, {
    variables: { address: address ?? '' },
    skip: address === null,
    fetchPolicy: 'cache-and-network',
  });
  const { t } = useLingui();
  if (address === null) return <ProfileNotFound />;
  if (query.error && !query.data) {
    return (
      <section className="page" aria-labelledby="page-title">
        <PageHeading title={t`Profile`}>{t`Profile`}</PageHeading>
        <div className="card" role="alert">
          <p>
            <GenericErrorMessage />
          </p>
          <button type="button" className="button" onClick={() => void query.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </div>
      </section>
    );
  }
  if (!query.data) {
    return (
      <p className="page muted" role="status">
        <Trans>Loading the profile…</Trans>
      </p>
    );
  }
  const profile = query.data.publicProfile;
  if (!profile) return <ProfileNotFound />;
  const name = profile.displayName ?? profile.address;
  return (
    <section className="page" aria-labelledby="page-title" data-testid="public-profile">
      <PublicProfileHeader
        avatar={
          <ProfileAvatar
            image={profile.avatar}
            address={profile.address}
            size={112}
            className="avatar-large"
          />
        }
        heading={<PageHeading title={profile.displayName ?? t`Profile`}>{name}</PageHeading>}
        address={profile.address}
        bio={profile.bio}
      />
      <PublicProfileWallets>
        {profile.wallets.length === 0 ? (
          <p className="muted">
            <Trans>No wallets are published on this profile.</Trans>
          </p>
        ) : (
          <ul className="rows">
            {profile.wallets.map((wallet) => (
              <WalletProofCard key={`${wallet.address}:${wallet.chainId ?? '*'}`} wallet={wallet} />
            ))}
          </ul>
        )}
      </PublicProfileWallets>
      {/* Tips are sent in an EVM chain's currency: a profile whose address is a Solana key takes none. */}
      {isEvmAddress(profile.address) ? (
        <TipPanel
          recipient={profile.address}
          recipientName={profile.displayName ?? t`this person`}
        />
      ) : null}
    </section>
  );
}
