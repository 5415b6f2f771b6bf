import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';

/**
 * Rendered variants on local disk, bounded by total size, least recently
 * used evicted first. Hand-written because the kept libraries do not fit:
 * lru-cache bounds memory, not files, and cacache never evicts. The index is
 * in memory (a Map keeps insertion order, re-inserted on use); at start it is
 * rebuilt from the directory, oldest modification first. Files are written
 * to a temporary name and renamed, so a reader never sees half a file and a
 * crash leaves at most a stray `.tmp`. Losing the cache loses nothing: every
 * variant is rendered again from the original in the database.
 */
export class VariantCache {
  private readonly entries = new Map<string, number>();
  private totalBytes = 0;

  private constructor(
    private readonly dir: string,
    private readonly maxBytes: number,
    private readonly logger: Pick<Logger, 'warn'>,
  ) {}

  static async open(p: { dir: string; maxBytes: number; logger: Pick<Logger, 'warn'> }) {
    const cache = new VariantCache(p.dir, p.maxBytes, p.logger);
    await mkdir(p.dir, { recursive: true });
    const found: { name: string; size: number; mtime: number }[] = [];
    for (const name of await readdir(p.dir)) {
      const path = join(p.dir, name);
      if (name.endsWith('.tmp')) {
        await unlink(path).catch(() => {});
        continue;
      }
      const info = await stat(path).catch(() => undefined);
      if (info?.isFile()) found.push({ name, size: info.size, mtime: info.mtimeMs });
    }
    found.sort((a, b) => a.mtime - b.mtime);
    for (const entry of found) cache.remember(entry.name, entry.size);
    await cache.evict();
    return cache;
  }

  get size() {
    return { entries: this.entries.size, bytes: this.totalBytes };
  }

  async get(key: string): Promise<Buffer | undefined> {
    if (!this.entries.has(key)) return undefined;
    try {
      const data = await readFile(join(this.dir, key));
      this.remember(key, data.length);
      return data;
    } catch {
      this.forget(key);
      return undefined;
    }
  }

  async put(key: string, data: Buffer): Promise<void> {
    if (data.length > this.maxBytes) return;
    const temporary = join(this.dir, `${key}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await writeFile(temporary, data);
      await rename(temporary, join(this.dir, key));
      this.remember(key, data.length);
      await this.evict();
    } catch (error) {
      // A full or read-only disk costs speed, never an answer.
      this.logger.warn({ err: error, key }, 'image variant not cached');
      await unlink(temporary).catch(() => {});
    }
  }

  private remember(key: string, size: number) {
    this.forget(key);
    this.entries.set(key, size);
    this.totalBytes += size;
  }

  private forget(key: string) {
    const size = this.entries.get(key);
    if (size === undefined) return;
    this.entries.delete(key);
    this.totalBytes -= size;
  }

  private async evict() {
    for (const key of this.entries.keys()) {
      if (this.totalBytes <= this.maxBytes) return;
      this.forget(key);
      await unlink(join(this.dir, key)).catch(() => {});
    }
  }
}
