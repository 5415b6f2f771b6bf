import { BadUserInputError } from '../errors.js';
import type { Resolvers } from '../graphql/generated/resolvers-types.js';
import { sessionLifetimes } from '../sessions/session-lifetimes.js';
import { listLiveSessions } from '../sessions/session-store.js';
import { findAccountById } from './account-store.js';
import { chainNamespaceEnum } from './chain-namespace-enum.js';
import { namespaceOfChain, rowChain } from './row-chain.js';
import { decodeSignInCursor, encodeSignInCursor } from './sign-in-cursor.js';
import { listSignIns } from './sign-in-store.js';

const MAX_PAGE = 100;

/** `me`, and the account as the API shows it: its sessions and sign-in history. */
export const accountResolvers: Resolvers = {
  Query: {
    async me(_parent, _args, context) {
      const { session, sessionAccount } = context;
      if (!session) return null;
      // Read with the session, unless this operation signed in to another account since.
      if (sessionAccount?.id === session.account_id) return sessionAccount;
      return (await findAccountById(context.services.db, session.account_id)) ?? null;
    },
  },

  Account: {
    id: (account) => account.id,
    address: (account) => account.address,
    createdAt: (account) => account.created_at,
    sessions: (account, _args, context) =>
      listLiveSessions(context.services.db, {
        accountId: account.id,
        now: context.services.clock(),
        lifetimes: sessionLifetimes(context.services.config),
      }),
    async signIns(account, args, context) {
      const first = args.first ?? 20;
      if (!Number.isInteger(first) || first < 0 || first > MAX_PAGE) {
        throw new BadUserInputError(`first must be between 0 and ${MAX_PAGE}.`);
      }
      const afterSeq = args.after ? decodeSignInCursor(args.after) : undefined;
      const { rows, hasNextPage } = await listSignIns(context.services.db, {
        accountId: account.id,
        first,
        ...(afterSeq !== undefined && { afterSeq }),
      });
      const edges = rows.map((row) => ({ cursor: encodeSignInCursor(row.seq), node: row }));
      return { edges, pageInfo: { hasNextPage, endCursor: edges.at(-1)?.cursor ?? null } };
    },
  },

  SignIn: {
    id: (signIn) => signIn.id,
    at: (signIn) => signIn.at,
    address: (signIn) => signIn.address,
    chainId: (signIn) => signIn.chain_id,
    // A passkey's sign-in has no chain, namespace or wallet (docs/passkeys.md).
    chain: (signIn) => (signIn.method === 'passkey' ? null : rowChain(signIn)),
    namespace: (signIn) =>
      signIn.method === 'passkey' ? null : chainNamespaceEnum(namespaceOfChain(rowChain(signIn))),
    walletKind: (signIn) => signIn.wallet_kind,
    userAgent: (signIn) => signIn.user_agent,
  },
};
