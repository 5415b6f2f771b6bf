import { setImmediate as nextTurn } from 'node:timers/promises';
import { HOUSEKEPT_TABLES, type HousekeptTable } from '../metrics/metrics.js';
import { modules } from '../modules.js';
import type { Services } from '../services.js';
import type { HousekeepingStep } from './housekeeping-step.js';

export type RunHousekeepingParameters = {
  /** Rows per delete statement. @default 500 */
  batchSize?: number;
  /** Asked between batches: a shutdown stops a long run there. @default never */
  stopped?: () => boolean;
};

export type HousekeepingReport = Record<HousekeptTable, number> & {
  /** Delete statements run, over every table. */
  batches: number;
};

/** One delete loop: every step in it deletes a batch, until a batch of all of them deletes nothing. */
type Round = { table: HousekeptTable; steps: HousekeepingStep[] };

/**
 * The modules' steps (modules.ts), table by table in HOUSEKEPT_TABLES' order.
 * Steps of one table from different modules share each batch (a passkey
 * ceremony's challenges are kept as nonces are, and counted with them); a
 * module's own steps of one table run one after another (refused sign-ins
 * leave the audit log before the rest of it: REFUSED_SIGN_IN_RETENTION is
 * shorter).
 */
function roundsOf(stepsByModule: readonly (readonly HousekeepingStep[])[]): Round[] {
  const rounds: Round[] = [];
  for (const table of HOUSEKEPT_TABLES) {
    const ofTable = stepsByModule.map((steps) => steps.filter((step) => step.table === table));
    const depth = Math.max(0, ...ofTable.map((steps) => steps.length));
    for (let index = 0; index < depth; index++) {
      rounds.push({ table, steps: ofTable.flatMap((steps) => steps.slice(index, index + 1)) });
    }
  }
  return rounds;
}

const rounds = roundsOf(modules.map((module) => module.housekeeping ?? []));

/**
 * One housekeeping run at the server's time (`services.clock`): deletes
 * sessions that ended more than a day ago, nonces that are used or
 * expired, and OpenID Connect provider rows (codes, tokens, grants,
 * interactions) past their lifetime, records of refused sign-ins older
 * than REFUSED_SIGN_IN_RETENTION and audit events older than
 * AUDIT_RETENTION, each in batches until a batch deletes nothing (not merely
 * a short one: another instance running at the same time may have taken
 * part of a batch). Records of successful sign-ins are never deleted: they
 * are the account's history. Each module names its steps in its descriptor.
 *
 * Between batches the run yields to the event loop, so requests waiting on
 * the database (SQLite has one writer) go first.
 */
export async function runHousekeeping(
  services: Pick<Services, 'db' | 'clock' | 'config' | 'metrics'>,
  p: RunHousekeepingParameters = {},
): Promise<HousekeepingReport> {
  const { metrics } = services;
  const batchSize = p.batchSize ?? 500;
  const report: HousekeepingReport = {
    sessions: 0,
    nonces: 0,
    oidc_models: 0,
    webhook_deliveries: 0,
    audit_events: 0,
    batches: 0,
  };
  for (const { table, steps } of rounds) {
    let deleted: number;
    do {
      if (p.stopped?.()) return report;
      deleted = 0;
      for (const step of steps) deleted += await step.deleteBatch(services, batchSize);
      report.batches += 1;
      report[table] += deleted;
      metrics.housekept({ table, deleted });
      await nextTurn();
    } while (deleted > 0);
  }
  return report;
}
