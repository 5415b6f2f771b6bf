import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

/**
 * One build at a time per checkout: two instances started together must not
 * both run codegen and tsc over the same files. The second waits, then finds
 * the parts built and builds nothing (docs/operations.md, "Builds and
 * restarts"). Hand-written because it is a file and a process id: a lock
 * library would bring more than it saves.
 *
 * The lock is a file holding its owner's process id, created whole (written
 * under another name, then hard-linked, which fails if it exists). A lock
 * whose owner died (a build killed midway) is taken over.
 */
const POLL_MS = 250;

export type BuildLock = { release(): void };

function ownerIsAlive(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(lock, 'utf8'));
  } catch {
    return false;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function acquireBuildLock(
  root: string,
  onWait: (owner: string) => void = () => {},
): Promise<BuildLock> {
  const lock = join(root, '.build.lock');
  const mine = `${lock}.${process.pid}`;
  writeFileSync(mine, String(process.pid));
  let told = false;
  try {
    for (;;) {
      try {
        linkSync(mine, lock);
        return { release: () => rmSync(lock, { force: true }) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      if (!ownerIsAlive(lock)) {
        rmSync(lock, { force: true });
        continue;
      }
      if (!told) {
        onWait(readFileSync(lock, 'utf8'));
        told = true;
      }
      await delay(POLL_MS);
    }
  } finally {
    rmSync(mine, { force: true });
  }
}
