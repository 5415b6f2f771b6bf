import { useQuery } from '@apollo/client';
import { Trans } from '@lingui/react/macro';
import { getAddress } from 'viem';
import { isEvmAddress } from '../../components/is-evm-address';
import { AccountProfileDocument } from '../../graphql/generated/graphql';
import { ProfileAvatar } from '../../profile/profile-avatar';
import { useEnsIdentity } from './use-ens-identity';

/**
 * The full EIP-55 address (or Solana key), with the ENS name where mainnet resolves one, and
 * the same avatar as everywhere else: the uploaded one, else the ENS one, else the generated one.
 */
export function AccountIdentity({ address }: { address: string }) {
  const checksummed = isEvmAddress(address) ? getAddress(address) : address;
  const { name } = useEnsIdentity(checksummed);
  // The Profile section asks the same query: one request, one cache entry.
  const profile = useQuery(AccountProfileDocument, { fetchPolicy: 'cache-first' }).data?.me
    ?.profile;
  return (
    <section className="card identity" aria-labelledby="identity-title">
      <h2 id="identity-title" className="visually-hidden">
        <Trans>Account</Trans>
      </h2>
      <ProfileAvatar image={profile?.avatar} address={checksummed} size={56} />
      <div className="identity-text">
        {name ? <p className="ens-name">{name}</p> : null}
        <p className="address-line">
          <span className="visually-hidden">
            <Trans>Address:</Trans>{' '}
          </span>
          <code data-testid="account-address" className="address">
            {checksummed}
          </code>
        </p>
      </div>
    </section>
  );
}
