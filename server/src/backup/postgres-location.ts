/**
 * Where in PostgreSQL a DATABASE_URL points, for pg_dump and pg_restore. The
 * server picks its schema through the URL's `options=-c search_path=…` (the
 * tests' schemas are chosen so: server/test/support/test-server.ts) and
 * otherwise works in `public`; a backup copies that one schema, and a restore
 * puts it back under the same name.
 */
export type PostgresLocation = {
  schema: string;
  /** The URL for libpq's `--dbname`: without `options`, which pg_dump and pg_restore set themselves. */
  libpqUrl: string;
  /** For messages: database and schema, never the password. */
  description: string;
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
  parsed.searchParams.delete('options');
  const database = decodeURIComponent(parsed.pathname.slice(1)) || '(default)';
  return {
    schema,
    libpqUrl: parsed.toString(),
    description: `PostgreSQL database "${database}" on ${parsed.host}, schema "${schema}"`,
  };
}
