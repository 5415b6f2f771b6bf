import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { backupSqlite } from '../../src/backup/backup-sqlite.js';
import { postgresClientConnection } from '../../src/backup/postgres-location.js';
import { createDatabase } from '../../src/store/create-database.js';
import { migrateToLatest } from '../../src/store/migrate.js';
import { createOwnerOnlyFile } from '../../src/store/owner-only.js';
import { describeEachDatabase } from '../support/each-database.js';
import { dropDatabaseOf, emptyDatabaseFor } from '../support/postgres-restore-target.js';
import { runBackupCommand } from '../support/run-backup-command.js';

/**
 * docs/operations.md, "Backups" and "Data on disk": the database and every copy
 * of it hold the OpenID Connect signing keys and the cookie secrets, so they
 * are readable by their owner only, whatever the umask; a copy's temporary
 * file is never one someone else planted; and the database password never
 * shows in `ps`.
 */

const mode = (path: string) => statSync(path).mode & 0o777;

let umask: number;
beforeAll(() => {
  // The usual umask, which alone would make new files 0644 and folders 0755.
  umask = process.umask(0o022);
});
afterAll(() => {
  process.umask(umask);
});

it('creates the SQLite database, its WAL and SHM 0600 and its data folder 0700 under umask 022', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sigil-modes-'));
  try {
    const path = join(dir, 'data', 'nested', 'sigil.sqlite');
    const store = createDatabase({ kind: 'sqlite', path });
    try {
      await migrateToLatest(store);
      expect(mode(join(dir, 'data'))).toBe(0o700);
      expect(mode(join(dir, 'data', 'nested'))).toBe(0o700);
      expect(mode(path)).toBe(0o600);
      expect(existsSync(`${path}-wal`)).toBe(true);
      expect(mode(`${path}-wal`)).toBe(0o600);
      expect(mode(`${path}-shm`)).toBe(0o600);
    } finally {
      await store.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it("creates a backup's temporary file exclusively: a symlink at its name is refused, and its target untouched", () => {
  const dir = mkdtempSync(join(tmpdir(), 'sigil-aside-'));
  try {
    const victim = join(dir, 'victim');
    writeFileSync(victim, 'untouched');
    const planted = join(dir, 'planted');
    symlinkSync(victim, planted);
    expect(() => createOwnerOnlyFile(planted)).toThrow(expect.objectContaining({ code: 'EEXIST' }));
    expect(readFileSync(victim, 'utf8')).toBe('untouched');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it("never writes a SQLite copy through a symlink planted at the temporary file's old, predictable name", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sigil-planted-'));
  const store = createDatabase({ kind: 'sqlite', path: join(dir, 'live.sqlite') });
  try {
    await migrateToLatest(store);
    const victim = join(dir, 'victim');
    writeFileSync(victim, '');
    chmodSync(victim, 0o666);
    const copy = join(dir, 'copy.sqlite');
    // The name the temporary file had: the target's, and the process id.
    const predictable = join(dir, `.copy.sqlite.partial-${process.pid}`);
    symlinkSync(victim, predictable);
    await backupSqlite(join(dir, 'live.sqlite'), copy);
    expect(readFileSync(victim, 'utf8')).toBe('');
    expect(lstatSync(predictable).isSymbolicLink()).toBe(true);
    expect(lstatSync(copy).isFile()).toBe(true);
    expect(mode(copy)).toBe(0o600);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

it('gives pg_dump and pg_restore the password in PGPASSWORD, and a --dbname without it', () => {
  const connection = postgresClientConnection(
    'postgres://sigil:p%40ss%20word@db.example:5432/sigil?sslmode=require&options=-c%20search_path%3Dx',
  );
  expect(connection.dbname).toBe('postgres://sigil@db.example:5432/sigil?sslmode=require');
  expect(connection.env).toEqual({ PGPASSWORD: 'p@ss word' });
  // libpq also reads a password from the query string.
  const inQuery = postgresClientConnection('postgres://sigil@db.example/sigil?password=hunter2');
  expect(inQuery.dbname).toBe('postgres://sigil@db.example/sigil');
  expect(inQuery.env).toEqual({ PGPASSWORD: 'hunter2' });
  expect(postgresClientConnection('postgres://db.example/sigil').env).toEqual({});
});

describeEachDatabase('a backup and a restore are 0600 under umask 022', (context) => {
  const { backend } = context;
  const dir = mkdtempSync(join(tmpdir(), 'sigil-secret-copies-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const extension = backend.kind === 'sqlite' ? 'sqlite' : 'dump';
  /** DATABASE_URL of the suite's migrated database, with a password (trust authentication ignores it). */
  const PASSWORD = `pw-${randomBytes(6).toString('hex')}`;
  const liveUrl = () => {
    const { database } = context;
    if (database.kind === 'sqlite') return `sqlite:${database.path}`;
    const url = new URL(database.url);
    url.username = 'postgres';
    url.password = PASSWORD;
    return url.toString();
  };

  it('refuses an existing FILE before it prints anything', async () => {
    const existing = join(dir, `existing.${extension}`);
    writeFileSync(existing, 'kept');
    const result = await runBackupCommand('backup', [existing], { DATABASE_URL: liveUrl() });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `${existing} already exists: a backup never overwrites a file; choose a new name\n`,
    );
    expect(readFileSync(existing, 'utf8')).toBe('kept');
  }, 60_000);

  it('writes the copy 0600, and hands pg_dump and pg_restore no password on their command line', async () => {
    // Stand-ins on PATH for pg_dump and pg_restore that record their
    // arguments and PGPASSWORD, then run the real programs.
    const bin = join(dir, 'bin');
    const calls = join(dir, 'calls');
    mkdirSync(bin, { recursive: true });
    for (const program of ['pg_dump', 'pg_restore']) {
      let real: string;
      try {
        real = execFileSync('sh', ['-c', `command -v ${program}`])
          .toString()
          .trim();
      } catch {
        continue;
      }
      writeFileSync(
        join(bin, program),
        `#!/bin/sh\nprintf '%s\\n' "${program} $*" "PGPASSWORD=$PGPASSWORD" >> '${calls}'\nexec '${real}' "$@"\n`,
        { mode: 0o755 },
      );
    }
    const env = { DATABASE_URL: liveUrl(), PATH: `${bin}:${process.env.PATH}` };
    const copy = join(dir, `copy.${extension}`);
    const backup = await runBackupCommand('backup', [copy], env);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(mode(copy)).toBe(0o600);
    const check = await runBackupCommand('backup', ['--check', copy], env);
    expect(check.stderr).toBe('');

    const restoredUrl =
      backend.kind === 'sqlite'
        ? `sqlite:${join(dir, 'restored', 'sigil.sqlite')}`
        : await emptyDatabaseFor(liveUrl());
    try {
      const restore = await runBackupCommand('restore', [copy], {
        ...env,
        DATABASE_URL: restoredUrl,
      });
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);
      if (backend.kind === 'sqlite') {
        expect(mode(join(dir, 'restored'))).toBe(0o700);
        expect(mode(join(dir, 'restored', 'sigil.sqlite'))).toBe(0o600);
        return;
      }
      const recorded = readFileSync(calls, 'utf8');
      expect(recorded).toMatch(/^pg_dump /m);
      expect(recorded).toMatch(/^pg_restore .*--dbname=/m);
      for (const line of recorded.split('\n').filter((l) => l.startsWith('pg_'))) {
        expect(line).not.toContain(PASSWORD);
      }
      const passwords = recorded.split('\n').filter((l) => l.startsWith('PGPASSWORD='));
      expect(passwords.length).toBeGreaterThanOrEqual(3);
      // Those that connect get it from the environment; reading an archive needs none.
      expect(passwords).toContain(`PGPASSWORD=${PASSWORD}`);
    } finally {
      if (backend.kind === 'postgres') await dropDatabaseOf(restoredUrl);
    }
  }, 120_000);
});
