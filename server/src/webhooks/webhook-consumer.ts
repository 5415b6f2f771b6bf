import type { ChangeConsumer } from '../changes/change-committer.js';
import type { WebhookEndpoint } from '../config/webhook-endpoint.js';
import { enqueueWebhookMessages } from './enqueue-webhook-messages.js';
import type { WebhookDispatcher } from './webhook-dispatcher.js';

/**
 * Webhooks hear of every change inside its transaction, where its messages
 * are stored (the outbox, docs/webhooks.md); once it committed, the
 * dispatcher is woken to send them, so it never looks before the rows are
 * visible. Registered only when endpoints are configured: without them a
 * change costs nothing here.
 */
export function webhookConsumer<LiveEvent>(
  endpoints: readonly WebhookEndpoint[],
  dispatcher: Pick<WebhookDispatcher, 'notify'>,
): ChangeConsumer<LiveEvent> {
  const wake = () => dispatcher.notify();
  return {
    name: 'webhooks',
    async record(trx, { context, change }) {
      // A resend stored its copy of the message itself, in this transaction
      // (resend-webhook.ts): it is sent like any other, once committed.
      if (change.action === 'webhook_resent') return wake;
      const stored = await enqueueWebhookMessages(trx, endpoints, context, change);
      return stored ? wake : undefined;
    },
  };
}
