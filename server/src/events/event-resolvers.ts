import { InternalError } from '../errors.js';
import type { Resolvers } from '../graphql/generated/resolvers-types.js';
import { requireSession } from '../graphql/require-session.js';
import { findSessionById } from '../sessions/session-store.js';
import type { AccountEventMessage } from './account-events.js';
import { untilSessionEnds } from './until-session-ends.js';

/** The signed-in account's live events. */
export const eventResolvers: Resolvers = {
  Subscription: {
    accountEvents: {
      subscribe(_parent, _args, context) {
        const session = requireSession(context);
        return untilSessionEnds(
          context.services,
          session,
          context.services.events.subscribe(session.account_id),
        );
      },
      resolve: (event: AccountEventMessage) => event,
    },
  },

  AccountEvent: {
    type: (event) => event.type,
    at: (event) => event.at,
    /**
     * A session of the receiving account, whatever the event says: the one it
     * names when that is the account's own, otherwise the subscriber's own.
     * Publishers name no other account's session (an administrator's, say);
     * this holds even if one ever did.
     */
    async session(event, _args, context) {
      const { db } = context.services;
      const named = event.sessionId ? await findSessionById(db, event.sessionId) : undefined;
      if (named && named.account_id === event.accountId) return named;
      const ownId = context.session?.id;
      const own = ownId ? await findSessionById(db, ownId) : undefined;
      if (!own || own.account_id !== event.accountId) {
        throw new InternalError(`no session of account ${event.accountId} for its event`);
      }
      return own;
    },
    actor: (event) => event.actor,
    wallet: (event) => event.wallet ?? null,
    app: (event) => event.app ?? null,
    roles: (event) => (event.type === 'ROLES_CHANGED' ? (event.roles ?? []) : null),
  },
};
