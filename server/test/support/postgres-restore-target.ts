import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { POSTGRES_URL } from '../../../testing/services.js';

/**
 * A new database holding an empty schema of the same name as `url`'s: where a
 * copy of `url`'s schema restores (pg_restore puts a schema back under its own
 * name, docs/operations.md "Restoring"). Dropped with dropDatabaseOf.
 */
export async function emptyDatabaseFor(url: string): Promise<string> {
  const schema = /search_path=(\S+)/.exec(new URL(url).searchParams.get('options') ?? '')?.[1];
  const database = `sigil_test_restore_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${database}`;
  const inTarget = new pg.Client({ connectionString: target.toString() });
  await inTarget.connect();
  await inTarget.query(`create schema if not exists ${schema ?? 'public'}`);
  await inTarget.end();
  return target.toString();
}

export async function dropDatabaseOf(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
  await admin.end();
}
