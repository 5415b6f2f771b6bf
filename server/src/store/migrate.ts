import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Store, StoreDialect } from './create-database.js';
import * as initial from './migrations/0001-initial.js';
import * as walletIdentity from './migrations/0002-wallet-identity.js';
import * as linkedWallets from './migrations/0003-linked-wallets.js';
import * as profiles from './migrations/0004-profiles.js';
import * as oidc from './migrations/0005-oidc.js';
import * as access from './migrations/0006-access.js';
import * as administration from './migrations/0007-administration.js';
import * as auditLog from './migrations/0008-audit-log.js';
import * as webhooks from './migrations/0009-webhooks.js';
import * as solanaWallets from './migrations/0010-solana-wallets.js';
import * as passkeys from './migrations/0011-passkeys.js';
import { runUntilCatalogSettles } from './run-until-catalog-settles.js';

/** Every migration, in order. Each receives the dialect for the few types that differ. */
const migrations = {
  '0001-initial': initial,
  '0002-wallet-identity': walletIdentity,
  '0003-linked-wallets': linkedWallets,
  '0004-profiles': profiles,
  '0005-oidc': oidc,
  '0006-access': access,
  '0007-administration': administration,
  '0008-audit-log': auditLog,
  '0009-webhooks': webhooks,
  '0010-solana-wallets': solanaWallets,
  '0011-passkeys': passkeys,
};

class DialectMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: StoreDialect) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(migrations).map(([name, m]) => [
        name,
        { up: (db) => m.up(db, this.dialect), down: (db) => m.down(db) } satisfies Migration,
      ]),
    );
  }
}

export class MigrationError extends Error {
  override readonly name = 'MigrationError';
}

/**
 * The migrator over this store's migrations. Kysely looks for its bookkeeping
 * tables in every schema unless told one: with two schemas in one database
 * (tests, or tenants), it would find the other's and skip creating its own.
 * So it is told the schema this connection uses.
 */
export async function createMigrator(store: Store): Promise<Migrator> {
  const schema =
    store.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(store.db)).rows[0]
          ?.schema
      : undefined;
  return new Migrator({
    db: store.db,
    provider: new DialectMigrationProvider(store.dialect),
    ...(schema && { migrationTableSchema: schema }),
  });
}

/** Brings the database to the latest schema; run at every start. */
export async function migrateToLatest(store: Store): Promise<string[]> {
  const { error, results } = await runUntilCatalogSettles(async () =>
    (await createMigrator(store)).migrateToLatest(),
  );
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new MigrationError(`migration ${failed} failed`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
