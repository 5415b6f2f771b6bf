import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pinBuild } from '../../server/src/build/pin-build.js';
import { pruneBuilds } from './prune-builds.js';
import { startBuildDirectory, swapInBuild } from './swap-in-build.js';

describe('pruneBuilds', () => {
  let parent: string;
  let pointer: string;
  beforeEach(() => {
    parent = mkdtempSync(join(tmpdir(), 'sigil-prune-'));
    pointer = join(parent, 'dist');
  });
  afterEach(() => rmSync(parent, { recursive: true, force: true }));

  const builds = () => readdirSync(parent).filter((name) => name.startsWith('dist-'));

  it('keeps the current build, the one before it, and those a running process pinned', async () => {
    const [oldest, pinnedOld, previous, current] = [1, 2, 3, 4].map((n) =>
      startBuildDirectory(pointer, 1764230000000 + n),
    ) as [string, string, string, string];
    swapInBuild(pointer, current);
    // A process that is running, as an instance serving an old build is.
    const instance = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    try {
      pinBuild(pinnedOld, instance.pid);
      expect(pruneBuilds(pointer)).toEqual([basename(oldest)]);
      expect(builds().sort()).toEqual([pinnedOld, previous, current].map((d) => basename(d)));
    } finally {
      const exited = new Promise((resolve) => instance.once('exit', resolve));
      instance.kill();
      await exited;
    }
    // Once it has stopped, its build goes at the next prune.
    expect(pruneBuilds(pointer)).toEqual([basename(pinnedOld)]);
    expect(existsSync(current)).toBe(true);
  });

  it('leaves a build newer than the current one: another build is writing it', () => {
    const current = startBuildDirectory(pointer, 1764230000001);
    const writing = startBuildDirectory(pointer, 1764230000009);
    swapInBuild(pointer, current);
    expect(pruneBuilds(pointer, { keepPrevious: 0 })).toEqual([]);
    expect(existsSync(writing)).toBe(true);
  });

  it('removes nothing while the pointer points at no build', () => {
    startBuildDirectory(pointer, 1764230000001);
    expect(pruneBuilds(pointer, { keepPrevious: 0 })).toEqual([]);
  });
});
