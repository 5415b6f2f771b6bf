import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../testing/launch-chromium.js';
import { newestServerRuntime } from '../testing/server-runtime.js';
import { startBuiltServer } from '../testing/start-built-server.js';
const s = await startBuiltServer({ chains: [{ id: 31337, rpcUrl: 'http://127.0.0.1:9' }], runtime: newestServerRuntime() });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const ICON = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='6' fill='%23f6851b'/%3E%3C/svg%3E";
for (const [locale, width, scheme] of [['en-US', 360, 'light'], ['en-US', 1280, 'dark'], ['ar-AR', 360, 'dark'], ['ja-JP', 1280, 'light']] as const) {
  const context = await browser.newContext({ locale, viewport: { width, height: 740 }, colorScheme: scheme, isMobile: width < 500, hasTouch: width < 500 });
  await context.addInitScript(`window.addEventListener('eip6963:requestProvider', () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: { uuid: 'u', rdns: 'org.example', name: 'Example Wallet', icon: ${JSON.stringify(ICON)} }, provider: {} } })));`);
  const page = await context.newPage();
  await page.route(/\/assets\/stack-(app|vendor)-/, () => {});
  await page.goto(s.url + '/');
  await page.getByTestId('connect-placeholder').click();
  await page.getByTestId('early-wallet-list').waitFor();
  await page.getByTestId('early-wallet-option-metaMask').click();
  await page.screenshot({ path: `/tmp/ana/early-${locale}-${width}-${scheme}.png` });
  await context.close();
}
await browser.close(); await s.stop(); process.exit(0);
