import type { Db } from '../store/database.js';
import type { OidcConnectionsTable } from './oidc-tables.js';

export type ConnectionRow = OidcConnectionsTable;

/** A connected app as the API and events show it: the connection and the client's name. */
export type ConnectedAppView = {
  clientId: string;
  name: string;
  scopes: string[];
  grantedAt: number;
  lastUsedAt: number | null;
};

declare module '../events/account-events.js' {
  interface EventSubjects {
    /** For an app event, the app as it was: a revoked one is gone by the time a subscriber reads it. */
    app: ConnectedAppView;
  }
}

export function connectedAppView(row: ConnectionRow, clientName: string): ConnectedAppView {
  return {
    clientId: row.client_id,
    name: clientName,
    scopes: row.scopes.split(' ').filter(Boolean),
    grantedAt: Number(row.granted_at),
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
  };
}

export async function findConnection(
  db: Db,
  p: { accountId: string; clientId: string },
): Promise<ConnectionRow | undefined> {
  return db
    .selectFrom('oidc_connections')
    .selectAll()
    .where('account_id', '=', p.accountId)
    .where('client_id', '=', p.clientId)
    .executeTakeFirst();
}

/** The account's connections, most recently used (or granted) first. */
export async function listConnections(db: Db, accountId: string): Promise<ConnectionRow[]> {
  const rows = await db
    .selectFrom('oidc_connections')
    .selectAll()
    .where('account_id', '=', accountId)
    .execute();
  const recency = (row: ConnectionRow) => Number(row.last_used_at ?? row.granted_at);
  return rows.sort((a, b) => recency(b) - recency(a) || a.client_id.localeCompare(b.client_id));
}

/**
 * Records a consent: the grant that holds it and its scopes. One row per
 * account and client; a wider consent replaces the narrower one.
 */
export async function recordConsent(
  db: Db,
  p: { accountId: string; clientId: string; grantId: string; scopes: string[]; grantedAt: number },
): Promise<ConnectionRow> {
  const row: ConnectionRow = {
    account_id: p.accountId,
    client_id: p.clientId,
    grant_id: p.grantId,
    scopes: [...new Set(p.scopes)].join(' '),
    granted_at: p.grantedAt,
    last_used_at: null,
  };
  await db
    .insertInto('oidc_connections')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['account_id', 'client_id'])
        .doUpdateSet({ grant_id: row.grant_id, scopes: row.scopes, granted_at: row.granted_at }),
    )
    .execute();
  return row;
}

/** Records that a token was issued under the grant: the connection's last use. */
export async function touchConnection(db: Db, p: { grantId: string; now: number }): Promise<void> {
  await db
    .updateTable('oidc_connections')
    .set({ last_used_at: p.now })
    .where('grant_id', '=', p.grantId)
    .execute();
}

/** Removes the connection; answers what it was, or undefined when there was none. */
export async function deleteConnection(
  db: Db,
  p: { accountId: string; clientId: string },
): Promise<ConnectionRow | undefined> {
  return db
    .deleteFrom('oidc_connections')
    .where('account_id', '=', p.accountId)
    .where('client_id', '=', p.clientId)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Forgets the connection of a grant the provider itself revoked (the client
 * revoked its refresh token, or a code was used twice): the app no longer
 * has access, so the account page no longer lists it.
 */
export async function deleteConnectionOfGrant(db: Db, grantId: string): Promise<void> {
  await db.deleteFrom('oidc_connections').where('grant_id', '=', grantId).execute();
}
