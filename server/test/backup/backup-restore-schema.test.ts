import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkBackup } from '../../src/backup/check-backup.js';
import { createDatabase } from '../../src/store/create-database.js';
import { createMigrator, migrateToLatest } from '../../src/store/migrate.js';
import { describeEachDatabase } from '../support/each-database.js';
import { dropDatabaseOf, emptyDatabaseFor } from '../support/postgres-restore-target.js';
import { runBackupCommand } from '../support/run-backup-command.js';
import { createPostgresSchema } from '../support/test-server.js';

/**
 * docs/operations.md, "Backups": `--check` and `restore` accept only a copy
 * whose schema is what Sigil's migrations make. The review's tampered copy
 * carried a trigger that, on the restored server, made a chosen key's next
 * sign-in an administrator and deleted its audit events.
 */

const TRIGGER_SQLITE = `
  create trigger grant_admin after insert on sign_ins begin
    insert into granted_roles (account_id, role, granted_at) values (new.account_id, 'admin', 0);
    delete from audit_events where account_id = new.account_id;
  end`;

const TRIGGER_POSTGRES = `
  create function grant_admin() returns trigger language plpgsql as $$
  begin
    insert into granted_roles (account_id, role, granted_at) values (new.account_id, 'admin', 0);
    delete from audit_events where account_id = new.account_id;
    return new;
  end $$;
  create trigger grant_admin after insert on sign_ins for each row execute function grant_admin()`;

describeEachDatabase('a copy whose schema Sigil did not write', (context) => {
  const { backend } = context;
  const dir = mkdtempSync(join(tmpdir(), 'sigil-tampered-'));
  const extension = backend.kind === 'sqlite' ? 'sqlite' : 'dump';
  const clean = join(dir, `clean.${extension}`);
  const tampered = join(dir, `tampered.${extension}`);
  /** PostgreSQL: the schema the tampered copy is of, with its trigger. */
  let tamperedSchema: { url: string; drop(): Promise<void> } | undefined;
  const cleanup: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    const { database } = context;
    const url = database.kind === 'sqlite' ? `sqlite:${database.path}` : database.url;
    const backup = await runBackupCommand('backup', [clean], { DATABASE_URL: url });
    expect(backup.stderr).toBe('');
    if (database.kind === 'sqlite') {
      copyFileSync(clean, tampered);
      const sqlite = new SQLite(tampered);
      sqlite.exec(TRIGGER_SQLITE);
      sqlite.close();
      return;
    }
    // The way the review did it: the trigger added to a database, then backed up.
    tamperedSchema = await createPostgresSchema();
    cleanup.push(() => (tamperedSchema as { drop(): Promise<void> }).drop());
    const store = createDatabase({ kind: 'postgres', url: tamperedSchema.url });
    try {
      await migrateToLatest(store);
      await sql.raw(TRIGGER_POSTGRES).execute(store.db);
    } finally {
      await store.close();
    }
    const tamperedBackup = await runBackupCommand('backup', [tampered], {
      DATABASE_URL: tamperedSchema.url,
    });
    expect(tamperedBackup.stderr).toBe('');
  }, 120_000);
  afterAll(async () => {
    for (const step of cleanup) await step();
    rmSync(dir, { recursive: true, force: true });
  });

  it('passes the check for a clean copy', async () => {
    const check = await runBackupCommand('backup', ['--check', clean], {});
    expect(check.stderr).toBe('');
    expect(check.code).toBe(0);
  }, 60_000);

  it('refuses a copy with an added trigger, for a check and a restore, naming it in one line', async () => {
    const check = await runBackupCommand('backup', ['--check', tampered], {});
    expect(check.code).toBe(1);
    expect(check.stdout).toBe('');
    expect(check.stderr.split('\n')).toHaveLength(2);
    expect(check.stderr).toContain(`${tampered} holds what Sigil's migrations do not define: `);
    expect(check.stderr).toMatch(/trigger grant_admin/i);
    if (backend.kind === 'postgres') expect(check.stderr).toMatch(/function \S*grant_admin\(\)/i);

    const target =
      backend.kind === 'sqlite'
        ? `sqlite:${join(dir, 'restored', 'sigil.sqlite')}`
        : await emptyDatabaseFor(tamperedSchema?.url as string);
    if (backend.kind === 'postgres') cleanup.push(() => dropDatabaseOf(target));
    const restore = await runBackupCommand('restore', [tampered], { DATABASE_URL: target });
    expect(restore.code).toBe(1);
    expect(restore.stderr).toBe(check.stderr);
    // Nothing of the copy was put in place.
    if (backend.kind === 'sqlite') {
      expect(
        () => new SQLite(join(dir, 'restored', 'sigil.sqlite'), { fileMustExist: true }),
      ).toThrow();
    } else {
      const client = new pg.Client({ connectionString: target });
      await client.connect();
      const { rows } = await client.query(
        `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = current_schema()`,
      );
      await client.end();
      expect(rows[0].n).toBe(0);
    }
  }, 120_000);

  it.runIf(backend.kind === 'sqlite')(
    'refuses a view, an extra table, an extra column and an extra index, each named',
    async () => {
      const cases = [
        ['create view admins as select * from granted_roles', 'view admins'],
        ['create table notes (x text)', 'table notes'],
        ['alter table accounts add column role text', 'column accounts.role'],
        ['create index sessions_by_agent on sessions (user_agent)', 'index sessions_by_agent'],
      ] as const;
      for (const [statement, named] of cases) {
        const copy = join(dir, `case-${randomBytes(3).toString('hex')}.sqlite`);
        copyFileSync(clean, copy);
        const sqlite = new SQLite(copy);
        sqlite.exec(statement);
        sqlite.close();
        await expect(checkBackup(copy)).rejects.toThrow(named);
      }
    },
  );
});

it('passes a copy of an older schema version, which a newer Sigil migrates at start, and refuses one of a version it does not know', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sigil-older-'));
  try {
    const path = join(dir, 'older.sqlite');
    const store = createDatabase({ kind: 'sqlite', path });
    try {
      const { error } = await (await createMigrator(store)).migrateTo('0009-webhooks');
      expect(error).toBeUndefined();
    } finally {
      await store.close();
    }
    await expect(checkBackup(path)).resolves.toMatchObject({ schemaVersion: '0009-webhooks' });

    const sqlite = new SQLite(path);
    sqlite
      .prepare("insert into kysely_migration (name, timestamp) values ('9999-future', 'x')")
      .run();
    sqlite.close();
    await expect(checkBackup(path)).rejects.toThrow(
      `${path} is of schema version 9999-future, which this Sigil does not know`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
