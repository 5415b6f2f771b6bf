import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/each-database.js';
import { consumeNonce, createNonce, deleteStaleNonces } from './nonce-store.js';

const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);

describeEachDatabase('nonce store', (database) => {
  describe('nonces', () => {
    it('creates a 128-bit hex nonce that expires after its TTL', async () => {
      const nonce = await createNonce(database.store.db, { now: T0, ttlSeconds: 600 });
      expect(nonce.value).toMatch(/^[0-9a-f]{32}$/);
      expect(nonce).toMatchObject({ createdAt: T0, expiresAt: T0 + 600_000 });
    });

    it('consumes a nonce once: a second consume gets nothing', async () => {
      const nonce = await createNonce(database.store.db, { now: T0, ttlSeconds: 600 });
      expect(await consumeNonce(database.store.db, { value: nonce.value, now: T0 + 1000 })).toEqual(
        nonce,
      );
      expect(
        await consumeNonce(database.store.db, { value: nonce.value, now: T0 + 2000 }),
      ).toBeUndefined();
    });

    it('gets nothing for a nonce it never issued', async () => {
      expect(
        await consumeNonce(database.store.db, { value: 'abcdef0123456789', now: T0 }),
      ).toBeUndefined();
    });

    it('returns an expired nonce with its expiry, so the caller can refuse it', async () => {
      const nonce = await createNonce(database.store.db, { now: T0, ttlSeconds: 60 });
      const consumed = await consumeNonce(database.store.db, {
        value: nonce.value,
        now: T0 + 61_000,
      });
      expect(consumed).toEqual(nonce);
      expect(consumed?.expiresAt).toBeLessThan(T0 + 61_000);
      expect(
        await consumeNonce(database.store.db, { value: nonce.value, now: T0 + 62_000 }),
      ).toBeUndefined();
    });

    it('lets exactly one of 50 concurrent consumes of one nonce win', async () => {
      const nonce = await createNonce(database.store.db, { now: T0, ttlSeconds: 600 });
      const attempts = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          consumeNonce(database.store.db, { value: nonce.value, now: T0 + i }),
        ),
      );
      expect(attempts.filter((attempt) => attempt !== undefined)).toEqual([nonce]);
    });

    it('deletes used and expired nonces and keeps the usable ones', async () => {
      await database.store.db.deleteFrom('nonces').execute();
      const usable = await createNonce(database.store.db, { now: T0, ttlSeconds: 600 });
      const used = await createNonce(database.store.db, { now: T0, ttlSeconds: 600 });
      await consumeNonce(database.store.db, { value: used.value, now: T0 + 1000 });
      await createNonce(database.store.db, { now: T0 - 120_000, ttlSeconds: 60 });

      expect(await deleteStaleNonces(database.store.db, { now: T0 + 2000 })).toBe(2);
      const left = await database.store.db.selectFrom('nonces').select('value').execute();
      expect(left).toEqual([{ value: usable.value }]);
      expect(
        await consumeNonce(database.store.db, { value: usable.value, now: T0 + 3000 }),
      ).toEqual(usable);
    });
  });
});
