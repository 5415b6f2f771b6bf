import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_URL } from '../../../testing/services.js';
import { type BuiltServer, startBuiltServer } from '../../../testing/start-built-server.js';
import { COUNTED_TABLES } from '../../src/backup/counted-tables.js';
import { databaseUrl } from '../../src/config/database-url.js';
import { createDatabase } from '../../src/store/create-database.js';
import { graphql } from '../generated/index.js';
import { databaseBackends } from '../support/each-database.js';
import { TestClient } from '../support/graphql-client.js';
import { runBackupCommand } from '../support/run-backup-command.js';
import { createPostgresSchema } from '../support/test-server.js';

const ME = graphql(`
  query BackupRestoreMe {
    me { id address wallets { address } sessions { id current } }
  }
`);

/**
 * docs/operations.md, "Backups": `npm run backup -- FILE` copies the
 * database while the server serves, and a server started on the restored copy knows every
 * account, wallet, session and audit event committed before the backup
 * began. The backup is taken in the middle of a burst of sign-ins; those
 * answered before the command started are the ones the copy must hold.
 */

/** `npm start`'s entry point, compiled at load: what these tests run is the sources as they are. */
const SOURCES = {
  kind: 'tsx' as const,
  nodeArguments: ['--import', 'tsx', 'server/src/main.ts'],
  reason: 'sources',
};
const CHAINS = [{ id: 31337, rpcUrl: 'http://127.0.0.1:9' }];
/** Concurrent sign-ins of the burst: each signs a new person in, again and again. */
const WORKERS = 6;
/** The backup starts once this many sign-ins have been answered. */
const BACKUP_AFTER = 12;

type Places = {
  /** DATABASE_URL of the server that serves during the backup. */
  live: string;
  /** DATABASE_URL of the new, empty database the copy is restored into. */
  restored: string;
  cleanup(): Promise<void>;
};

async function sqlitePlaces(): Promise<Places> {
  const dir = mkdtempSync(join(tmpdir(), 'sigil-backup-'));
  return {
    live: `sqlite:${join(dir, 'live.sqlite')}`,
    restored: `sqlite:${join(dir, 'restored', 'sigil.sqlite')}`,
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * The live server in a schema of the test database; the copy goes into a new
 * database, where its schema exists and is empty, as `public` is in any new
 * database (pg_restore puts a schema back under its own name).
 */
async function postgresPlaces(): Promise<Places> {
  const live = await createPostgresSchema();
  const schema = /search_path=(\S+)/.exec(new URL(live.url).searchParams.get('options') ?? '')?.[1];
  const database = `sigil_test_restore_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  const restored = new URL(live.url);
  restored.pathname = `/${database}`;
  const inRestored = new pg.Client({ connectionString: restored.toString() });
  await inRestored.connect();
  await inRestored.query(`create schema ${schema}`);
  await inRestored.end();
  return {
    live: live.url,
    restored: restored.toString(),
    async cleanup() {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`drop database if exists ${database} with (force)`);
      await client.end();
      await live.drop();
    },
  };
}

type Answered = {
  cookie: string;
  accountId: string;
  address: string;
  sessionId: string;
  /** Where the backup command was when the answer arrived ('not started': before it was run). */
  backup: 'not started' | 'running' | 'done';
};

async function countRows(url: string) {
  const store = createDatabase(databaseUrl.parse(url));
  try {
    const counts: Record<string, number> = {};
    for (const table of COUNTED_TABLES) {
      const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(
        table,
      )}`.execute(store.db);
      counts[table] = Number(rows[0]?.n);
    }
    const { rows } = await sql<{
      name: string;
    }>`select max(name) as name from kysely_migration`.execute(store.db);
    const { rows: audited } = await sql<{
      account_id: string;
    }>`select account_id from audit_events where action = 'sign_in'`.execute(store.db);
    return {
      counts,
      schemaVersion: rows[0]?.name,
      signInAudited: new Set(audited.map((row) => row.account_id)),
    };
  } finally {
    await store.close();
  }
}

