import { useQuery } from '@apollo/client';
import { Trans, useLingui } from '@lingui/react/macro';
import { getAddress, isAddress } from 'viem';
import type { RoutePageProps } from '../app/define-route';
import { GenericErrorMessage } from '../app/generic-error';
import { PublicProfileDocument } from '../graphql/generated/graphql';
import { ProfileAvatar } from '../profile/profile-avatar';
import { TipPanel } from '../tips/tip-panel';
import { PageHeading } from './page-heading';
import { ProfileNotFound } from './public-profile/profile-not-found';
import { PublicProfileHeader, PublicProfileWallets } from './public-profile/public-profile-header';
import { WalletProofCard } from './public-profile/wallet-proof-card';

/**
 * `/u/<address>`: a public profile and its wallets, each proof re-verified in this browser.
 * Nothing here needs a session or a connected wallet, except sending a tip.
 */
export default function PublicProfilePage({ params }: RoutePageProps<'/u/:address'>) {
  const valid = isAddress(params.address, { strict: false });
  const address = valid ? getAddress(params.address) : null;
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
      <TipPanel recipient={profile.address} recipientName={profile.displayName ?? t`this person`} />
    </section>
  );
}
