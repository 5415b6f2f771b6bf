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
    async session(event, _args, context) {
      const id = event.sessionId ?? context.session?.id;
      const session = id ? await findSessionById(context.services.db, id) : undefined;
      if (!session) throw new InternalError(`session ${id} of an event is missing`);
      return session;
    },
    wallet: (event) => event.wallet ?? null,
    app: (event) => event.app ?? null,
    roles: (event) => (event.type === 'ROLES_CHANGED' ? (event.roles ?? []) : null),
  },
};