const fileHash = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describe.each(databaseBackends)('npm run backup and restore on $name', (backend) => {
  describe.skipIf(!backend.available)(backend.name, () => {
    let places: Places;
    let live: BuiltServer | undefined;
    let restored: BuiltServer | undefined;
    const dir = mkdtempSync(join(tmpdir(), 'sigil-copies-'));
    const copy = join(dir, backend.kind === 'sqlite' ? 'copy.sqlite' : 'copy.dump');
    const answered: Answered[] = [];
    /** What the copy holds, as counted in the database it was first restored into. */
    let copyCounts: Record<string, number> | undefined;

    beforeAll(async () => {
      places = backend.kind === 'sqlite' ? await sqlitePlaces() : await postgresPlaces();
      live = await startBuiltServer({
        chains: CHAINS,
        runtime: SOURCES,
        env: { DATABASE_URL: places.live },
      });
    });
    afterAll(async () => {
      await live?.stop();
      await restored?.stop();
      await places?.cleanup();
      rmSync(dir, { recursive: true, force: true });
    });

    it('takes a backup in the middle of a burst of sign-ins, and the sign-ins sent while it copies are answered', async () => {
      const server = live as BuiltServer;
      const target = { url: `http://127.0.0.1:${server.port}`, origin: server.url };
      let backup: Answered['backup'] = 'not started';
      // The burst pauses while the command starts (compiling its sources
      // takes seconds) and goes on once it says it is copying. So what was
      // answered before it started is exactly what the copy must hold, with
      // nothing in flight at that moment, and those sign-ins are still in
      // SQLite's WAL rather than all checkpointed into the database file (a
      // copy of the file alone would lack them).
      let paused: Promise<void> | undefined;
      let resume = () => {};
      let drained = () => {};
      let parked = 0;
      const pause = () => {
        paused = new Promise((resolve) => {
          resume = () => {
            paused = undefined;
            resolve();
          };
        });
        return new Promise<void>((resolve) => {
          drained = resolve;
        });
      };
      let allDrained: Promise<void> | undefined;
      let enough = () => {};
      const enoughAnswered = new Promise<void>((resolve) => {
        enough = resolve;
      });
      const worker = async () => {
        while (backup !== 'done') {
          if (paused) {
            parked += 1;
            if (parked === WORKERS) drained();
            await paused;
            parked -= 1;
            continue;
          }
          const client = new TestClient(target);
          const result = await client.signInAs(privateKeyToAccount(generatePrivateKey()));
          const signIn = result.data?.signIn;
          if (!signIn || !client.cookie)
            throw new Error(`sign-in failed: ${JSON.stringify(result)}`);
          answered.push({
            cookie: client.cookie,
            accountId: signIn.account.id,
            address: signIn.account.address,
            sessionId: signIn.session.id,
            backup,
          });
          if (answered.length === BACKUP_AFTER) {
            allDrained = pause();
            enough();
          }
        }
      };
      const burst = Promise.all(Array.from({ length: WORKERS }, worker));
      await enoughAnswered;
      await allDrained;
      const result = await runBackupCommand(
        'backup',
        [copy],
        { DATABASE_URL: places.live },
        (line) => {
          if (!line.startsWith('Copying ')) return;
          backup = 'running';
          resume();
        },
      );
      backup = 'done';
      resume();
      await burst;

      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const lines = result.stdout.split('\n');
      expect(lines[0]).toMatch(/^Copying .* to /);
      expect(lines[1]).toMatch(/^Wrote a copy of .* to .* in [\d.]+ s; check it with /);
      expect(lines.slice(2)).toEqual(['']);
      expect(answered.filter((a) => a.backup === 'not started').length).toBeGreaterThanOrEqual(
        BACKUP_AFTER,
      );
    }, 180_000);

    it('refuses to overwrite an existing file, and leaves it as it was', async () => {
      const before = fileHash(copy);
      const result = await runBackupCommand('backup', [copy], { DATABASE_URL: places.live });
      expect(result.code).toBe(1);
      // Refused before the "Copying … to …" line, which would say a copy is being taken.
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(
        `${copy} already exists: a backup never overwrites a file; choose a new name\n`,
      );
      expect(fileHash(copy)).toBe(before);
    }, 60_000);

    it('refuses to restore into the database the running server is using', async () => {
      const result = await runBackupCommand('restore', [copy], { DATABASE_URL: places.live });
      expect(result.code).toBe(1);
      expect(result.stderr.split('\n')).toHaveLength(2);
      expect(result.stderr).toMatch(
        backend.kind === 'sqlite'
          ? /is in use: a server \(or another process\) has it open; stop every instance, then restore\n$/
          : /is not empty \(a server may be using it\): restore into an empty database or schema\n$/,
      );
      // The server still serves its database as it was.
      const first = answered[0] as Answered;
      const client = new TestClient({
        url: `http://127.0.0.1:${(live as BuiltServer).port}`,
        origin: (live as BuiltServer).url,
      });
      client.cookie = first.cookie;
      expect((await client.request(ME)).data?.me?.id).toBe(first.accountId);
    }, 60_000);

    it('checks a copy: its schema version and row counts, which are those a restore brings back', async () => {
      await (live as BuiltServer).stop();
      const check = await runBackupCommand('backup', ['--check', copy], {});
      expect(check.stderr).toBe('');
      expect(check.code).toBe(0);

      const restore = await runBackupCommand('restore', [copy], { DATABASE_URL: places.restored });
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);
      expect(restore.stdout).toMatch(/^Restored .* into .*\(.*\)\n$/);

      const { counts, schemaVersion } = await countRows(places.restored);
      copyCounts = counts;
      expect(schemaVersion).toMatch(/^\d{4}-/);
      const kind = backend.kind === 'sqlite' ? 'SQLite copy' : 'PostgreSQL copy of schema "[^"]+"';
      const listed = COUNTED_TABLES.map((table) => `${counts[table]} ${table}`).join(', ');
      expect(check.stdout).toMatch(
        new RegExp(`^${kind}, schema version ${schemaVersion}: ${listed}\\n$`),
      );
      const before = answered.filter((a) => a.backup === 'not started').length;
      expect(counts.sessions).toBeGreaterThanOrEqual(before);
      expect(counts.sign_ins).toBeGreaterThanOrEqual(before);
    }, 120_000);

    it('starts a new server on the restored copy that knows every session answered before the backup began, and signs a new person in', async () => {
      const before = answered.filter((a) => a.backup === 'not started');
      expect(before.length).toBeGreaterThanOrEqual(BACKUP_AFTER);
      const { signInAudited } = await countRows(places.restored);
      for (const signIn of before) expect(signInAudited.has(signIn.accountId)).toBe(true);

      restored = await startBuiltServer({
        chains: CHAINS,
        runtime: SOURCES,
        env: { DATABASE_URL: places.restored },
      });
      const target = { url: `http://127.0.0.1:${restored.port}`, origin: restored.url };
      for (const signIn of before) {
        const client = new TestClient(target);
        client.cookie = signIn.cookie;
        const me = (await client.request(ME)).data?.me;
        expect(me?.id).toBe(signIn.accountId);
        expect(me?.wallets.map((wallet) => wallet.address)).toEqual([signIn.address]);
        expect(me?.sessions.find((session) => session.current)?.id).toBe(signIn.sessionId);
      }

      const newcomer = new TestClient(target);
      const key = privateKeyToAccount(generatePrivateKey());
      const signedIn = await newcomer.signInAs(key);
      expect(signedIn.errors).toBeUndefined();
      expect(signedIn.data?.signIn.account.address).toBe(key.address);
      expect((await newcomer.request(ME)).data?.me?.address).toBe(key.address);
    }, 120_000);

    it.runIf(backend.kind === 'sqlite')(
      'restores over the database once its server has stopped: the copy replaces it, nothing written after the backup stays',
      async () => {
        const restore = await runBackupCommand('restore', [copy], { DATABASE_URL: places.live });
        expect(restore.stderr).toBe('');
        expect(restore.code).toBe(0);
        const inPlace = await countRows(places.live);
        expect(inPlace.counts).toEqual(copyCounts);
        const after = answered.filter((a) => a.backup === 'done');
        expect(after.length).toBe(WORKERS);
        for (const signIn of after) expect(inPlace.signInAudited.has(signIn.accountId)).toBe(false);
      },
      60_000,
    );

    it.runIf(backend.kind === 'postgres')(
      'restores into a new database without the schema, which it creates, and refuses a schema of another name',
      async () => {
        const database = `sigil_test_restore_${randomBytes(4).toString('hex')}`;
        const admin = new pg.Client({ connectionString: POSTGRES_URL });
        await admin.connect();
        await admin.query(`create database ${database}`);
        try {
          const target = new URL(places.restored);
          target.pathname = `/${database}`;
          const other = new URL(target);
          other.searchParams.set('options', '-c search_path=another_schema');
          const refused = await runBackupCommand('restore', [copy], {
            DATABASE_URL: other.toString(),
          });
          expect(refused.code).toBe(1);
          expect(refused.stderr).toMatch(
            /^\S+ is a copy of schema "[^"]+" but DATABASE_URL selects "another_schema": restore into a schema of the copy's name \(options=-c search_path=[^)]+\)\n$/,
          );

          const restore = await runBackupCommand('restore', [copy], {
            DATABASE_URL: target.toString(),
          });
          expect(restore.stderr).toBe('');
          expect(restore.code).toBe(0);
          expect((await countRows(target.toString())).counts).toEqual(copyCounts);
        } finally {
          await admin.query(`drop database if exists ${database} with (force)`);
          await admin.end();
        }
      },
      120_000,
    );

    it.runIf(backend.kind === 'sqlite')(
      'answers a file that is no copy with one line, for a check and a restore',
      async () => {
        const notACopy = join(dir, 'notes.txt');
        writeFileSync(notACopy, 'not a database');
        const check = await runBackupCommand('backup', ['--check', notACopy], {});
        expect(check.code).toBe(1);
        expect(check.stderr).toBe(
          `${notACopy} is neither a SQLite database nor a pg_dump archive in custom format\n`,
        );
        const restore = await runBackupCommand('restore', [notACopy], {
          DATABASE_URL: places.live,
        });
        expect(restore.code).toBe(1);
        expect(restore.stderr).toBe(check.stderr);
      },
      60_000,
    );

    it.runIf(backend.kind === 'postgres')(
      'says how to install pg_dump when it is missing',
      async () => {
        const emptyPath = join(dir, 'no-programs');
        mkdirSync(emptyPath, { recursive: true });
        const result = await runBackupCommand('backup', [join(dir, 'never.dump')], {
          DATABASE_URL: places.restored,
          PATH: emptyPath,
        });
        expect(result.code).toBe(1);
        // Refused before the "Copying … to …" line.
        expect(result.stdout).toBe('');
        expect(result.stderr).toBe(
          'pg_dump not found: install the PostgreSQL client (apt-get install postgresql-client), ' +
            'of the major version of the server or newer\n',
        );
      },
      60_000,
    );
  });
});
