// Where the main thread's time goes on a first visit to `/`, `/u/<address>` and `/verify`
// under the phone bench's throttling (Slow 4G, 4x CPU): a Chromium performance trace of
// each cold visit until the page has settled, its long tasks named by script and function
// (docs/web-app.md, "Where the main thread's time goes").
//
//   node --conditions=source --import tsx bench/web-phone-trace.ts [--locale ja-JP] [--rounds 2]
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../testing/launch-chromium.js';
import { newestServerRuntime } from '../testing/server-runtime.js';
import { startBuiltServer } from '../testing/start-built-server.js';
import { median } from './support/percentile.js';
import { publishProfile } from './web-phone/publish-profile.js';
import { type MainThreadTrace, traceMainThread } from './web-phone/trace-main-thread.js';

const argument = (name: string) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};
const locale = argument('--locale');
const rounds = Number(argument('--rounds') ?? 2);

const server = await startBuiltServer({
  chains: [{ id: 31337, rpcUrl: 'http://127.0.0.1:9' }],
  runtime: newestServerRuntime(),
});
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [
    ...CHROMIUM_ARGS,
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
  ],
});
try {
  const address = await publishProfile(server.url);
  const pages = [
    ['/', '/'],
    ['/u/<address>', `/u/${address}`],
    ['/verify', '/verify'],
  ] as const;
  const traces = new Map<string, MainThreadTrace[]>(pages.map(([name]) => [name, []]));
  for (let round = 1; round <= rounds; round++) {
    for (const [name, path] of pages) {
      const trace = await traceMainThread(browser, `${server.url}${path}`, {
        ...(locale ? { locale } : {}),
      });
      traces.get(name)?.push(trace);
      console.log(
        `round ${round} ${name}${locale ? ` (${locale})` : ''}: busy ${trace.busyMs} ms, ` +
          `blocking ${trace.blockingMs} ms, ${trace.longTasks.length} long tasks`,
      );
      for (const task of trace.longTasks) {
        console.log(
          `  ${String(task.startMs).padStart(6)} ms  ${String(task.durationMs).padStart(4)} ms  ` +
            task.byScript.map((s) => `${s.script} ${s.ms}`).join(', '),
        );
        for (const f of task.topFunctions)
          console.log(`                        ${f.ms} ms ${f.frame}`);
      }
      console.log(`  by script: ${trace.byScript.map((s) => `${s.script} ${s.ms}`).join(', ')}`);
    }
  }
  console.log('medians:');
  for (const [name] of pages) {
    const list = traces.get(name) ?? [];
    console.log(
      `  ${name}: busy ${median(list.map((t) => t.busyMs))} ms, blocking ${median(list.map((t) => t.blockingMs))} ms, ` +
        `long tasks ${median(list.map((t) => t.longTasks.length))}`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
