import type { Browser } from 'playwright-core';
import { PHONE_THROTTLING } from './time-connect-usable.js';

/** A task longer than this, under the phone's 4x CPU, blocks input (Lighthouse's long task). */
const LONG_TASK_MS = 50;

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      startTime?: number;
      cpuProfile?: {
        nodes?: { id: number; parent?: number; callFrame: CallFrame }[];
        samples?: number[];
      };
      timeDeltas?: number[];
    };
  };
};
type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };

export type LongTask = {
  /** Since navigation start, ms (under the 4x CPU). */
  startMs: number;
  durationMs: number;
  /** Sampled self time in the task by script file (hash cut off), most first. */
  byScript: { script: string; ms: number }[];
  /** The functions it spent most self time in: `name (script:line:column)`. */
  topFunctions: { frame: string; ms: number }[];
};

export type MainThreadTrace = {
  /** Main-thread busy time in tasks from navigation until the page settled, ms. */
  busyMs: number;
  /** Lighthouse's blocking time over those tasks: each long task's time past 50 ms. */
  blockingMs: number;
  longTasks: LongTask[];
  /** Sampled self time by script file over the whole load. */
  byScript: { script: string; ms: number }[];
};

/** `stack-vendor` for `/assets/stack-vendor-C0ffee12.js`; `(V8 / browser)` for no script. */
export function scriptNameOf(url: string): string {
  if (!url) return '(browser: parse, style, layout, GC)';
  const file = url.split('?')[0]?.split('/').pop() ?? url;
  return file.replace(/-[\w-]{8}\.js$/, '').replace(/\.js$/, '') || url;
}

const add = (map: Map<string, number>, key: string, value: number) =>
  map.set(key, (map.get(key) ?? 0) + value);
const top = <K extends string>(map: Map<string, number>, n: number, key: K) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(
      ([name, us]) =>
        ({ [key]: name, ms: Math.round(us / 100) / 10 }) as Record<K, string> & {
          ms: number;
        },
    );

/**
 * A Chromium performance trace of one cold visit to `url` under the phone's
 * throttling (Slow 4G, 4x CPU, as the phone bench applies it), until the
 * network and the main thread have been quiet for `quietMs`: every task of
 * the renderer's main thread, and the V8 samples in each, so each long task
 * is named by the scripts and functions it ran (docs/web-app.md, "Where the
 * main thread's time goes").
 */
export async function traceMainThread(
  browser: Browser,
  url: string,
  { locale, quietMs = 3000 }: { locale?: string; quietMs?: number } = {},
): Promise<MainThreadTrace> {
  const context = await browser.newContext({
    ...(locale ? { locale } : {}),
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE_THROTTLING.requestLatencyMs,
      downloadThroughput: (PHONE_THROTTLING.downloadKbps * 1024) / 8,
      uploadThroughput: (PHONE_THROTTLING.uploadKbps * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_THROTTLING.cpuSlowdown });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', ({ value }) =>
      events.push(...(value as unknown as TraceEvent[])),
    );
    await cdp.send('Tracing.start', {
      transferMode: 'ReportEvents',
      traceConfig: {
        includedCategories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'disabled-by-default-v8.cpu_profiler',
          'v8.execute',
          'blink.user_timing',
          'loading',
        ],
      },
    });
    let inFlight = 0;
    let lastNetwork = Date.now();
    page.on('request', () => {
      inFlight++;
      lastNetwork = Date.now();
    });
    const settle = () => {
      inFlight = Math.max(0, inFlight - 1);
      lastNetwork = Date.now();
    };
    page.on('requestfinished', settle);
    page.on('requestfailed', settle);
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    // Quiet: no request for quietMs, and a frame of the page comes within 100 ms of asking (real time).
    for (;;) {
      const frameMs = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const at = performance.now();
            requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - at), 0));
          }),
      );
      if (inFlight === 0 && Date.now() - lastNetwork > quietMs && frameMs < 100 * 4) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const done = new Promise<void>((resolve) =>
      cdp.once('Tracing.tracingComplete', () => resolve()),
    );
    await cdp.send('Tracing.end');
    await done;
    return summarizeTrace(events);
  } finally {
    await context.close();
  }
}

