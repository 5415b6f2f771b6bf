import { appendAuditEvent } from '../audit/append-audit-event.js';
import type { Config } from '../config/load-config.js';
import type { Db } from '../store/database.js';
import { enqueueWebhookMessages } from '../webhooks/enqueue-webhook-messages.js';
import type { Change, ChangeContext } from './change.js';

/**
 * Records a change inside the transaction that makes it: its audit event and
 * its webhook messages commit with it or not at all, so a crash right after
 * the change loses neither (docs/administration.md, docs/webhooks.md).
 * `trx` must be that transaction.
 */
export async function recordChange(
  trx: Db,
  config: Pick<Config, 'webhooks'>,
  context: ChangeContext,
  change: Change,
): Promise<void> {
  await appendAuditEvent(trx, context, change);
  await enqueueWebhookMessages(trx, config.webhooks, context, change);
}
