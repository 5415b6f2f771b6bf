import { useQuery } from '@apollo/client';
import { getAddress, isAddress } from 'viem';
import type { RoutePageProps } from '../app/define-route';
import { GENERIC_ERROR_MESSAGE } from '../app/generic-error';
import { PublicProfileDocument } from '../graphql/generated/graphql';
import { ProfileAvatar } from '../profile/profile-avatar';
import { TipPanel } from '../tips/tip-panel';
import { PageHeading } from './page-heading';
import { ProfileNotFound } from './public-profile/profile-not-found';
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
  if (address === null) return <ProfileNotFound />;
  if (query.error && !query.data) {
    return (
      <section className="page" aria-labelledby="page-title">
        <PageHeading title="Profile">Profile</PageHeading>
        <div className="card" role="alert">
          <p>{GENERIC_ERROR_MESSAGE}</p>
          <button type="button" className="button" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      </section>
    );
  }
  if (!query.data) {
    return (
      <p className="page muted" role="status">
        Loading the profile…
      </p>
    );
  }
  const profile = query.data.publicProfile;
  if (!profile) return <ProfileNotFound />;
  const name = profile.displayName ?? profile.address;
  return (
    <section className="page" aria-labelledby="page-title" data-testid="public-profile">
      <div className="card public-header">
        <ProfileAvatar
          image={profile.avatar}
          address={profile.address}
          size={112}
          className="avatar-large"
        />
        <div className="public-header-text">
          <PageHeading title={profile.displayName ?? 'Profile'}>{name}</PageHeading>
          <p>
            <code className="address">{profile.address}</code>
          </p>
          {profile.bio ? <p className="bio">{profile.bio}</p> : null}
        </div>
      </div>
      <section className="card" aria-labelledby="proofs-title">
        <h2 id="proofs-title">Wallets</h2>
        <p className="muted">
          Each wallet below signed a Sign-In with Ethereum message. Your browser checks every
          signature itself (a key-signed wallet without any network request, a contract wallet
          through its chain), without trusting this site's word for it.
        </p>
        {profile.wallets.length === 0 ? (
          <p className="muted">No wallets are published on this profile.</p>
        ) : (
          <ul className="rows">
            {profile.wallets.map((wallet) => (
              <WalletProofCard key={`${wallet.address}:${wallet.chainId ?? '*'}`} wallet={wallet} />
            ))}
          </ul>
        )}
      </section>
      <TipPanel recipient={profile.address} recipientName={profile.displayName ?? 'this person'} />
    </section>
  );
}
