import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readPoCatalogue, translationIn } from '@sigil/locales';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_CATALOGUES_DIR } from '../../../scripts/build/write-page-catalogues.js';
import { TestClient, testAccount } from '../support/graphql-client.js';
import type { OidcBrowser } from '../support/oidc-browser.js';
import {
  answerInteraction,
  browserSignedInAs,
  discoverAs,
  interactionUid,
  OIDC_CLIENTS,
  startAuthorization,
  WIKI,
} from '../support/oidc-relying-party.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * The pages oidc-provider shows a person (docs/oidc.md): the sign-out
 * confirmation, the signed-out page and the error page of a broken link, in
 * the visitor's language: the language menu's choice (the sigil-locale
 * cookie), else Accept-Language, else English.
 */
let server: TestServer;
/** A browser signed in to the provider: without a session, it signs out without asking. */
let signedIn: OidcBrowser;

beforeAll(async () => {
  server = await startTestServer({ env: { OIDC_CLIENTS } });
  const own = new TestClient(server);
  await own.signInAs(testAccount(0));
  signedIn = browserSignedInAs(server, own);
  const config = await discoverAs(server, WIKI);
  const authorization = await startAuthorization(signedIn, config, { scope: 'openid' });
  await answerInteraction(signedIn, interactionUid(authorization.location), 'confirm');
});

afterAll(async () => {
  await server?.close();
});

const said = (locale: string, message: string) => {
  const catalogue = readPoCatalogue(
    readFileSync(join(WEB_CATALOGUES_DIR, locale, 'server.po'), 'utf8'),
  );
  const translation = translationIn(catalogue, { message });
  if (translation === null) throw new Error(`"${message}" has no ${locale} translation`);
  return translation;
};

const PAGES = {
  'the sign-out confirmation': {
    path: '/oidc/session/end',
    status: 200,
    message: 'Sign out of apps that use your Sigil account?',
  },
  'the signed-out page': {
    path: '/oidc/session/end/success',
    status: 200,
    message: 'You are signed out of the app. You can close this page.',
  },
  'the error page of a broken sign-in link': {
    path: '/oidc/auth?client_id=no-such-app&response_type=code&scope=openid',
    // The provider's own status for an unknown client: a client error, never a server error.
    status: 400,
    message: 'This request could not be completed',
  },
};

/** The page as a browser gets it: the provider's session cookies, then the test's own. */
async function page(path: string, { cookie, ...headers }: Record<string, string> = {}) {
  const cookies = [...signedIn.cookies].map(([name, value]) => `${name}=${value}`);
  const response = await fetch(`${server.url}${path}`, {
    redirect: 'manual',
    headers: {
      accept: 'text/html',
      cookie: [...cookies, ...(cookie ? [cookie] : [])].join('; '),
      ...headers,
    },
  });
  return { response, html: await response.text() };
}

describe.each(Object.entries(PAGES))('%s', (_name, { path, status, message }) => {
  it('is in English, left to right, by default', async () => {
    const { response, html } = await page(path);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/);
    expect(html).toContain('<html lang="en-US" dir="ltr">');
    expect(html).toContain(message);
    expect(response.headers.get('vary')?.toLowerCase()).toMatch(/accept-language.*cookie/);
  });

  it('speaks the visitor’s language by Accept-Language', async () => {
    const { html } = await page(path, { 'accept-language': 'ja,en;q=0.8' });
    expect(html).toContain('<html lang="ja" dir="ltr">');
    expect(html).toContain(said('ja-JP', message));
    expect(html).not.toContain(message);
  });

  it('is laid out right to left in Arabic', async () => {
    const { html } = await page(path, { 'accept-language': 'ar-EG' });
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain(said('ar-AR', message));
    // Logical properties only: the page mirrors without rules of its own.
    expect(html).not.toMatch(/margin-(left|right)|padding-(left|right)|text-align:\s*(left|right)/);
  });

  it('follows the language menu’s choice over Accept-Language', async () => {
    const { html } = await page(path, {
      'accept-language': 'ja',
      cookie: 'sigil-locale=de-DE',
    });
    expect(html).toContain('<html lang="de" dir="ltr">');
    expect(html).toContain(said('de-DE', message));
  });

  it('answers a language Sigil does not speak in English', async () => {
    const { html } = await page(path, { 'accept-language': 'sw-KE, eo;q=0.5' });
    expect(html).toContain('<html lang="en-US" dir="ltr">');
    expect(html).toContain(message);
  });

  it('ignores a hostile cookie and answers in English, never with a server error', async () => {
    const { response, html } = await page(path, {
      cookie: 'sigil-locale=%E0%A4%A"<script>; sigil-locale=../../etc/passwd',
    });
    expect(response.status).toBe(status);
    expect(html).toContain('<html lang="en-US" dir="ltr">');
    expect(html).toContain(message);
  });

  it('loads nothing from outside and runs no script', async () => {
    const { html } = await page(path, { 'accept-language': 'ar' });
    expect(html).not.toMatch(/https?:\/\/(?!localhost)[a-z]/i);
    expect(html).not.toMatch(/<script|<link/i);
  });
});

describe('the error page', () => {
  it('keeps the error code and description as the API gives them, escaped', async () => {
    const { response, html } = await page(
      '/oidc/auth?client_id=%3Cb%3Enope&response_type=code&scope=openid',
      { 'accept-language': 'ja' },
    );
    expect(response.status).toBe(400);
    expect(html).toMatch(/<code lang="en" dir="ltr">invalid_client: [^<]*<\/code>/);
    expect(html).not.toContain('<b>');
  });
});
