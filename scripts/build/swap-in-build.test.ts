import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentBuild, startBuildDirectory, swapInBuild } from './swap-in-build.js';

describe('swapInBuild', () => {
  let parent: string;
  let pointer: string;
  beforeEach(() => {
    parent = mkdtempSync(join(tmpdir(), 'sigil-swap-'));
    pointer = join(parent, 'dist');
  });
  afterEach(() => rmSync(parent, { recursive: true, force: true }));

  function writeBuild(startedAt: number, text: string): string {
    const directory = startBuildDirectory(pointer, startedAt);
    writeFileSync(join(directory, 'index.html'), text);
    return directory;
  }

  it('points at a complete build, and leaves the one before it whole', () => {
    expect(currentBuild(pointer)).toBeUndefined();
    const first = writeBuild(1764230100000, 'first');
    // Written aside: nothing is served from it before the swap.
    expect(existsSync(join(pointer, 'index.html'))).toBe(false);
    swapInBuild(pointer, first);
    expect(readFileSync(join(pointer, 'index.html'), 'utf8')).toBe('first');
    const pinned = realpathSync(pointer);

    const second = writeBuild(1764230200000, 'second');
    swapInBuild(pointer, second);
    expect(readFileSync(join(pointer, 'index.html'), 'utf8')).toBe('second');
    expect(currentBuild(pointer)).toMatchObject({ startedAt: 1764230200000, pid: process.pid });
    // Relative, so the checkout can move.
    expect(readlinkSync(pointer)).toBe(`dist-1764230200000-${process.pid}`);
    // What resolved the pointer before still reads its own build.
    expect(readFileSync(join(pinned, 'index.html'), 'utf8')).toBe('first');
  });

  it('turns a build from before builds were written aside into an old build', () => {
    mkdirSync(pointer);
    writeFileSync(join(pointer, 'index.html'), 'legacy');
    swapInBuild(pointer, writeBuild(Date.now(), 'new'));
    expect(readFileSync(join(pointer, 'index.html'), 'utf8')).toBe('new');
    const legacy = readdirSync(parent).filter((name) => /^dist-\d+-0$/.test(name));
    expect(legacy).toHaveLength(1);
    expect(readFileSync(join(parent, legacy[0] as string, 'index.html'), 'utf8')).toBe('legacy');
  });

  it('refuses a build that is not beside the pointer', () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'sigil-swap-elsewhere-'));
    try {
      expect(() => swapInBuild(pointer, elsewhere)).toThrow(/must sit beside/);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});
