import type { MigrationResultSet } from 'kysely';
import { expect, it } from 'vitest';
import { runUntilCatalogSettles } from './run-until-catalog-settles.js';

// The migrator's outcomes, as Kysely returns them: a real catalog race (a
// schema dropped in the instant another run lists every table) cannot be
// made to happen on demand, so these stand in for it.
const schemaGone = Object.assign(new Error('schema "sigil_test_x" does not exist'), {
  code: '3F000',
});
const catalogRace: MigrationResultSet = { error: schemaGone };
const migrated: MigrationResultSet = {
  results: [{ migrationName: '0001-initial', direction: 'Up', status: 'Success' }],
};

function outcomes(...sequence: MigrationResultSet[]) {
  let calls = 0;
  const migrate = async () =>
    sequence[Math.min(calls++, sequence.length - 1)] as MigrationResultSet;
  return { migrate, calls: () => calls };
}

it('runs again when another schema vanished while the catalog was read, and then migrates', async () => {
  const run = outcomes(catalogRace, migrated);
  expect(await runUntilCatalogSettles(run.migrate)).toBe(migrated);
  expect(run.calls()).toBe(2);
});

it('gives up after its attempts, answering the last failure', async () => {
  const run = outcomes(catalogRace);
  expect(await runUntilCatalogSettles(run.migrate, 3)).toBe(catalogRace);
  expect(run.calls()).toBe(3);
});

it('answers at once a failure during a migration, even with that code', async () => {
  const duringMigration: MigrationResultSet = {
    error: schemaGone,
    results: [{ migrationName: '0007-administration', direction: 'Up', status: 'Error' }],
  };
  const run = outcomes(duringMigration, migrated);
  expect(await runUntilCatalogSettles(run.migrate)).toBe(duringMigration);
  expect(run.calls()).toBe(1);
});

it('answers at once any other failure', async () => {
  const other: MigrationResultSet = { error: Object.assign(new Error('no'), { code: '42P01' }) };
  const run = outcomes(other, migrated);
  expect(await runUntilCatalogSettles(run.migrate)).toBe(other);
  expect(run.calls()).toBe(1);
});
