import { describe, expect, it } from 'vitest';
import { scriptNameOf, summarizeTrace } from './trace-main-thread.js';

const main = { pid: 1, tid: 7 };
const frame = (functionName: string, url = '', lineNumber = 0, columnNumber = 0) => ({
  functionName,
  url,
  lineNumber,
  columnNumber,
});

describe('summarizeTrace', () => {
  it("names each long task of the renderer's main thread by the scripts sampled in it", () => {
    const events = [
      { name: 'thread_name', ph: 'M', ts: 0, ...main, args: { name: 'CrRendererMain' } },
      { name: 'thread_name', ph: 'M', ts: 0, pid: 1, tid: 9, args: { name: 'Compositor' } },
      { name: 'navigationStart', ph: 'R', ts: 1_000, ...main },
      // 80 ms, with a task nested in it; then 10 ms; and a long task on another thread.
      { name: 'RunTask', ph: 'X', ts: 2_000, dur: 80_000, ...main },
      { name: 'RunTask', ph: 'X', ts: 5_000, dur: 60_000, ...main },
      { name: 'RunTask', ph: 'X', ts: 100_000, dur: 10_000, ...main },
      { name: 'RunTask', ph: 'X', ts: 2_000, dur: 300_000, pid: 1, tid: 9 },
      {
        name: 'Profile',
        ph: 'P',
        ts: 1_000,
        id: '0x1',
        ...main,
        args: { data: { startTime: 1_000 } },
      },
      {
        name: 'ProfileChunk',
        ph: 'P',
        ts: 1_000,
        id: '0x1',
        ...main,
        args: {
          data: {
            cpuProfile: {
              nodes: [
                { id: 1, callFrame: frame('(root)') },
                {
                  id: 2,
                  callFrame: frame(
                    'qF',
                    'http://localhost/assets/stack-vendor-BayQ85E2.js',
                    1719,
                    6269,
                  ),
                },
                { id: 3, callFrame: frame('(idle)') },
              ],
              // At 3, 23 and 43 ms in the long task (2 to 82 ms), then idle at 200 ms: the last
              // sample stands for the time until the task's end, not until the idle one.
              samples: [2, 2, 2, 3],
            },
            timeDeltas: [2_000, 20_000, 20_000, 157_000],
          },
        },
      },
    ];
    const trace = summarizeTrace(events);
    expect(trace.busyMs).toBe(90);
    expect(trace.blockingMs).toBe(30);
    expect(trace.longTasks).toEqual([
      {
        startMs: 1,
        durationMs: 80,
        byScript: [{ script: 'stack-vendor', ms: 79 }],
        topFunctions: [{ frame: 'qF (stack-vendor:1720:6270)', ms: 79 }],
      },
    ]);
    expect(trace.byScript).toEqual([{ script: 'stack-vendor', ms: 79 }]);
  });

  it('refuses a trace without a navigation on a renderer main thread', () => {
    expect(() => summarizeTrace([])).toThrow(/navigationStart/);
  });
});

describe('scriptNameOf', () => {
  it("cuts the build's hash off a chunk's file name", () => {
    expect(scriptNameOf('http://localhost:3000/assets/stack-vendor-BayQ85E2.js')).toBe(
      'stack-vendor',
    );
    expect(scriptNameOf('http://localhost:3000/assets/recover-signer.worker-DTnOql29.js')).toBe(
      'recover-signer.worker',
    );
  });
});
