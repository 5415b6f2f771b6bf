import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, SQLITE_PAGE_CACHE_KIB } from './create-database.js';

const dir = mkdtempSync(join(tmpdir(), 'sigil-create-database-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('createDatabase on SQLite', () => {
  it("bounds SQLite's page cache, the memory that grows with the database", async () => {
    const store = createDatabase({ kind: 'sqlite', path: join(dir, 'sigil.sqlite') });
    try {
      const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(store.db);
      // Negative: a size in KiB rather than in pages.
      expect(rows[0]?.cache_size).toBe(-SQLITE_PAGE_CACHE_KIB);
      expect(SQLITE_PAGE_CACHE_KIB).toBeLessThanOrEqual(8192);
    } finally {
      await store.close();
    }
  });
});
