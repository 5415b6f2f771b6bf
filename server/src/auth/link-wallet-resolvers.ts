import { changeSourceOf } from '../changes/change-source.js';
import type { Resolvers } from '../graphql/generated/resolvers-types.js';
import { requireWalletSession } from '../graphql/require-wallet-session.js';
import { linkStatement, linkWallet } from './link-wallet.js';
import { enforceRateLimit } from './rate-limit/enforce-rate-limit.js';

/** Linking a wallet: the statement it signs and the mutation that checks its proof (docs/wallets.md). */
export const linkWalletResolvers: Resolvers = {
  Account: {
    linkStatement: (account) => linkStatement(account.id),
  },

  Mutation: {
    async linkWallet(_parent, args, context) {
      // Only a wallet changes the account's wallets (docs/passkeys.md).
      const session = requireWalletSession(context);
      await enforceRateLimit(context, 'linkWallet');
      return linkWallet(context.services, {
        accountId: session.account_id,
        sessionId: session.id,
        message: args.message,
        signature: args.signature,
        origin: context.origin,
        clientAddress: context.clientAddress,
        source: changeSourceOf(context, session.account_id),
      });
    },
  },
};
