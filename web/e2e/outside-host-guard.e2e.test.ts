import { expect, it } from 'vitest';
import { setUpSigilBrowser } from './harness/set-up-sigil-browser.js';

const browser = setUpSigilBrowser();

// The guard is what makes "no outside host" a finding rather than a hope: this
// proves it sees every kind of attempt the app could make.
it('records requests, websockets and CSP-stopped fetches to outside hosts', async () => {
  const { page, guard } = await browser.open({ accountIndex: 15 });

  const outcome = await page.evaluate(async () => {
    // The server's CSP lets images come from any https host (ENS avatars), so this one leaves.
    const image = await new Promise<string>((resolve) => {
      const img = new Image();
      img.onload = () => resolve('reached');
      img.onerror = () => resolve('blocked');
      img.src = 'https://example.com/pixel.png';
    });
    // connect-src stops this one in the page: it never reaches the network.
    const fetched = await fetch('https://example.com/beacon').then(
      () => 'reached',
      () => 'blocked',
    );
    const socket = await new Promise<string>((resolve) => {
      const ws = new WebSocket('wss://relay.walletconnect.org/');
      ws.onopen = () => ws.close();
      ws.onclose = (event) => resolve(`closed ${event.code}`);
      setTimeout(() => resolve('timeout'), 5000);
    });
    return { image, fetched, socket };
  });

  expect(outcome).toMatchObject({ image: 'blocked', fetched: 'blocked' });
  expect(outcome.socket).not.toBe('timeout');
  await expect
    .poll(() => [...guard.attempted].sort())
    .toEqual([
      'https://example.com/beacon',
      'https://example.com/pixel.png',
      'wss://relay.walletconnect.org/',
    ]);
  // Seen and checked: clear them so the suite-wide check after each test passes.
  guard.attempted.length = 0;
});
