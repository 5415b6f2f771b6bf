import { findAccountById } from '../../accounts/account-store.js';
import { originForClient } from '../../auth/allowed-origins.js';
import type { QueryResolvers } from '../generated/resolvers-types.js';

/** The one line a wallet shows under the domain. */
export const SIGN_IN_STATEMENT = 'Sign in to Sigil with your wallet.';

export const Query: QueryResolvers = {
  async me(_parent, _args, context) {
    if (!context.session) return null;
    return (await findAccountById(context.services.db, context.session.account_id)) ?? null;
  },
  signInParameters(_parent, _args, context) {
    const { config } = context.services;
    // A client on an allowed origin (the Vite dev server, say) signs for that origin.
    const origin = originForClient(config, context.origin);
    return {
      domain: origin.host,
      uri: origin.origin,
      statement: SIGN_IN_STATEMENT,
      chains: config.chains.map(({ id, name }) => ({ id, name })),
      nonceTtlSeconds: config.nonceTtlSeconds,
    };
  },
};
