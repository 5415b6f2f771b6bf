import { activeSuspensionWhere } from '../accounts/suspension-store.js';
import type { WalletRow } from '../accounts/wallet-store.js';
import type { Db } from '../store/database.js';
import { findProfile, type ProfileRow } from './profile-store.js';

/** A published wallet with the proof the public profile shows. */
export type PublishedWallet = WalletRow & {
  proof_message: string;
  proof_signature: string;
  /** Null for a Solana proof, whose chain is `proof_chain` (accounts/row-chain.ts). */
  proof_chain_id: number | null;
  proof_at: number;
};

export type PublicProfileModel = {
  /** The primary wallet's address when it is published, else the address the page was opened with. */
  address: string;
  profile: ProfileRow;
  wallets: PublishedWallet[];
};

/** Published wallets with a stored proof: the only wallets anything public may show. */
function publishedWallets(db: Db) {
  return db
    .selectFrom('wallets')
    .selectAll('wallets')
    .where('wallets.public', '=', 1)
    .where('wallets.proof_message', 'is not', null)
    .where('wallets.proof_signature', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('wallets.proof_chain_id', 'is not', null),
        eb('wallets.proof_chain', 'is not', null),
      ]),
    )
    .where('wallets.proof_at', 'is not', null);
}

/**
 * The public profile a wallet address opens, or undefined. Only a published
 * wallet (with a proof) of a public profile opens it: an unpublished wallet's
 * address answers exactly as an unknown one, so the page never confirms
 * which account holds it. The same address can be a contract wallet of two
 * accounts on two chains: an EOA (one owner everywhere) wins, then the
 * wallet linked first. A suspended account's profile is hidden while the
 * suspension lasts (docs/administration.md): its addresses answer as unknown
 * ones, at `now`.
 */
export async function findPublicProfile(
  db: Db,
  address: string,
  now: number,
): Promise<PublicProfileModel | undefined> {
  const opening = await publishedWallets(db)
    .innerJoin('profiles', 'profiles.account_id', 'wallets.account_id')
    .where('profiles.public', '=', 1)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('suspensions')
            .select('suspensions.account_id')
            .whereRef('suspensions.account_id', '=', 'wallets.account_id')
            .where(activeSuspensionWhere(now)),
        ),
      ),
    )
    .where('wallets.address', '=', address)
    .orderBy((eb) => eb.case().when('wallets.kind', '=', 'EOA').then(0).else(1).end())
    .orderBy('wallets.linked_at')
    .orderBy('wallets.id')
    .executeTakeFirst();
  if (!opening) return undefined;
  const profile = await findProfile(db, opening.account_id);
  const wallets = (await publishedWallets(db)
    .where('wallets.account_id', '=', opening.account_id)
    .orderBy('wallets.is_primary', 'desc')
    .orderBy('wallets.linked_at')
    .orderBy('wallets.id')
    .execute()) as PublishedWallet[];
  const primary = wallets.find((wallet) => wallet.is_primary === 1);
  return { address: primary?.address ?? opening.address, profile, wallets };
}
