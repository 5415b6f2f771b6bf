import type { HousekeptTable } from '../metrics/metrics.js';
import type { Services } from '../services.js';

/** What a housekeeping step reads: the server's time, its settings and the database. */
export type HousekeepingServices = Pick<Services, 'db' | 'clock' | 'config'>;

/**
 * One kind of row a module deletes on housekeeping's schedule, a batch at a
 * time (run-housekeeping.ts). `deleteBatch` deletes at most `batchSize` rows
 * and answers how many it deleted; it is called until a batch deletes
 * nothing.
 */
export type HousekeepingStep = {
  /** The table it is counted against (the `table` label of `sigil_housekeeping_deleted_rows_total`). */
  table: HousekeptTable;
  deleteBatch(services: HousekeepingServices, batchSize: number): Promise<number>;
};
