import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import type { JWK } from 'oidc-provider';
import type { Db } from '../store/database.js';
import { ID_TOKEN_TTL_SECONDS } from './token-lifetimes.js';

/**
 * A retired signing key stays published this long after its successor took
 * over: every ID token it signed (the only tokens Sigil signs; access and
 * refresh tokens are opaque) has expired by then, with a day of margin for
 * relying parties that verify late.
 */
export const RETIRED_KEY_PUBLISHED_MS = (ID_TOKEN_TTL_SECONDS + 86_400) * 1000;

export type OidcKeys = {
  /** Private JWKs, the newest first: oidc-provider signs with the first. */
  signing: JWK[];
  /** The provider's cookie secrets, the newest first: it signs with the first, accepts all. */
  cookie: string[];
};

type KeyKind = 'signing' | 'cookie';

function newKeyMaterial(kind: KeyKind): string {
  if (kind === 'cookie') return randomBytes(32).toString('base64url');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  // RS256 is the one algorithm every OpenID Connect relying party must accept.
  const jwk = {
    ...privateKey.export({ format: 'jwk' }),
    kid: randomUUID(),
    alg: 'RS256',
    use: 'sig',
  };
  return JSON.stringify(jwk);
}

/**
 * Inserts generation `generation` of a key unless it exists. The primary key
 * (kind, generation) makes this race-safe: of several instances starting (or
 * rotating) together, exactly one key wins each generation, and every instance
 * then reads that one.
 */
async function insertGeneration(db: Db, kind: KeyKind, generation: number, now: number) {
  const inserted = await db
    .insertInto('oidc_keys')
    .values({ kind, generation, material: newKeyMaterial(kind), created_at: now, retired_at: null })
    .onConflict((oc) => oc.columns(['kind', 'generation']).doNothing())
    .executeTakeFirst();
  return inserted.numInsertedOrUpdatedRows === 1n;
}

/** The keys every instance shares; generated at first start, never held in memory only. */
export async function loadOrCreateOidcKeys(db: Db, now: number = Date.now()): Promise<OidcKeys> {
  await insertGeneration(db, 'signing', 0, now);
  await insertGeneration(db, 'cookie', 0, now);
  const rows = await db
    .selectFrom('oidc_keys')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('retired_at', 'is', null),
        eb('retired_at', '>', now - RETIRED_KEY_PUBLISHED_MS),
        eb('kind', '=', 'cookie'),
      ]),
    )
    .orderBy('generation', 'desc')
    .execute();
  return {
    signing: rows.filter((r) => r.kind === 'signing').map((r) => JSON.parse(r.material) as JWK),
    cookie: rows.filter((r) => r.kind === 'cookie').map((r) => r.material),
  };
}

/**
 * Adds a new signing key, which signs from each instance's next start, and
 * retires the current one: still published (tokens it signed stay
 * verifiable) for RETIRED_KEY_PUBLISHED_MS, then forgotten. Concurrent
 * rotations each add a generation; none is lost.
 */
export async function rotateSigningKey(
  db: Db,
  now: number = Date.now(),
): Promise<{ generation: number; kid: string }> {
  for (;;) {
    const newest = await db
      .selectFrom('oidc_keys')
      .select((eb) => eb.fn.max('generation').as('generation'))
      .where('kind', '=', 'signing')
      .executeTakeFirst();
    const generation = Number(newest?.generation ?? -1) + 1;
    if (await insertGeneration(db, 'signing', generation, now)) {
      await db
        .updateTable('oidc_keys')
        .set({ retired_at: now })
        .where('kind', '=', 'signing')
        .where('generation', '<', generation)
        .where('retired_at', 'is', null)
        .execute();
      await db
        .deleteFrom('oidc_keys')
        .where('kind', '=', 'signing')
        .where('retired_at', '<=', now - RETIRED_KEY_PUBLISHED_MS)
        .execute();
      const row = await db
        .selectFrom('oidc_keys')
        .select('material')
        .where('kind', '=', 'signing')
        .where('generation', '=', generation)
        .executeTakeFirstOrThrow();
      return { generation, kid: (JSON.parse(row.material) as { kid: string }).kid };
    }
  }
}
