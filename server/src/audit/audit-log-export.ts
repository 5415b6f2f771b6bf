import { Readable } from 'node:stream';
import type { Db } from '../store/database.js';
import { auditEventJson } from './audit-event-json.js';
import { readAuditEventsInBatches } from './audit-event-store.js';

/** Rows per query of an export: one batch is what an export holds in memory. */
export const EXPORT_BATCH_ROWS = 500;

/**
 * An export cut short because its session ended or lost `admin` between two
 * batches. The stream ends with this error, so the download fails rather
 * than looking whole.
 */
export class AuditLogExportStoppedError extends Error {
  constructor() {
    super('The session that opened the export ended or lost admin; the export stopped.');
    this.name = 'AuditLogExportStoppedError';
  }
}

export type AuditLogJsonLinesParameters = {
  since?: number | undefined;
  until?: number | undefined;
  /** Rows per query. @default EXPORT_BATCH_ROWS */
  batchSize?: number;
  /**
   * Asked after each batch is taken, before the next is read: false stops
   * the export with AuditLogExportStoppedError. @default always true
   */
  mayContinue?: () => Promise<boolean>;
};

/**
 * The log from `since` to `until` as JSON Lines, oldest first, as a byte
 * stream that reads the next batch only when the previous one has been
 * taken: a slow download holds the database to one batch at a time, and an
 * export of a million events costs no more memory than one of a thousand.
 */
export function auditLogJsonLines(db: Db, p: AuditLogJsonLinesParameters): Readable {
  async function* lines(): AsyncGenerator<string> {
    for await (const rows of readAuditEventsInBatches(db, {
      since: p.since,
      until: p.until,
      batchSize: p.batchSize ?? EXPORT_BATCH_ROWS,
    })) {
      yield rows.map((row) => `${JSON.stringify(auditEventJson(row))}\n`).join('');
      // A download may take longer than the session that opened it.
      if (p.mayContinue && !(await p.mayContinue())) throw new AuditLogExportStoppedError();
    }
  }
  // Bytes, not objects: the buffer ahead of the client is bounded by size,
  // below one batch, so no batch is read before the previous one is taken.
  return Readable.from(lines(), { objectMode: false, highWaterMark: 16 * 1024 });
}
