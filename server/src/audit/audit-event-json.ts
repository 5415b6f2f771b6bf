import type { AuditEventRow } from './audit-event-store.js';

/** An event as the export writes it: the GraphQL type's field names, `at` as RFC 3339. */
export type AuditEventJson = {
  id: string;
  at: string;
  action: string;
  actorId: string | null;
  accountId: string | null;
  address: string | null;
  ip: string | null;
  userAgent: string | null;
  /** A JSON object as text, as `AuditEvent.detail` gives it. */
  detail: string | null;
};

export function auditEventJson(row: AuditEventRow): AuditEventJson {
  return {
    id: row.id,
    at: new Date(Number(row.at)).toISOString(),
    action: row.action,
    actorId: row.actor_id,
    accountId: row.account_id,
    address: row.address,
    ip: row.ip,
    userAgent: row.user_agent,
    detail: row.detail,
  };
}