/** The renderer main thread's tasks and samples, from navigation start (see traceMainThread). */
export function summarizeTrace(events: TraceEvent[]): MainThreadTrace {
  const mainThreads = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const navigation = events
    .filter((e) => e.name === 'navigationStart' && mainThreads.has(`${e.pid}:${e.tid}`))
    .sort((a, b) => a.ts - b.ts)
    .at(-1);
  if (!navigation) throw new Error('the trace has no navigationStart on a renderer main thread');
  const main = `${navigation.pid}:${navigation.tid}`;
  const tasks = events
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && `${e.pid}:${e.tid}` === main)
    .filter((e) => e.ts >= navigation.ts)
    .map((e) => ({ start: e.ts, end: e.ts + (e.dur ?? 0) }))
    .sort((a, b) => a.start - b.start)
    // Only the outermost: a task run inside another (a nested loop) is part of it.
    .filter(
      (task, i, all) =>
        !all.slice(0, i).some((outer) => outer.start <= task.start && outer.end >= task.end),
    );
  // V8's samples: a Profile event, then ProfileChunks with the same id, on the main thread.
  const profile = events.find((e) => e.name === 'Profile' && `${e.pid}:${e.tid}` === main);
  const frames = new Map<number, CallFrame>();
  const samples: { at: number; node: number; us: number }[] = [];
  if (profile) {
    let at = profile.args?.data?.startTime ?? profile.ts;
    for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.id === profile.id)) {
      const cpu = chunk.args?.data?.cpuProfile;
      for (const node of cpu?.nodes ?? []) frames.set(node.id, node.callFrame);
      const deltas = chunk.args?.data?.timeDeltas ?? [];
      (cpu?.samples ?? []).forEach((node, i) => {
        const delta = deltas[i] ?? 0;
        at += delta;
        samples.push({ at, node, us: deltas[i + 1] ?? delta });
      });
    }
  }
  /** The task a sample fell in, or null: the rest is the thread waiting. */
  const taskAt = (at: number) => {
    let low = 0;
    let high = tasks.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const task = tasks[middle] as { start: number; end: number };
      if (at < task.start) high = middle - 1;
      else if (at > task.end) low = middle + 1;
      else return task;
    }
    return null;
  };
  const attribute = (from: number, to: number) => {
    const byScript = new Map<string, number>();
    const byFunction = new Map<string, number>();
    for (const sample of samples) {
      const task = taskAt(sample.at);
      if (sample.at < from || sample.at > to || !task) continue;
      // A sample stands for the time until the next one, but never past its task's end.
      const us = Math.min(sample.us, task.end - sample.at);
      const frame = frames.get(sample.node);
      if (!frame || frame.functionName === '(idle)') continue;
      if (['(program)', '(root)'].includes(frame.functionName)) {
        add(byScript, '(browser: parse, style, layout, GC)', us);
        continue;
      }
      const script =
        frame.functionName === '(garbage collector)'
          ? '(GC)'
          : frame.url
            ? scriptNameOf(frame.url)
            : `(browser: ${frame.functionName})`;
      add(byScript, script, us);
      add(
        byFunction,
        `${frame.functionName || '(anonymous)'} (${script}:${frame.lineNumber + 1}:${frame.columnNumber + 1})`,
        us,
      );
    }
    return { byScript, byFunction };
  };
  const longTasks: LongTask[] = tasks
    .filter((task) => (task.end - task.start) / 1000 > LONG_TASK_MS)
    .map((task) => {
      const { byScript, byFunction } = attribute(task.start, task.end);
      return {
        startMs: Math.round((task.start - navigation.ts) / 1000),
        durationMs: Math.round((task.end - task.start) / 1000),
        byScript: top(byScript, 4, 'script'),
        topFunctions: top(byFunction, 4, 'frame'),
      };
    });
  const busyUs = tasks.reduce((sum, task) => sum + (task.end - task.start), 0);
  return {
    busyMs: Math.round(busyUs / 1000),
    blockingMs: longTasks.reduce((sum, task) => sum + task.durationMs - LONG_TASK_MS, 0),
    longTasks,
    byScript: top(attribute(navigation.ts, Number.POSITIVE_INFINITY).byScript, 10, 'script'),
  };
}
