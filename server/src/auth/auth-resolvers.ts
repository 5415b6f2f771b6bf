import { changeSourceOf } from '../changes/change-source.js';
import type { Resolvers } from '../graphql/generated/resolvers-types.js';
import { originForClient } from '../http/allowed-origins.js';
import { measureSignIn } from './measure-sign-in.js';
import { createNonce } from './nonce/nonce-store.js';
import { enforceRateLimit } from './rate-limit/enforce-rate-limit.js';
import { signIn } from './sign-in.js';

/** The one line a wallet shows under the domain. */
export const SIGN_IN_STATEMENT = 'Sign in to Sigil with your wallet.';

/** Sign-in: what a client needs to build a message, nonces, and the policy itself. */
export const authResolvers: Resolvers = {
  Query: {
    signInParameters(_parent, _args, context) {
      const { config } = context.services;
      // A client on an allowed origin (the Vite dev server, say) signs for that origin.
      const origin = originForClient(config, context.origin);
      return {
        domain: origin.host,
        uri: origin.origin,
        statement: SIGN_IN_STATEMENT,
        chains: config.chains.map(({ id, name }) => ({ id, name })),
        // Empty when SOLANA_CLUSTERS is: Solana sign-in is off (docs/sign-in.md).
        solanaClusters: config.solanaClusters.map(({ id, name }) => ({ id, name })),
        nonceTtlSeconds: config.nonceTtlSeconds,
      };
    },
  },

  Mutation: {
    async createNonce(_parent, _args, context) {
      await enforceRateLimit(context, 'createNonce');
      const { db, clock, config, metrics } = context.services;
      const nonce = await createNonce(db, { now: clock(), ttlSeconds: config.nonceTtlSeconds });
      metrics.nonceIssued();
      return { value: nonce.value, expiresAt: nonce.expiresAt };
    },

    async signIn(_parent, args, context) {
      const outcome = await measureSignIn(context.services.metrics, async () => {
        await enforceRateLimit(context, 'signIn');
        return signIn(context.services, {
          message: args.message,
          signature: args.signature,
          origin: context.origin,
          clientAddress: context.clientAddress,
          userAgent: context.userAgent,
          currentToken: context.sessionToken,
          source: changeSourceOf(context, null),
        });
      });
      context.cookies?.setSession(outcome.token);
      // The rest of this operation sees the new session (Session.current).
      context.session = outcome.session;
      return { account: outcome.account, session: outcome.session };
    },
  },
};
