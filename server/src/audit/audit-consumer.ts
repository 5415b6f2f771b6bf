import type { ChangeConsumer } from '../changes/change-committer.js';
import { appendAuditEvent } from './append-audit-event.js';

/** The audit log hears of every change inside its transaction: one event each (docs/administration.md). */
export function auditConsumer<LiveEvent>(): ChangeConsumer<LiveEvent> {
  return {
    name: 'audit log',
    async record(trx, { context, change }) {
      await appendAuditEvent(trx, context, change);
      return undefined;
    },
  };
}
