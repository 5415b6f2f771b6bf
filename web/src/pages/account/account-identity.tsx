import { useState } from 'react';
import { type Address, getAddress } from 'viem';
import { useEnsIdentity } from './use-ens-identity';

/** The full EIP-55 address, with the ENS name and avatar when mainnet resolves them. */
export function AccountIdentity({ address }: { address: string }) {
  const checksummed = getAddress(address as Address);
  const { name, avatar } = useEnsIdentity(checksummed);
  const [avatarFailed, setAvatarFailed] = useState(false);
  return (
    <section className="card identity" aria-labelledby="identity-title">
      <h2 id="identity-title" className="visually-hidden">
        Account
      </h2>
      {avatar && !avatarFailed ? (
        <img
          className="avatar"
          src={avatar}
          alt=""
          width={56}
          height={56}
          onError={() => setAvatarFailed(true)}
        />
      ) : (
        <span className="avatar avatar-placeholder" aria-hidden="true" />
      )}
      <div className="identity-text">
        {name ? <p className="ens-name">{name}</p> : null}
        <p className="address-line">
          <span className="visually-hidden">Address: </span>
          <code data-testid="account-address" className="address">
            {checksummed}
          </code>
        </p>
      </div>
    </section>
  );
}
