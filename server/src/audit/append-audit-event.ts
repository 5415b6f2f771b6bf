import type { Change, ChangeContext } from '../changes/change.js';
import type { Db } from '../store/database.js';
import { auditEventId } from './audit-event-id.js';
import type { AuditEventsTable } from './audit-tables.js';

/**
 * The columns every change has, or may have; whatever else it carries goes
 * to `detail`. A change never carries a SIWE message or signature, so the
 * detail stays a few fields long.
 */
function auditRow(context: ChangeContext, change: Change): AuditEventsTable {
  const { action, accountId, ...rest } = change;
  const { address, ...detail } = rest as { address?: string } & Record<string, unknown>;
  return {
    id: auditEventId(context.at),
    at: context.at,
    action,
    actor_id: context.actorId,
    account_id: accountId,
    address: address ?? null,
    ip: context.ip,
    user_agent: context.userAgent,
    detail: Object.keys(detail).length > 0 ? JSON.stringify(detail) : null,
  };
}

/**
 * Writes one audit event for `change` inside `trx`, the transaction that
 * makes the change: both commit or neither does (docs/administration.md,
 * "Audit log"). Append-only: nothing in the API updates or deletes a row;
 * housekeeping deletes rows past AUDIT_RETENTION.
 */
export async function appendAuditEvent(
  trx: Db,
  context: ChangeContext,
  change: Change,
): Promise<void> {
  await trx.insertInto('audit_events').values(auditRow(context, change)).execute();
}
