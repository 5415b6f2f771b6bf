import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AsidePart } from './build-parts.js';
import { whyStale } from './stale-part.js';
import { startBuildDirectory, swapInBuild } from './swap-in-build.js';

const part: AsidePart = {
  name: 'web',
  kind: 'aside',
  what: 'the web app',
  sources: ['src'],
  needs: [],
  pointer: 'dist',
  entry: 'index.html',
  step: () => ({ command: 'true', args: [], cwd: '.' }),
};

describe('whyStale (a build written aside)', () => {
  let root: string;
  const startedAt = 1764230000000;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'sigil-stale-'));
    mkdirSync(join(root, 'src'));
    writeFileSync(join(root, 'src', 'app.ts'), '');
    for (const path of ['src/app.ts', 'src']) {
      utimesSync(join(root, path), new Date(startedAt - 60_000), new Date(startedAt - 60_000));
    }
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function build() {
    const directory = startBuildDirectory(join(root, 'dist'), startedAt);
    writeFileSync(join(directory, 'index.html'), '');
    swapInBuild(join(root, 'dist'), directory);
  }

  it('is not built yet without a build', () => {
    expect(whyStale(part, root)).toBe('not built yet');
  });

  it('is up to date when every source is older than the build', () => {
    build();
    expect(whyStale(part, root)).toBeUndefined();
  });

  it('is stale when a source changed after the build started, even while it ran', () => {
    build();
    // Saved a second after the build started: the build may not have it.
    utimesSync(join(root, 'src/app.ts'), new Date(startedAt + 1000), new Date(startedAt + 1000));
    expect(whyStale(part, root)).toBe('sources changed');
  });
});
