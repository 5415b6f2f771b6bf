import type { Change } from '../changes/change.js';
import type { WebhookEndpoint } from '../config/webhook-endpoint.js';
import type { Db } from '../store/database.js';

/** PLACEHOLDER (the webhooks work replaces this): stores the messages `change` sends, inside `trx`. */
export async function enqueueWebhookMessages(
  _trx: Db,
  _endpoints: readonly WebhookEndpoint[],
  _at: number,
  _change: Change,
): Promise<void> {}
