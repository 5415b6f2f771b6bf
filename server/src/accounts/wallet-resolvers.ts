import { changeSourceOf } from '../changes/change-source.js';
import { BadUserInputError } from '../errors.js';
import type { Resolvers } from '../graphql/generated/resolvers-types.js';
import { requireSession } from '../graphql/require-session.js';
import { requireWalletSession } from '../graphql/require-wallet-session.js';
import { chainNamespaceEnum } from './chain-namespace-enum.js';
import { setWalletVisibility } from './set-wallet-visibility.js';
import { lastSignInAt } from './sign-in-store.js';
import { unlinkWalletAndNotify } from './unlink-wallet-and-notify.js';
import { walletCaip10 } from './wallet-caip10.js';
import { findAccountWallet, listWallets, makePrimaryWallet, walletView } from './wallet-store.js';

/** The account's wallets: listing, unlinking, choosing the primary (linking is auth's: auth/link-wallet-resolvers.ts). */
export const walletResolvers: Resolvers = {
  Account: {
    wallets: async (account, _args, context) =>
      (await listWallets(context.services.db, account.id)).map(walletView),
  },

  Wallet: {
    address: (wallet) => wallet.address,
    kind: (wallet) => wallet.kind,
    chainId: (wallet) => wallet.chain_id,
    namespace: (wallet) => chainNamespaceEnum(wallet.namespace),
    caip10: (wallet) => walletCaip10(wallet),
    primary: (wallet) => wallet.is_primary === 1,
    public: (wallet) => wallet.public === 1,
    linkedAt: (wallet) => wallet.linked_at,
    lastSignInAt: (wallet, _args, context) => lastSignInAt(context.services.db, wallet),
  },

  Mutation: {
    async unlinkWallet(_parent, args, context) {
      // Only a wallet changes the account's wallets (docs/passkeys.md).
      const session = requireWalletSession(context);
      const outcome = await unlinkWalletAndNotify(context.services, {
        accountId: session.account_id,
        sessionId: session.id,
        address: args.address,
        chainId: args.chainId,
        source: changeSourceOf(context, session.account_id),
      });
      // Unlinking the wallet this browser signed in with ends this session too.
      if (outcome?.endedSessionIds.includes(session.id)) {
        context.cookies?.clearSession();
        context.session = undefined;
      }
      return outcome !== undefined;
    },

    async setPrimaryWallet(_parent, args, context) {
      // Only a wallet changes the account's wallets (docs/passkeys.md).
      const session = requireWalletSession(context);
      const { changes, clock } = context.services;
      const wallet = await changes.commit(async ({ trx, record }) => {
        const found = await findAccountWallet(trx, {
          accountId: session.account_id,
          address: args.address,
          chainId: args.chainId,
        });
        if (!found) return undefined;
        // Choosing the primary it already is changes nothing, and records nothing.
        if (found.is_primary === 1) return found;
        const primary = await makePrimaryWallet(trx, found);
        await record(
          { ...changeSourceOf(context, session.account_id), at: clock() },
          {
            action: 'primary_wallet_changed',
            accountId: session.account_id,
            address: primary.address,
            namespace: primary.namespace,
            chainId: primary.chain_id,
            caip10: walletCaip10(primary),
          },
        );
        return primary;
      });
      if (!wallet) throw new BadUserInputError('address is not a wallet of this account.');
      return walletView(wallet);
    },

    async setWalletVisibility(_parent, args, context) {
      const session = requireSession(context);
      const wallet = await setWalletVisibility(context.services, {
        accountId: session.account_id,
        address: args.address,
        chainId: args.chainId,
        public: args.public,
      });
      if (!wallet) throw new BadUserInputError('address is not a wallet of this account.');
      return walletView(wallet);
    },
  },
};
