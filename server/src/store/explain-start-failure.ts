import type { DatabaseLocation } from '../config/database-url.js';

/**
 * What the operator reads when the server cannot open its database at start, in one line
 * that says what to do (docs/operations.md, "PostgreSQL"). Sigil creates and migrates its
 * own tables, but the PostgreSQL database itself is the operator's to create, and a first
 * start on a new server meets exactly that. Undefined for any other failure, which is
 * reported as it is.
 */
export function explainStartFailure(
  error: unknown,
  database: DatabaseLocation,
): string | undefined {
  if (database.kind !== 'postgres' || !(error instanceof Error)) return undefined;
  const code = codeOf(error) ?? codeOf(error.cause);
  const url = new URL(database.url);
  const name = decodeURIComponent(url.pathname.slice(1)) || decodeURIComponent(url.username);
  const server = `PostgreSQL at ${url.hostname}:${url.port || '5432'}`;
  switch (code) {
    case '3D000':
      return `the database "${name}" does not exist on ${server} (DATABASE_URL). Create it once, for example \`createdb -h ${url.hostname} -p ${url.port || '5432'}${url.username ? ` -U ${decodeURIComponent(url.username)}` : ''} ${name}\`; Sigil creates its tables itself on the first start.`;
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EHOSTUNREACH':
    case 'ETIMEDOUT':
      return `cannot reach ${server} (DATABASE_URL): ${code}. Is PostgreSQL running there, and does DATABASE_URL name the right host and port?`;
    case '28P01':
    case '28000':
      return `${server} refused the user "${decodeURIComponent(url.username)}" (DATABASE_URL): ${error.message}.`;
    default:
      return undefined;
  }
}

function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null
    ? (error as { code?: unknown }).code
    : undefined;
}
