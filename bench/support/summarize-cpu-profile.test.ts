import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../testing/repo-root.js';
import { summarizeCpuProfile } from './summarize-cpu-profile.js';

const dir = mkdtempSync(join(tmpdir(), 'sigil-bench-profile-'));
const frame = (functionName: string, url = '') => ({ functionName, url, lineNumber: 9 });

// root → handler (server/src) → mod (viem's own @noble/curves); and (idle).
const profile = {
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2, 4] },
    {
      id: 2,
      callFrame: frame('handler', `file://${repoRoot}server/src/http/route.js`),
      children: [3],
    },
    {
      id: 3,
      callFrame: frame(
        'mod',
        `file://${repoRoot}node_modules/viem/node_modules/@noble/curves/x.js`,
      ),
    },
    { id: 4, callFrame: frame('(idle)') },
  ],
  startTime: 1_000,
  // Samples at 1100 (handler), 1400 (mod), 1500 (idle), 2500 (mod).
  samples: [2, 3, 4, 3],
  timeDeltas: [100, 300, 100, 1000],
};
const path = join(dir, 'CPU.test.cpuprofile');
writeFileSync(path, JSON.stringify(profile));

describe('summarizeCpuProfile', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('adds up self time by function and by the innermost package or repository folder', () => {
    const summary = summarizeCpuProfile(path);
    expect(summary.totalMs).toBe(1.5);
    expect(summary.busyMs).toBe(1.4);
    expect(summary.topFunctions[0]).toMatchObject({ name: 'mod', selfMs: 1.3 });
    expect(summary.byOrigin.map((origin) => origin.origin)).toEqual([
      '@noble/curves',
      'server/src/http',
      '(idle)',
    ]);
  });

  it('counts only the samples inside the window', () => {
    const summary = summarizeCpuProfile(path, { fromUs: 1_300, toUs: 1_600 });
    expect(summary.totalMs).toBe(0.4);
    expect(summary.idleShare).toBe(0.25);
  });
});
