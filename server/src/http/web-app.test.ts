import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
