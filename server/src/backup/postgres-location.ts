/**
 * Where in PostgreSQL a DATABASE_URL points, for pg_dump and pg_restore. The
 * server picks its schema through the URL's `options=-c search_path=…` (the
 * tests' schemas are chosen so: server/test/support/test-server.ts) and
 * otherwise works in `public`; a backup copies that one schema, and a restore
 * puts it back under the same name.
 */
export type PostgresLocation = {
  schema: string;
  /** For messages: database and schema, never the password. */
  description: string;
};

/**
 * How pg_dump and pg_restore connect: `--dbname` without `options` (which
 * they set themselves) and without the password, which goes in PGPASSWORD:
 * a program's command line is visible to every local user in `ps`, its
 * environment only to its owner.
 */
export type PostgresClientConnection = {
  dbname: string;
  env: { PGPASSWORD?: string };
};

const SEARCH_PATH = /(?:^|\s)(?:-c\s*|--)search_path=(\S+)/;

export function postgresLocation(url: string): PostgresLocation {
  const parsed = new URL(url);
  const options = parsed.searchParams.get('options') ?? '';
  const schema =
    (SEARCH_PATH.exec(options)?.[1] ?? '')
      .split(',')
      .map((name) => name.trim().replace(/^"(.*)"$/, '$1'))
      .find((name) => name !== '' && name !== '$user') ?? 'public';
  const database = decodeURIComponent(parsed.pathname.slice(1)) || '(default)';
  return {
    schema,
    description: `PostgreSQL database "${database}" on ${parsed.host}, schema "${schema}"`,
  };
}

export function postgresClientConnection(url: string): PostgresClientConnection {
  const parsed = new URL(url);
  parsed.searchParams.delete('options');
  // libpq takes a password from the user-info part or from the query string.
  const password = decodeURIComponent(parsed.password) || parsed.searchParams.get('password') || '';
  parsed.password = '';
  parsed.searchParams.delete('password');
  return { dbname: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}
