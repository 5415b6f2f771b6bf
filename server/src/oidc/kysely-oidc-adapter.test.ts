import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/support/each-database.js';
import { KyselyOidcAdapter } from './kysely-oidc-adapter.js';
import { loadOrCreateOidcKeys, RETIRED_KEY_PUBLISHED_MS, rotateSigningKey } from './oidc-keys.js';

describeEachDatabase('OpenID Connect storage', (database) => {
  describe('adapter', () => {
    it('finds what it stored, by id and by uid, until it expires', async () => {
      const sessions = new KyselyOidcAdapter(database.store.db, 'Session');
      await sessions.upsert('s1', { uid: 'u1', accountId: 'a1' }, 60);
      expect(await sessions.find('s1')).toEqual({ uid: 'u1', accountId: 'a1' });
      expect(await sessions.findByUid('u1')).toEqual({ uid: 'u1', accountId: 'a1' });
      await sessions.upsert('s2', { uid: 'u2' }, -1);
      expect(await sessions.find('s2')).toBeUndefined();
      // Another model's rows are not this one's.
      expect(await new KyselyOidcAdapter(database.store.db, 'Grant').find('s1')).toBeUndefined();
    });

    it('marks a code consumed, for every instance that reads it', async () => {
      const codes = new KyselyOidcAdapter(database.store.db, 'AuthorizationCode');
      await codes.upsert('c1', { grantId: 'g1' }, 60);
      await codes.consume('c1');
      const again = new KyselyOidcAdapter(database.store.db, 'AuthorizationCode');
      expect((await again.find('c1'))?.consumed).toEqual(expect.any(Number));
    });

    it('revokes the grant and everything issued under it, and nothing else', async () => {
      const db = database.store.db;
      await new KyselyOidcAdapter(db, 'Grant').upsert('g2', { accountId: 'a' }, 60);
      await new KyselyOidcAdapter(db, 'AccessToken').upsert('at', { grantId: 'g2' }, 60);
      await new KyselyOidcAdapter(db, 'RefreshToken').upsert('rt', { grantId: 'g2' }, 60);
      await new KyselyOidcAdapter(db, 'RefreshToken').upsert('other', { grantId: 'g3' }, 60);
      await new KyselyOidcAdapter(db, 'AccessToken').revokeByGrantId('g2');
      expect(await new KyselyOidcAdapter(db, 'Grant').find('g2')).toBeUndefined();
      expect(await new KyselyOidcAdapter(db, 'AccessToken').find('at')).toBeUndefined();
      expect(await new KyselyOidcAdapter(db, 'RefreshToken').find('rt')).toBeUndefined();
      expect(await new KyselyOidcAdapter(db, 'RefreshToken').find('other')).toEqual({
        grantId: 'g3',
      });
    });
  });

  describe('keys', () => {
    const T0 = Date.UTC(2026, 0, 1);

    it('creates one signing key and one cookie key however many start at once', async () => {
      const all = await Promise.all(
        Array.from({ length: 4 }, () => loadOrCreateOidcKeys(database.store.db, T0)),
      );
      for (const keys of all) expect(keys).toEqual(all[0]);
      expect(all[0]?.signing).toHaveLength(1);
      expect(all[0]?.cookie).toHaveLength(1);
      expect(all[0]?.signing[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    });

    it('signs with a rotated key first and publishes the old one until its tokens expired', async () => {
      const before = await loadOrCreateOidcKeys(database.store.db, T0);
      const rotated = await rotateSigningKey(database.store.db, T0 + 1000);
      const during = await loadOrCreateOidcKeys(database.store.db, T0 + 2000);
      expect(during.signing.map((k) => k.kid)).toEqual([rotated.kid, before.signing[0]?.kid]);
      const later = await loadOrCreateOidcKeys(
        database.store.db,
        T0 + 1000 + RETIRED_KEY_PUBLISHED_MS + 1,
      );
      expect(later.signing.map((k) => k.kid)).toEqual([rotated.kid]);
      expect(later.cookie).toEqual(before.cookie);
    });
  });
});
