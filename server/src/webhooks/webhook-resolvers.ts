import { BadUserInputError, NotFoundError } from '../errors.js';
import type { Resolvers } from '../graphql/generated/resolvers-types.js';
import { requireAdministrator } from '../graphql/require-administrator.js';
import { uuidArgument } from '../graphql/uuid-argument.js';
import { resendWebhook } from './resend-webhook.js';
import { webhookDeliveryCursor } from './webhook-delivery-cursor.js';
import { listDeliveries } from './webhook-delivery-store.js';

const MAX_PAGE = 100;

/**
 * Webhook deliveries in the console, and resending one (docs/webhooks.md).
 * Administrators only: FORBIDDEN for anyone else, UNAUTHENTICATED without a session.
 */
export const webhookResolvers: Resolvers = {
  Admin: {
    async webhookDeliveries(_admin, args, context) {
      await requireAdministrator(context);
      const first = args.first ?? 50;
      if (!Number.isInteger(first) || first < 0 || first > MAX_PAGE) {
        throw new BadUserInputError(`first must be between 0 and ${MAX_PAGE}.`);
      }
      const { rows, hasNextPage } = await listDeliveries(context.services.db, {
        first,
        ...(args.after && { after: webhookDeliveryCursor.decode(args.after) }),
        ...(args.status && { status: args.status }),
      });
      const edges = rows.map((row) => ({
        cursor: webhookDeliveryCursor.encode({ at: row.created_at, id: row.id }),
        node: row,
      }));
      return { edges, pageInfo: { hasNextPage, endCursor: edges.at(-1)?.cursor ?? null } };
    },
  },

  Mutation: {
    async resendWebhook(_parent, args, context) {
      const session = await requireAdministrator(context);
      const { services } = context;
      const deliveryId = uuidArgument(args.deliveryId, 'deliveryId', 'a webhook delivery id');
      // Sent at once, not at the next poll: the webhooks consumer wakes the
      // dispatcher once the resend committed (resend-webhook.ts).
      const resent = await resendWebhook(services, {
        deliveryId,
        context: {
          at: services.clock(),
          actorId: session.account_id,
          ip: context.clientIp,
          userAgent: context.userAgent,
        },
      });
      if (!resent) throw new NotFoundError('No such webhook delivery.');
      return resent;
    },
  },

  WebhookDelivery: {
    id: (delivery) => delivery.id,
    endpoint: (delivery) => delivery.endpoint,
    eventType: (delivery) => delivery.event_type,
    webhookId: (delivery) => delivery.webhook_id,
    status: (delivery) => delivery.status,
    attempts: (delivery) => delivery.attempts,
    lastAttemptAt: (delivery) => delivery.last_attempt_at,
    lastStatusCode: (delivery) => delivery.last_status_code,
    nextAttemptAt: (delivery) => delivery.next_attempt_at,
    createdAt: (delivery) => delivery.created_at,
  },
};
