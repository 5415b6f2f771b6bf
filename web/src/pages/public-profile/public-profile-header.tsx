import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/**
 * The top of a public profile: its avatar, name, address and bio. The first
 * paint (first-paint/) shows it from a plain fetch before the wallet stack
 * has loaded, the page after from Apollo's cache: the same boxes.
 */
export function PublicProfileHeader({
  avatar,
  heading,
  address,
  bio,
}: {
  avatar: ReactNode;
  heading: ReactNode;
  address: string;
  bio: string | null | undefined;
}) {
  return (
    <div className="card public-header">
      {avatar}
      <div className="public-header-text">
        {heading}
        <p>
          <code className="address">{address}</code>
        </p>
        {bio ? <p className="bio">{bio}</p> : null}
      </div>
    </div>
  );
}

/**
 * The card of a profile's wallets, with what the checks below it mean: in words true of an
 * Ethereum wallet's proof (Sign-In with Ethereum) and a Solana wallet's (Sign-In with
 * Solana) alike, and no longer, since they are in the first paint's entry.
 */
export function PublicProfileWallets({ children }: { children?: ReactNode }) {
  return (
    <section className="card" aria-labelledby="proofs-title">
      <h2 id="proofs-title">
        <Trans>Wallets</Trans>
      </h2>
      <p className="muted">
        <Trans>
          Each wallet below signed a sign-in message. Your browser checks every signature itself (a
          key-signed wallet without any network request, a contract wallet through its chain),
          without trusting this site's word for it.
        </Trans>
      </p>
      {children}
    </section>
  );
}
