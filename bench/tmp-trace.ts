import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../testing/launch-chromium.js';
import { newestServerRuntime } from '../testing/server-runtime.js';
import { startBuiltServer } from '../testing/start-built-server.js';
import { buildPhoneStarter } from './web-phone/build-starter.js';
import { serveBrotliDist } from './web-phone/serve-brotli-dist.js';
import { PHONE_THROTTLING } from './web-phone/time-connect-usable.js';

const OFFLINE_ARGS = [
  ...CHROMIUM_ARGS,
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
];
const which = process.argv[2] ?? 'sigil';
let url: string;
let stop: () => Promise<void>;
if (which === 'sigil') {
  const s = await startBuiltServer({
    chains: [{ id: 31337, rpcUrl: 'http://127.0.0.1:9' }],
    runtime: newestServerRuntime(),
  });
  url = s.url + '/';
  stop = () => s.stop();
} else {
  const st = await serveBrotliDist(await buildPhoneStarter());
  url = st.url + '/';
  stop = () => st.stop();
}
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: OFFLINE_ARGS });
for (let round = 0; round < 2; round++) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
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
  const reqs = new Map<
    string,
    { url: string; start: number; end?: number; bytes?: number; resp?: number }
  >();
  let t0 = 0;
  cdp.on('Network.requestWillBeSent', (e: any) => {
    if (!t0) t0 = e.timestamp;
    reqs.set(e.requestId, {
      url: e.request.url.replace(/^https?:\/\/[^/]+/, ''),
      start: e.timestamp,
    });
  });
  cdp.on('Network.responseReceived', (e: any) => {
    const r = reqs.get(e.requestId);
    if (r) r.resp = e.timestamp;
  });
  cdp.on('Network.loadingFinished', (e: any) => {
    const r = reqs.get(e.requestId);
    if (r) {
      r.end = e.timestamp;
      r.bytes = e.encodedDataLength;
    }
  });
  await page.goto(url, { waitUntil: 'commit', timeout: 60000 });
  const sel = ['[data-testid="connect-placeholder"]', '[data-testid="rk-connect-button"]'];
  const clickable = await page.waitForFunction(
    (list) => {
      for (const s of list) {
        const b = document.querySelector<HTMLButtonElement>(s);
        if (b && !b.disabled && b.getBoundingClientRect().width > 0) {
          const bx = b.getBoundingClientRect();
          const top = document.elementFromPoint(bx.x + bx.width / 2, bx.y + bx.height / 2);
          if (top && b.contains(top)) return { at: performance.now(), s };
        }
      }
      return false;
    },
    sel,
    { polling: 50, timeout: 60000 },
  );
  const c = (await clickable.jsonValue()) as any;
  await page.tap(c.s);
  const shown = await page.waitForFunction(
    () => {
      const d = document.querySelector('[role="dialog"]');
      return d && d.getBoundingClientRect().height > 0 ? performance.now() : false;
    },
    undefined,
    { polling: 50, timeout: 60000 },
  );
  const at = await shown.jsonValue();
  const paints = await page.evaluate(() =>
    performance.getEntriesByType('paint').map((p) => `${p.name} ${p.startTime.toFixed(0)}`),
  );
  const nav = await page.evaluate(
    () => (performance.getEntriesByType('navigation')[0] as any).startTime,
  );
  console.log(
    `round ${round}: clickable ${c.at.toFixed(0)} (${c.s}), dialog ${Number(at).toFixed(0)}; paints ${paints.join(', ')}`,
  );
  for (const r of [...reqs.values()].sort((a, b) => a.start - b.start))
    console.log(
      `  ${((r.start - t0) * 1000).toFixed(0).padStart(6)} → resp ${r.resp ? ((r.resp - t0) * 1000).toFixed(0) : '?'} end ${r.end ? ((r.end - t0) * 1000).toFixed(0).padStart(6) : '     ?'}  ${String(r.bytes ?? '').padStart(7)}  ${r.url.slice(0, 90)}`,
    );
  await context.close();
}
await browser.close();
await stop();
process.exit(0);
