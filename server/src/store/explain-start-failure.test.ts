import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { POSTGRES_URL, serviceAvailable } from '../../../testing/services.js';
import type { DatabaseLocation } from '../config/database-url.js';
import { createDatabase } from './create-database.js';
import { explainStartFailure } from './explain-start-failure.js';
import { migrateToLatest } from './migrate.js';

const ready = await serviceAvailable('PostgreSQL');

/** What a first start on `database` fails with, from the real PostgreSQL: the migration is its first query. */
async function firstStartFailure(database: DatabaseLocation): Promise<unknown> {
  const store = createDatabase(database, { logger: pino({ level: 'silent' }) });
  try {
    await migrateToLatest(store);
  } catch (error) {
    return error;
  } finally {
    await store.close().catch(() => undefined);
  }
  throw new Error('the first start did not fail');
}

describe.runIf(ready)('explainStartFailure on the real PostgreSQL', () => {
  it('says to create a database that does not exist, and how', async () => {
    const url = new URL(POSTGRES_URL);
    url.pathname = '/sigil_never_created';
    const database = { kind: 'postgres', url: url.href } as const;
    expect(explainStartFailure(await firstStartFailure(database), database)).toBe(
      `the database "sigil_never_created" does not exist on PostgreSQL at ${url.hostname}:${url.port || '5432'} (DATABASE_URL). ` +
        `Create it once, for example \`createdb -h ${url.hostname} -p ${url.port || '5432'} -U ${url.username} sigil_never_created\`; ` +
        'Sigil creates its tables itself on the first start.',
    );
  });

  it('says where it looked when nothing listens there', async () => {
    const database = { kind: 'postgres', url: 'postgres://postgres@127.0.0.1:9/sigil' } as const;
    expect(explainStartFailure(await firstStartFailure(database), database)).toBe(
      'cannot reach PostgreSQL at 127.0.0.1:9 (DATABASE_URL): ECONNREFUSED. ' +
        'Is PostgreSQL running there, and does DATABASE_URL name the right host and port?',
    );
  });
});

describe('explainStartFailure', () => {
  it('leaves any other failure to be reported as it is', () => {
    const postgres = { kind: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/sigil' } as const;
    expect(explainStartFailure(new Error('boom'), postgres)).toBeUndefined();
    const sqlite = { kind: 'sqlite', path: './data/sigil.sqlite' } as const;
    expect(
      explainStartFailure(Object.assign(new Error('x'), { code: '3D000' }), sqlite),
    ).toBeUndefined();
  });
});
