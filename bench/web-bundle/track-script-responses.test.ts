import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing, launchChromium } from '../../testing/launch-chromium.js';
import { availableOrSkip } from '../../testing/skip-or-fail.js';
import { trackScriptResponses } from './track-script-responses.js';

const ENTRY = 'import { dep } from "/dep.js"; window.entry = dep;';
const DEP = `export const dep = ${JSON.stringify('d'.repeat(2000))};`;
const COMPRESSED = `export const compressed = ${JSON.stringify('c'.repeat(5000))};`;
const NO_EXTENSION = 'export const chunk = 1;';
const ELSEWHERE = 'export const elsewhere = 1;';

async function listen(handler: RequestListener): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe.skipIf(!availableOrSkip(chromiumMissing()))('trackScriptResponses', () => {
  let browser: Browser;
  let app: { server: Server; url: string };
  let other: { server: Server; url: string };

  beforeAll(async () => {
    other = await listen((_request, response) => {
      response.writeHead(200, {
        'content-type': 'text/javascript',
        'access-control-allow-origin': '*',
      });
      response.end(ELSEWHERE);
    });
    app = await listen((request, response) => {
      const send = (type: string, body: string | Buffer, headers = {}) => {
        response.writeHead(200, { 'content-type': type, ...headers });
        response.end(body);
      };
      switch (request.url) {
        case '/':
          return send(
            'text/html',
            `<!doctype html><link rel="stylesheet" href="/style.css"><script type="module" src="/entry.js"></script>
<script type="module">
  await fetch('/data.json');
  await import('/compressed.js');
  await import('/chunk');
  await import('${other.url}/elsewhere.js');
  window.done = true;
</script>`,
          );
        case '/entry.js':
          return send('text/javascript', ENTRY);
        case '/dep.js':
          return send('application/javascript', DEP);
        // Compressed by the server at level 1: the figure must not depend on it.
        case '/compressed.js':
          return send('text/javascript', gzipSync(COMPRESSED, { level: 1 }), {
            'content-encoding': 'gzip',
          });
        case '/chunk':
          return send('text/javascript; charset=utf-8', NO_EXTENSION);
        case '/data.json':
          return send('application/json', JSON.stringify({ big: 'j'.repeat(3000) }));
        case '/style.css':
          return send('text/css', 'body { margin: 0 }');
        default:
          response.writeHead(404).end();
      }
    });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    app?.server.close();
    other?.server.close();
  });

  async function record() {
    const context = await browser.newContext();
    try {
      const responses = trackScriptResponses(context, app.url);
      const page = await context.newPage();
      await page.goto(app.url);
      await page.waitForFunction(() => (window as unknown as { done?: boolean }).done === true);
      return await responses.finish();
    } finally {
      await context.close();
    }
  }

  it('counts every JavaScript response of the origin, by path or by content type, and nothing else', async () => {
    const recorded = await record();
    expect(recorded.scripts.map((script) => script.path).sort()).toEqual([
      '/chunk',
      '/compressed.js',
      '/dep.js',
      '/entry.js',
    ]);
  });

  it('sizes the decoded body and its gzip at level 9, whatever the server sent on the wire', async () => {
    const recorded = await record();
    const bodies: Record<string, string> = {
      '/entry.js': ENTRY,
      '/dep.js': DEP,
      '/compressed.js': COMPRESSED,
      '/chunk': NO_EXTENSION,
    };
    for (const script of recorded.scripts) {
      const body = bodies[script.path] as string;
      expect(script.bytes).toBe(Buffer.byteLength(body));
      expect(script.gzipBytes).toBe(gzipSync(body, { level: 9 }).length);
    }
  });

  it('lists JavaScript from another origin without counting it', async () => {
    const recorded = await record();
    expect(recorded.otherOrigins).toEqual([`${other.url}/elsewhere.js`]);
    expect(recorded.unreadable).toEqual([]);
  });
});
