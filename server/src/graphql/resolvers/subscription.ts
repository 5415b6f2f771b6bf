import type { AccountEventMessage } from '../../events/account-events.js';
import type { SubscriptionResolvers } from '../generated/resolvers-types.js';
import { requireSession } from './require-session.js';

export const Subscription: SubscriptionResolvers = {
  accountEvents: {
    subscribe(_parent, _args, context) {
      const session = requireSession(context);
      return context.services.events.subscribe(session.account_id);
    },
    resolve: (event: AccountEventMessage) => event,
  },
};
