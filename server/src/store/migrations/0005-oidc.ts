import type { Kysely } from 'kysely';

/**
 * The OpenID Connect provider's state, shared by every instance:
 * - `oidc_models`: what oidc-provider persists (sessions, interactions,
 *   authorization codes, grants, access and refresh tokens), one row per
 *   model instance, its payload as JSON, with the columns it is looked up by;
 * - `oidc_keys`: the signing keys (and the provider's cookie keys), generated
 *   at first start; a generation number per kind makes concurrent first
 *   starts insert one key between them, and rotation adds the next;
 * - `oidc_connections`: which account granted which client what, and when it
 *   was last used: the account page's connected apps.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oidc_models')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('uid', 'text')
    .addColumn('user_code', 'text')
    .addColumn('expires_at', 'bigint')
    .addColumn('consumed_at', 'bigint')
    .addPrimaryKeyConstraint('oidc_models_pk', ['kind', 'id'])
    .execute();
  await db.schema
    .createIndex('oidc_models_grant_id')
    .on('oidc_models')
    .column('grant_id')
    .execute();
  await db.schema.createIndex('oidc_models_uid').on('oidc_models').column('uid').execute();
  await db.schema
    .createIndex('oidc_models_expires_at')
    .on('oidc_models')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('oidc_keys')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('generation', 'integer', (c) => c.notNull())
    .addColumn('material', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('retired_at', 'bigint')
    .addPrimaryKeyConstraint('oidc_keys_pk', ['kind', 'generation'])
    .execute();

  await db.schema
    .createTable('oidc_connections')
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('grant_id', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('granted_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .addPrimaryKeyConstraint('oidc_connections_pk', ['account_id', 'client_id'])
    .execute();
  await db.schema
    .createIndex('oidc_connections_grant_id')
    .on('oidc_connections')
    .column('grant_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oidc_connections').execute();
  await db.schema.dropTable('oidc_keys').execute();
  await db.schema.dropTable('oidc_models').execute();
}
