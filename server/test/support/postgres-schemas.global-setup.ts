import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { POSTGRES_URL, serviceAvailable } from '../../../testing/services.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Names this run's PostgreSQL schemas (`sigil_test_<run>_…`), dropped when the run ends. */
    postgresSchemaRun: string;
  }
}

/**
 * Every PostgreSQL suite works in a schema of its own, in one shared database.
 * A schema is not dropped when its suite ends but once the whole run is over:
 * Kysely's migrator reads the catalog of every schema in the database (to
 * find its own table), and a schema dropped by another test file at that
 * moment failed the migration ("schema … does not exist", seen in CI).
 */
export default async function setup(project: TestProject) {
  const run = randomBytes(4).toString('hex');
  project.provide('postgresSchemaRun', run);
  return async () => {
    if (!(await serviceAvailable('PostgreSQL'))) return;
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        'select nspname as name from pg_namespace where nspname like $1',
        [`sigil_test_${run}_%`],
      );
      for (const { name } of rows) await client.query(`drop schema "${name}" cascade`);
    } finally {
      await client.end();
    }
  };
}
