import type { ChangeContext } from '../changes/change.js';
import type { Services } from '../services.js';
import { findDelivery, insertResend, type WebhookDeliveryRow } from './webhook-delivery-store.js';

/**
 * Resends a stored message as a new delivery with the same `webhook-id`
 * (docs/webhooks.md): a change like any other (docs/architecture.md, "The
 * path of a change"). The copy and its `webhook_resent` audit event commit
 * together or not at all, and the webhooks consumer wakes the dispatcher
 * only after the commit, so a resend that rolled back is never sent.
 * Answers undefined when there is no such delivery.
 */
export async function resendWebhook(
  services: Pick<Services, 'changes'>,
  p: { deliveryId: string; context: ChangeContext },
): Promise<WebhookDeliveryRow | undefined> {
  return services.changes.commit(async ({ trx, record }) => {
    const original = await findDelivery(trx, p.deliveryId);
    if (!original) return undefined;
    const row = await insertResend(trx, original, p.context.at);
    await record(p.context, { action: 'webhook_resent', accountId: null, deliveryId: original.id });
    return row;
  });
}
