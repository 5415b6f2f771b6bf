import { randomBytes, randomUUID } from 'node:crypto';
import type { Change, ChangeContext } from '../changes/change.js';
import type { WebhookEndpoint } from '../config/webhook-endpoint.js';
import type { Db } from '../store/database.js';
import { webhookMessagesOf } from './webhook-messages.js';
import type { WebhookDeliveriesTable } from './webhook-tables.js';

/** A Standard Webhooks message id: `msg_` and 24 random characters. */
export function newWebhookId(): string {
  return `msg_${randomBytes(18).toString('base64url')}`;
}

/**
 * Stores the messages `change` sends, one delivery per endpoint subscribed to
 * each type, inside `trx`: they commit with the change or not at all
 * (docs/webhooks.md). Without endpoints it costs nothing, not even the mapping.
 * Answers whether it stored any, so the dispatcher is woken after the commit.
 */
export async function enqueueWebhookMessages(
  trx: Db,
  endpoints: readonly WebhookEndpoint[],
  context: ChangeContext,
  change: Change,
): Promise<boolean> {
  if (endpoints.length === 0) return false;
  const rows: WebhookDeliveriesTable[] = [];
  for (const message of webhookMessagesOf(context, change)) {
    const subscribed = endpoints.filter((endpoint) => endpoint.events.has(message.type));
    if (subscribed.length === 0) continue;
    // One id and one body per message: every endpoint receives the same.
    const webhookId = newWebhookId();
    const payload = JSON.stringify({
      type: message.type,
      timestamp: new Date(context.at).toISOString(),
      data: message.data,
    });
    for (const endpoint of subscribed) {
      rows.push({
        id: randomUUID(),
        endpoint: endpoint.id,
        event_type: message.type,
        webhook_id: webhookId,
        payload,
        status: 'PENDING',
        attempts: 0,
        next_attempt_at: context.at,
        last_attempt_at: null,
        last_status_code: null,
        last_error: null,
        locked_until: null,
        created_at: context.at,
      });
    }
  }
  if (rows.length === 0) return false;
  await trx.insertInto('webhook_deliveries').values(rows).execute();
  return true;
}
