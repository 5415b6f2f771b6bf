import { rowChain } from '../accounts/row-chain.js';
import { changeSourceOf } from '../audit/change-source.js';
import type { Resolvers } from '../graphql/generated/resolvers-types.js';
import { requireSession } from '../graphql/require-session.js';
import { uuidArgument } from '../graphql/uuid-argument.js';
import { endSessionAndNotify } from './end-session-and-notify.js';
import { sessionEndsAt, sessionLifetimes } from './session-lifetimes.js';

/** Ending sessions (sign-out, revocation), and the session as the API shows it. */
export const sessionResolvers: Resolvers = {
  Mutation: {
    async signOut(_parent, _args, context) {
      context.cookies?.clearSession();
      const session = context.session;
      if (!session) return true;
      await endSessionAndNotify(context.services, {
        session,
        reason: 'SIGNED_OUT',
        source: changeSourceOf(context, session.account_id),
      });
      context.session = undefined;
      return true;
    },

    async revokeSession(_parent, args, context) {
      const current = requireSession(context);
      const ended = await endSessionAndNotify(context.services, {
        sessionId: uuidArgument(args.id, 'id', 'a session id'),
        accountId: current.account_id,
        reason: 'REVOKED',
        source: changeSourceOf(context, current.account_id),
      });
      if (ended && ended.id === current.id) {
        context.cookies?.clearSession();
        context.session = undefined;
      }
      return ended !== undefined;
    },
  },

  Session: {
    id: (session) => session.id,
    current: (session, _args, context) => session.id === context.session?.id,
    createdAt: (session) => session.created_at,
    lastSeenAt: (session) => session.last_seen_at,
    expiresAt: (session, _args, context) =>
      session.ended_at ?? sessionEndsAt(session, sessionLifetimes(context.services.config)),
    chainId: (session) => session.chain_id,
    // A passkey's session has no chain (docs/passkeys.md).
    chain: (session) => (session.method === 'passkey' ? null : rowChain(session)),
    userAgent: (session) => session.user_agent,
    address: (session) => session.address,
  },
};
