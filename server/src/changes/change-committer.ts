import type { Logger } from 'pino';
import type { Db } from '../store/database.js';
import type { Change, ChangeContext } from './change.js';

/** A change as recorded: what happened, and who made it from where and when. */
export type RecordedChange = { context: ChangeContext; change: Change };

/**
 * A part of Sigil that must hear of every change (the audit log, webhooks,
 * live sockets), registered once at the composition root (create-services.ts), so this
 * module imports none of them (docs/architecture.md, "The path of a change").
 */
export type ChangeConsumer<LiveEvent> = {
  /** For logs: which consumer failed. */
  name: string;
  /**
   * Runs inside the change's transaction for each recorded change: what it
   * writes commits with the change or not at all. It may answer a task to
   * run once the transaction committed (the same function answered by many
   * changes of one transaction runs once).
   */
  record?(trx: Db, recorded: RecordedChange): Promise<(() => void) | undefined>;
  /** Runs once the transaction committed, with what it recorded and the live events it published. */
  committed?(committed: { changes: readonly RecordedChange[]; events: readonly LiveEvent[] }): void;
};

/** What the function making a change is handed inside its transaction. */
export type ChangeTransaction<LiveEvent> = {
  trx: Db;
  /** Records a change: its consumers' writes join the transaction now. */
  record(context: ChangeContext, change: Change): Promise<void>;
  /** A live event for the account's subscribers, published only once the transaction committed. */
  publish(event: LiveEvent): void;
};

export type ChangeCommitter<LiveEvent> = {
  /**
   * Runs `work` in one transaction. If it commits, the consumers hear of
   * every change recorded and event published in it; if it rolls back
   * (`work` throws), none hears of anything, and the error is thrown on.
   */
  commit<T>(work: (tx: ChangeTransaction<LiveEvent>) => Promise<T>): Promise<T>;
};

/**
 * The one way a change is committed (docs/decisions/record-change-in-the-transaction.md):
 * recorded inside its transaction (the transactional outbox: audit event and
 * webhook messages), told to live sockets and the webhook dispatcher only
 * after the commit, so nothing outside ever hears of a change that rolled back.
 */
export function createChangeCommitter<LiveEvent>(p: {
  db: Db;
  consumers: readonly ChangeConsumer<LiveEvent>[];
  logger: Pick<Logger, 'error'>;
}): ChangeCommitter<LiveEvent> {
  const recorders = p.consumers.filter((consumer) => consumer.record);
  const listeners = p.consumers.filter((consumer) => consumer.committed);
  return {
    async commit(work) {
      const changes: RecordedChange[] = [];
      const events: LiveEvent[] = [];
      const tasks = new Set<() => void>();
      const result = await p.db.transaction().execute((trx) =>
        work({
          trx,
          async record(context, change) {
            const recorded = { context, change };
            // One after the other: a transaction is one connection.
            for (const consumer of recorders) {
              const task = await consumer.record?.(trx, recorded);
              if (task) tasks.add(task);
            }
            changes.push(recorded);
          },
          publish(event) {
            events.push(event);
          },
        }),
      );
      // Committed: the change stands whatever a consumer does now, so a
      // failing one is logged, never thrown into the change's caller.
      if (changes.length === 0 && events.length === 0) return result;
      for (const consumer of listeners) {
        try {
          consumer.committed?.({ changes, events });
        } catch (error) {
          p.logger.error({ err: error, consumer: consumer.name }, 'a change consumer failed');
        }
      }
      for (const task of tasks) {
        try {
          task();
        } catch (error) {
          p.logger.error({ err: error }, 'a change consumer failed after the commit');
        }
      }
      return result;
    },
  };
}
