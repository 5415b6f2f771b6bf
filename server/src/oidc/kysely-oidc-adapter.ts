import { sql } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../store/database.js';
import { unstorableText } from '../store/storable-text.js';

/**
 * oidc-provider's storage over Sigil's own database, so every instance sees
 * the same sessions, interactions, codes, grants and tokens. One table holds
 * every model (see migration 0005-oidc). Expiry is honoured on read: an
 * expired row is never returned, whatever the sweep has not yet removed.
 * A device code's row outlives the code by one lifetime: the provider checks
 * the code's own expiry, so a device polling past it hears `expired_token`
 * (RFC 8628 §3.5), not that the code never was.
 * The provider keeps its own time (epoch seconds from Date.now), so the
 * adapter does too, not the server's injectable clock.
 */
export class KyselyOidcAdapter implements Adapter {
  constructor(
    private readonly db: Db,
    private readonly kind: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const row = {
      payload: JSON.stringify(payload),
      grant_id: payload.grantId ?? null,
      uid: payload.uid ?? null,
      user_code: payload.userCode ?? null,
      expires_at: expiresIn
        ? Date.now() + expiresIn * 1000 * (this.kind === 'DeviceCode' ? 2 : 1)
        : null,
      consumed_at: null,
    };
    await this.db
      .insertInto('oidc_models')
      .values({ kind: this.kind, id, ...row })
      .onConflict((oc) => oc.columns(['kind', 'id']).doUpdateSet(row))
      .execute();
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('id', id);
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('uid', uid);
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('user_code', userCode);
  }

  /** Marks a code or token used: oidc-provider refuses a second use and revokes its grant. */
  async consume(id: string): Promise<void> {
    await this.db
      .updateTable('oidc_models')
      .set({ consumed_at: Date.now() })
      .where('kind', '=', this.kind)
      .where('id', '=', id)
      .execute();
  }

  async destroy(id: string): Promise<void> {
    await this.db
      .deleteFrom('oidc_models')
      .where('kind', '=', this.kind)
      .where('id', '=', id)
      .execute();
  }

  /** Every code and token issued under the grant, of every kind: revocation is whole. */
  async revokeByGrantId(grantId: string): Promise<void> {
    await revokeEverythingUnderGrant(this.db, grantId);
  }

  private async findWhere(
    column: 'id' | 'uid' | 'user_code',
    value: string,
  ): Promise<AdapterPayload | undefined> {
    // Ids come from the request (cookies, tokens, form fields): bounded
    // before they reach SQL, and text no database stores is no id (a NUL was
    // PostgreSQL's error, a 500 from the token endpoint; now it is unknown).
    if (typeof value !== 'string' || value.length > 512 || unstorableText(value)) return undefined;
    const row = await this.db
      .selectFrom('oidc_models')
      .select(['payload', 'expires_at', 'consumed_at'])
      .where('kind', '=', this.kind)
      .where(column, '=', value)
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.expires_at !== null && Number(row.expires_at) <= Date.now()) return undefined;
    const payload = JSON.parse(row.payload) as AdapterPayload;
    return row.consumed_at === null
      ? payload
      : { ...payload, consumed: Math.floor(Number(row.consumed_at) / 1000) };
  }
}

/**
 * Marks a device code as being answered, once: of two answers to the same
 * code at the same time (two tabs, two instances) only one gets true. A
 * compare-and-set of the stored payload, one statement on SQLite and
 * PostgreSQL alike; the provider's own models have no such operation.
 */
export async function claimDeviceCode(db: Db, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('oidc_models')
    .select('payload')
    .where('kind', '=', 'DeviceCode')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return false;
  const payload = JSON.parse(row.payload) as AdapterPayload;
  if (payload.inFlight || payload.accountId || payload.error) return false;
  const result = await db
    .updateTable('oidc_models')
    .set({ payload: JSON.stringify({ ...payload, inFlight: true }) })
    .where('kind', '=', 'DeviceCode')
    .where('id', '=', id)
    .where('payload', '=', row.payload)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes the grant and everything issued under it, on every instance at once. */
export async function revokeEverythingUnderGrant(db: Db, grantId: string): Promise<void> {
  await db
    .deleteFrom('oidc_models')
    .where((eb) =>
      eb.or([
        eb('grant_id', '=', grantId),
        eb.and([eb('kind', '=', 'Grant'), eb('id', '=', grantId)]),
      ]),
    )
    .execute();
}

/**
 * Rows past their lifetime are of no further use; housekeeping deletes them
 * in batches of at most `batchSize` (the key is (kind, id), so the batch is
 * picked by a row-value subquery, which SQLite and PostgreSQL both read).
 */
export async function deleteExpiredOidcModels(
  db: Db,
  { now, batchSize = 1000 }: { now: number; batchSize?: number },
): Promise<number> {
  const batch = db
    .selectFrom('oidc_models')
    .select(['kind', 'id'])
    .where('expires_at', '<=', now)
    .limit(batchSize);
  const result = await db
    .deleteFrom('oidc_models')
    .where(sql<boolean>`(kind, id) in (${batch})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
