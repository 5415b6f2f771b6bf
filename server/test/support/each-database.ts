import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import { serviceAvailable } from '../../../testing/services.js';
import type { Config } from '../../src/config/load-config.js';
import { createDatabase, type Store } from '../../src/store/create-database.js';
import { migrateToLatest } from '../../src/store/migrate.js';
import { createPostgresSchema } from './test-server.js';

export type OpenedDatabase = { database: Config['database']; cleanup(): Promise<void> };

export type DatabaseBackend = {
  name: 'SQLite' | 'PostgreSQL';
  /** What `startTestServer({ database })` takes for this backend. */
  kind: 'sqlite' | 'postgres';
  available: boolean;
  /** A new, empty database: a SQLite file, or a PostgreSQL schema of its own. */
  open(): Promise<OpenedDatabase>;
};

/**
 * The store's two databases. A suite runs on a real SQLite file and on the
 * machine's PostgreSQL, so one migration set and every query behave alike on
 * both; without PostgreSQL it skips with a visible line (fails under CI).
 */
export const databaseBackends: DatabaseBackend[] = [
  {
    name: 'SQLite',
    kind: 'sqlite',
    available: true,
    async open() {
      const dir = mkdtempSync(join(tmpdir(), 'sigil-store-'));
      return {
        database: { kind: 'sqlite', path: join(dir, 'store.sqlite') },
        cleanup: async () => rmSync(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'PostgreSQL',
    kind: 'postgres',
    available: await serviceAvailable('PostgreSQL'),
    async open() {
      const schema = await createPostgresSchema();
      return { database: { kind: 'postgres', url: schema.url }, cleanup: () => schema.drop() };
    },
  },
];

export type EachDatabaseContext = {
  backend: DatabaseBackend;
  /** Where the store is, for a test that opens a second connection to it (another instance). */
  database: Config['database'];
  /** Migrated to the latest schema before the suite's tests run. */
  store: Store;
  /** What the first migration run applied. */
  migrated: string[];
};

/** Declares `suite` once per database, each with a fresh, migrated store. */
export function describeEachDatabase(
  title: string,
  suite: (context: EachDatabaseContext) => void,
): void {
  describe.each(databaseBackends)(`${title} on $name`, (backend) => {
    describe.skipIf(!backend.available)(backend.name, () => {
      const context = { backend } as EachDatabaseContext;
      let cleanup: (() => Promise<void>) | undefined;
      beforeAll(async () => {
        const opened = await backend.open();
        cleanup = opened.cleanup;
        context.database = opened.database;
        context.store = createDatabase(opened.database);
        context.migrated = await migrateToLatest(context.store);
      });
      afterAll(async () => {
        await context.store?.close();
        await cleanup?.();
      });
      suite(context);
    });
  });
}
