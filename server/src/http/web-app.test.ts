import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { MessageDescriptor } from '@lingui/core';
import type { Locale } from '@sigil/locales';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPageCatalogues } from '../i18n/page-catalogues.js';
import { INDEX_PAGE_MESSAGES } from '../i18n/page-messages.js';
import { serveWebApp } from './web-app.js';

const INDEX_HTML = '<!doctype html><div id="root"></div>';
let root: string;
let app: FastifyInstance;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'sigil-web-app-'));
  writeFileSync(join(root, 'index.html'), INDEX_HTML);
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'assets', 'index-abc123.js'), 'export {};');
  writeFileSync(join(root, 'robots.txt'), 'User-agent: *');
  app = Fastify();
  await app.register(serveWebApp, { webRoot: root });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

const asBrowser = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('serveWebApp', () => {
  // The web app routes in the browser: a reload or a shared link on any of its
  // paths must get index.html, or the visitor sees the server's 404 instead of the page.
  it.each([
    '/',
    '/account',
    '/account/',
    '/u/0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    '/oidc/interaction/k3Jx9?x=1',
    '/verify',
    '/admin',
    '/admin/accounts/0d9f5e1c-0000-4000-8000-000000000000',
    '/admin/audit-log',
  ])('answers a browser asking for %s with the app', async (url) => {
    const response = await app.inject({ method: 'GET', url, headers: asBrowser });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
  });

  it('serves the files of the build as they are', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('export {};');
  });

  it('serves hashed assets as immutable for a year', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has the browser revalidate files outside /assets and index.html at every load', async () => {
    const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['cache-control']).toBe('no-cache');
    const page = await app.inject({ method: 'GET', url: '/account', headers: asBrowser });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  // Dots are part of app routes too (an ENS-style name, a version): only
  // file extensions of what a build serves make a path a file.
  it.each([
    '/no/such/page',
    '/accounts',
    '/account/settings',
    '/u/',
    '/admin/nothing',
    '/verify/v1.2',
    '/oidc/interaction/',
  ])('answers a browser asking for %s, which no page has, with the app and a 404', async (url) => {
    const response = await app.inject({ method: 'GET', url, headers: asBrowser });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe(INDEX_HTML);
  });

  it.each(['/u/alice.eth', '/u/0x70997970C51812dc3A010C7d01b50e0d17dc79C8.'])(
    'answers a browser reloading the dotted app route %s with the app',
    async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: asBrowser });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX_HTML);
    },
  );

  it.each(['/favicon.ico', '/missing.js', '/logo.png', '/site.webmanifest'])(
    'answers a missing file %s with a 404 even for a browser',
    async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: asBrowser });
      expect(response.statusCode).toBe(404);
    },
  );

  it.each(['/assets/missing-abc123.js', '/assets/', '/assets/no-extension'])(
    'answers the missing asset %s with a 404 without HTML, not with the app',
    async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: asBrowser });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).not.toMatch(/html/);
      expect(response.body).not.toContain('<div id="root">');
    },
  );

  it('answers a request that does not want a page with a 404', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/account',
      headers: { accept: 'application/json' },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('index.html in the visitor’s language', () => {
  // The shape of the build's index.html (web/index.html): what a reader without scripts reads.
  const BUILT_INDEX = readFileSync(new URL('../../../web/index.html', import.meta.url), 'utf8');
  const catalogues = loadPageCatalogues();
  let localized: FastifyInstance;
  let localizedRoot: string;

  beforeAll(async () => {
    localizedRoot = mkdtempSync(join(tmpdir(), 'sigil-web-app-locales-'));
    writeFileSync(join(localizedRoot, 'index.html'), BUILT_INDEX);
    localized = Fastify();
    await localized.register(serveWebApp, { webRoot: localizedRoot, catalogues });
    await localized.ready();
  });

  afterAll(async () => {
    await localized.close();
    rmSync(localizedRoot, { recursive: true, force: true });
  });

  const get = (headers: Record<string, string>, url = '/') =>
    localized.inject({ method: 'GET', url, headers: { ...asBrowser, ...headers } });
  const said = (locale: Locale, descriptor: MessageDescriptor) =>
    catalogues.translatorFor(locale).t(descriptor);

  it('says in English what the build says in English: web/index.html is the catalogue’s source', () => {
    expect(BUILT_INDEX).toContain(
      `<meta name="description" content="${INDEX_PAGE_MESSAGES.description.message}" />`,
    );
    expect(BUILT_INDEX).toContain('<html lang="en-US" dir="ltr">');
  });

  it('sends an English visitor the build’s index.html byte for byte', async () => {
    const cases: Record<string, string>[] = [{}, { 'accept-language': 'en-GB,en;q=0.9' }];
    for (const headers of cases) {
      const response = await get(headers);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(Buffer.from(BUILT_INDEX))).toBe(true);
    }
  });

  it('varies by Accept-Language and Cookie as well as Accept-Encoding', async () => {
    const response = await get({ 'accept-language': 'ja' });
    const vary = String(response.headers.vary).toLowerCase().split(/,\s*/);
    expect(vary).toEqual(expect.arrayContaining(['accept-encoding', 'accept-language', 'cookie']));
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('writes lang, dir, the description and the loading line of the visitor’s language', async () => {
    const response = await get({ 'accept-language': 'ja-JP,ja;q=0.9' });
    expect(response.body).toMatch(
      /<html lang="ja" dir="ltr" style="--boot-text: &quot;[^"]+&quot;">/,
    );
    expect(response.body).toContain(said('ja-JP', INDEX_PAGE_MESSAGES.loading));
    expect(response.body).toContain(
      `<meta name="description" content="${said('ja-JP', INDEX_PAGE_MESSAGES.description)}" />`,
    );
    expect(response.body).not.toContain(INDEX_PAGE_MESSAGES.description.message);
  });

  it('lays Arabic out right to left', async () => {
    const response = await get({ 'accept-language': 'ar' });
    expect(response.body).toContain('<html lang="ar" dir="rtl"');
    expect(response.body).toContain(said('ar-AR', INDEX_PAGE_MESSAGES.description));
  });

  it('follows the language menu’s choice (the sigil-locale cookie) over Accept-Language', async () => {
    const response = await get({ 'accept-language': 'ja', cookie: 'sigil-locale=de-DE' });
    expect(response.body).toContain('<html lang="de" dir="ltr"');
  });

  it('answers a language Sigil does not speak, or a hostile cookie, with English', async () => {
    const cases: Record<string, string>[] = [
      { 'accept-language': 'sw-KE, eo;q=0.5' },
      { cookie: 'sigil-locale=%E0%A4%A"<script>' },
      { cookie: `sigil-locale=${'x'.repeat(4000)}` },
    ];
    for (const headers of cases) {
      const response = await get(headers);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(BUILT_INDEX);
    }
  });

  it('sends each variant precompressed, as the build sends its files', async () => {
    const response = await get({ 'accept-language': 'ko', 'accept-encoding': 'gzip, br' });
    expect(response.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(response.rawPayload).toString();
    expect(html).toContain('<html lang="ko" dir="ltr"');
    const gzip = await get({ 'accept-language': 'ko', 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(html);
  });

  it('answers a revalidation of an unchanged page with 304', async () => {
    const first = await get({ 'accept-language': 'fr' });
    const etag = String(first.headers.etag);
    const again = await get({ 'accept-language': 'fr', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    const otherLanguage = await get({ 'accept-language': 'de', 'if-none-match': etag });
    expect(otherLanguage.statusCode).toBe(200);
  });

  it('speaks the visitor’s language on the 404 of a path no page has too', async () => {
    const response = await get({ 'accept-language': 'ar' }, '/no/such/page');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<html lang="ar" dir="rtl"');
  });
});

describe('index.html’s inline startup script', () => {
  // As web/build/locale-boot-plugin.ts writes it: inline, first thing in the head.
  const SCRIPT = '(function () { document.documentElement.lang = "ja"; })();';
  const INLINE_INDEX = `<!doctype html><html><head><meta charset="UTF-8" />\n    <script>${SCRIPT}</script><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>`;
  const POLICY = "default-src 'self';script-src 'self';script-src-attr 'none'";
  const HASH = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;
  let inline: FastifyInstance;
  let inlineRoot: string;

  beforeAll(async () => {
    inlineRoot = mkdtempSync(join(tmpdir(), 'sigil-web-app-inline-'));
    writeFileSync(join(inlineRoot, 'index.html'), INLINE_INDEX);
    mkdirSync(join(inlineRoot, 'assets'));
    writeFileSync(join(inlineRoot, 'assets', 'index-abc123.js'), 'export {};');
    inline = Fastify();
    // What security-headers.ts sends on every response.
    inline.addHook('onRequest', (_req, reply, done) => {
      reply.header('content-security-policy', POLICY);
      done();
    });
    await inline.register(serveWebApp, { webRoot: inlineRoot, catalogues: loadPageCatalogues() });
    await inline.ready();
  });

  afterAll(async () => {
    await inline.close();
    rmSync(inlineRoot, { recursive: true, force: true });
  });

  it('is allowed by its hash on index.html, in every language and on a not-found page', async () => {
    for (const [url, headers] of [
      ['/', {}],
      ['/verify', { 'accept-language': 'ja' }],
      ['/no-such-page', {}],
    ] as const) {
      const response = await inline.inject({
        method: 'GET',
        url,
        headers: { ...asBrowser, ...headers },
      });
      expect(response.body).toContain(`<script>${SCRIPT}</script>`);
      expect(response.headers['content-security-policy']).toBe(
        `default-src 'self';script-src 'self' ${HASH};script-src-attr 'none'`,
      );
    }
  });

  it('is allowed nowhere else: a file keeps the policy every response gets', async () => {
    const response = await inline.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.headers['content-security-policy']).toBe(POLICY);
  });
});

describe('index.html’s first paint', () => {
  // As web/build/first-paint-prerender-plugin.ts writes it: each page's first paint in each locale.
  const BUILT_INDEX = readFileSync(new URL('../../../web/index.html', import.meta.url), 'utf8');
  const paint = (locale: string, page: string) => `<main data-paint="${locale} ${page}"></main>`;
  const FIRST_PAINTS = Object.fromEntries(
    ['en-US', 'ja-JP'].map((locale) => [
      locale,
      Object.fromEntries(
        ['/', '/verify', 'profile', 'other'].map((page) => [page, paint(locale, page)]),
      ),
    ]),
  );
  let painted: FastifyInstance;
  let paintedRoot: string;

  beforeAll(async () => {
    paintedRoot = mkdtempSync(join(tmpdir(), 'sigil-web-app-first-paint-'));
    writeFileSync(join(paintedRoot, 'index.html'), BUILT_INDEX);
    writeFileSync(join(paintedRoot, 'first-paint.json'), JSON.stringify(FIRST_PAINTS));
    painted = Fastify();
    await painted.register(serveWebApp, { webRoot: paintedRoot, catalogues: loadPageCatalogues() });
    await painted.ready();
  });

  afterAll(async () => {
    await painted.close();
    rmSync(paintedRoot, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    painted.inject({ method: 'GET', url, headers: { ...asBrowser, ...headers } });

  it.each([
    ['/', '/'],
    ['/?utm=1', '/'],
    ['/verify', '/verify'],
    ['/Verify/', '/verify'],
    ['/u/0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 'profile'],
    ['/u/not-an-address', 'other'],
    ['/account', 'other'],
    ['/no/such/page', 'other'],
  ])('writes the first paint of %s into #root, in place of the loading line', async (url, page) => {
    const response = await get(url);
    expect(response.body).toContain(`<div id="root">${paint('en-US', page)}</div>`);
  });

  it('in the visitor’s language, each page a variant of its own', async () => {
    const home = await get('/', { 'accept-language': 'ja' });
    expect(home.body).toContain('<html lang="ja" dir="ltr"');
    expect(home.body).toContain(paint('ja-JP', '/'));
    const verify = await get('/verify', { 'accept-language': 'ja', 'accept-encoding': 'br' });
    expect(brotliDecompressSync(verify.rawPayload).toString()).toContain(paint('ja-JP', '/verify'));
    expect(verify.headers.etag).not.toBe(home.headers.etag);
  });

  it('leaves #root as built for a locale the build has no first paint of', async () => {
    const response = await get('/', { 'accept-language': 'ko' });
    expect(response.body).toContain('<div id="root"><p class="boot" role="status"></p></div>');
  });
});
