import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing, launchChromium } from '../../testing/launch-chromium.js';
import { availableOrSkip } from '../../testing/skip-or-fail.js';
import { type FirstVisitScripts, measureFirstVisitScripts } from './measure-first-visit-scripts.js';
import { type StaticServer, serveStaticDist } from './serve-static-dist.js';

const root = mkdtempSync(join(tmpdir(), 'sigil-bench-visit-'));

/** A build in `root/<name>` whose index.html runs `entry.js` as a module. */
function writeApp(name: string, files: Record<string, string>): string {
  const dir = join(root, name);
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><script type="module" src="/assets/entry.js"></script>',
  );
  for (const [path, content] of Object.entries(files)) writeFileSync(join(dir, path), content);
  return dir;
}

// After load, the app keeps fetching chunks, each 600 ms after the last (inside
// a 1 s quiet period, though the chain lasts longer than one), then one more
// 2.5 s later (outside it); and it tries an outside host, as a wallet SDK would.
const LATE_LOADER = writeApp('late-loader', {
  'assets/entry.js': `import './static.js';
fetch('https://relay.example.com/config').catch(() => {});
addEventListener('load', () => setTimeout(() => import('./late.js'), 600));`,
  'assets/static.js': `globalThis.padding = ${JSON.stringify('s'.repeat(3000))};`,
  'assets/late.js': `setTimeout(() => import('./later.js'), 600);`,
  'assets/later.js': `setTimeout(() => import('./latest.js'), 600);`,
  'assets/latest.js': `setTimeout(() => import('./after-quiet.js'), 2500);`,
  'assets/after-quiet.js': 'globalThis.tooLate = true;',
});

// A page that never stops asking for scripts.
const ENDLESS_LOADER = writeApp('endless-loader', {
  'assets/entry.js': `let n = 0;
setInterval(() => import('./tick.js?n=' + n++), 200);`,
  'assets/tick.js': 'export {};',
});

describe.skipIf(!availableOrSkip(chromiumMissing()))('measureFirstVisitScripts', () => {
  let browser: Browser;
  const servers: StaticServer[] = [];
  const serve = async (dir: string) => {
    const server = await serveStaticDist(dir);
    servers.push(server);
    return server.url;
  };

  // One visit of the late loader, which the first three tests read.
  let lateVisit: FirstVisitScripts;

  beforeAll(async () => {
    browser = await launchChromium();
    lateVisit = await measureFirstVisitScripts({
      browser,
      appUrl: await serve(LATE_LOADER),
      quietMs: 1000,
    });
  }, 20_000);
  afterAll(async () => {
    await browser?.close();
    for (const server of servers) await server.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('counts the chunks a page imports after load until no script is requested for the quiet period', () => {
    const visit = lateVisit;
    expect(visit.stoppedBy).toBe('quiet');
    expect(visit.scripts.map((script) => script.path).sort()).toEqual([
      '/assets/entry.js',
      '/assets/late.js',
      '/assets/later.js',
      '/assets/latest.js',
      '/assets/static.js',
    ]);
  });

  it('sums the gzip at level 9 of every counted script', () => {
    const visit = lateVisit;
    const expected = visit.scripts
      .map((script) => gzipSync(readFileSync(join(LATE_LOADER, script.path)), { level: 9 }).length)
      .reduce((sum, size) => sum + size, 0);
    expect(visit.gzipBytes).toBe(expected);
  });

  it('blocks and lists requests to outside hosts, counting nothing from them', () => {
    const visit = lateVisit;
    expect(visit.blocked).toEqual(['https://relay.example.com/config']);
  });

  it('stops at the cap when the page never stops loading scripts, and says so', async () => {
    const visit = await measureFirstVisitScripts({
      browser,
      appUrl: await serve(ENDLESS_LOADER),
      quietMs: 1000,
      capMs: 2500,
    });
    expect(visit.stoppedBy).toBe('cap');
    expect(visit.scripts.length).toBeGreaterThan(3);
  }, 20_000);

  it('starts every visit with an empty cache, so a second visit loads it all again', async () => {
    const second = await measureFirstVisitScripts({
      browser,
      appUrl: await serve(LATE_LOADER),
      quietMs: 1000,
    });
    expect(second.scripts).toEqual(lateVisit.scripts);
  }, 20_000);
});
