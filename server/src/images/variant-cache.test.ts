import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VariantCache } from './variant-cache.js';

const logger = pino({ level: 'silent' });
const bytes = (n: number, fill = 1) => Buffer.alloc(n, fill);
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sigil-variant-cache-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('VariantCache', () => {
  it('keeps the total under its bound, evicting the least recently used first', async () => {
    const cache = await VariantCache.open({ dir, maxBytes: 300, logger });
    await cache.put('a', bytes(100));
    await cache.put('b', bytes(100));
    await cache.put('c', bytes(100));
    expect(await cache.get('a')).toEqual(bytes(100)); // a is now the most recent
    await cache.put('d', bytes(100));
    expect(readdirSync(dir).sort()).toEqual(['a', 'c', 'd']);
    expect(cache.size).toEqual({ entries: 3, bytes: 300 });
    expect(await cache.get('b')).toBeUndefined();
  });

  it('does not cache a variant larger than the whole bound', async () => {
    const cache = await VariantCache.open({ dir, maxBytes: 50, logger });
    await cache.put('big', bytes(51));
    expect(readdirSync(dir)).toEqual([]);
  });

  it('rebuilds its index from the directory at start, dropping stray temporary files', async () => {
    const first = await VariantCache.open({ dir, maxBytes: 1000, logger });
    await first.put('kept', bytes(10, 7));
    writeFileSync(join(dir, 'half.abc123.tmp'), 'partial');
    const reopened = await VariantCache.open({ dir, maxBytes: 1000, logger });
    expect(await reopened.get('kept')).toEqual(bytes(10, 7));
    expect(readdirSync(dir)).toEqual(['kept']);
  });

  it('shrinks an existing directory to a smaller bound at start', async () => {
    const first = await VariantCache.open({ dir, maxBytes: 1000, logger });
    for (const key of ['a', 'b', 'c']) await first.put(key, bytes(100));
    const smaller = await VariantCache.open({ dir, maxBytes: 150, logger });
    expect(smaller.size.bytes).toBeLessThanOrEqual(150);
    expect(readdirSync(dir)).toHaveLength(1);
  });
});
