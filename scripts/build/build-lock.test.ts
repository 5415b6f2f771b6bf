import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireBuildLock } from './build-lock.js';

describe('acquireBuildLock', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'sigil-lock-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('lets one build run at a time: the second waits until the first releases', async () => {
    const first = await acquireBuildLock(root);
    const waitedFor: string[] = [];
    let secondHasIt = false;
    const second = acquireBuildLock(root, (owner) => waitedFor.push(owner)).then((lock) => {
      secondHasIt = true;
      return lock;
    });
    // The second has looked, found the lock held and said so: it is waiting.
    await expect.poll(() => waitedFor).toEqual([String(process.pid)]);
    expect(secondHasIt).toBe(false);
    first.release();
    (await second).release();
    expect(existsSync(join(root, '.build.lock'))).toBe(false);
  });

  it('takes over the lock of a build that died', async () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid as number;
    writeFileSync(join(root, '.build.lock'), String(dead));
    const lock = await acquireBuildLock(root);
    lock.release();
  });
});
