import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PINS_FOLDER, pinBuild, pinnedBuilds } from './pin-build.js';

/** The id of a process that has exited. */
function deadPid(): number {
  const ended = spawnSync(process.execPath, ['-e', '']);
  return ended.pid as number;
}

describe('pinBuild', () => {
  let parent: string;
  beforeEach(() => {
    parent = mkdtempSync(join(tmpdir(), 'sigil-pins-'));
  });
  afterEach(() => rmSync(parent, { recursive: true, force: true }));

  it('pins a build written aside for a live process, and forgets a dead one', () => {
    const live = join(parent, 'dist-1764230100123-41');
    const dead = join(parent, 'dist-1764230200123-42');
    mkdirSync(live);
    mkdirSync(dead);
    pinBuild(live);
    const gone = deadPid();
    pinBuild(dead, gone);

    expect(pinnedBuilds(parent)).toEqual(new Set(['dist-1764230100123-41']));
    // The dead process's pin is removed as it is read.
    expect(readdirSync(join(parent, PINS_FOLDER))).toEqual([
      `dist-1764230100123-41.${process.pid}`,
    ]);
  });

  it('leaves a folder that is not a build alone', () => {
    const plain = join(parent, 'dist');
    mkdirSync(plain);
    pinBuild(plain);
    expect(existsSync(join(parent, PINS_FOLDER))).toBe(false);
    expect(pinnedBuilds(parent)).toEqual(new Set());
  });
});
