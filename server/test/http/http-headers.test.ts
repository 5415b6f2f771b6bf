import { print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../generated/index.js';
import { TestClient } from '../support/graphql-client.js';
import { signedIn } from '../support/signed-in.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const ME = graphql(`
  query HttpHeadersMe {
    me { id }
  }
`);

// What @fastify/cookie, @fastify/cors and @fastify/helmet must keep exactly
// as the hand-written code had it: a later upgrade of any of them that
// changes an attribute or a header fails here.

const ALLOWED_ORIGIN = 'http://localhost:5173';
const FOREIGN_ORIGIN = 'https://evil.example';

/** `a=b; X; Y=z` as its first pair and the set of its attributes. */
function parseSetCookie(header: string | null) {
  const [pair = '', ...attributes] = (header ?? '').split('; ');
  return { pair, attributes: attributes.sort() };
}

describe('the session cookie', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { SESSION_MAX_AGE: '12h', SESSION_IDLE_TIMEOUT: '1h' } });
  });
  afterAll(() => server?.close());

  it('is set at sign-in with exactly Max-Age, Path=/, HttpOnly and SameSite=Lax on http', async () => {
    const { setCookie } = await signedIn(server);
    const { pair, attributes } = parseSetCookie(setCookie);
    expect(pair).toMatch(/^sigil_session=[A-Za-z0-9_-]{43}$/);
    expect(attributes).toEqual(['HttpOnly', 'Max-Age=43200', 'Path=/', 'SameSite=Lax']);
  });

  it('is dropped at sign-out with Max-Age=0 and the same attributes', async () => {
    const { client } = await signedIn(server);
    const result = await client.request('mutation { signOut }');
    const { pair, attributes } = parseSetCookie(result.headers.get('set-cookie'));
    expect(pair).toBe('sigil_session=');
    expect(attributes).toEqual(['HttpOnly', 'Max-Age=0', 'Path=/', 'SameSite=Lax']);
    expect((await client.request(ME)).data?.me).toBeNull();
  });

  it('authenticates among other cookies, and a value that is not a token is no session', async () => {
    const { client } = await signedIn(server);
    const token = client.cookie?.split('=')[1];
    const among = new TestClient(server);
    among.cookie = `theme=dark; sigil_session=${token}; other="quoted"`;
    expect((await among.request(ME)).data?.me).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    for (const cookie of [
      'sigil_session=%E0%A4%A',
      'sigil_session=a b c',
      'sigil_session',
      ';;=;',
    ]) {
      const stranger = new TestClient(server);
      stranger.cookie = cookie;
      const result = await stranger.request(ME);
      expect(result.status).toBe(200);
      expect(result.data?.me).toBeNull();
    }
  });
});

describe('the session cookie when PUBLIC_URL is https', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { PUBLIC_URL: 'https://sigil.example' } });
  });
  afterAll(() => server?.close());

  it('is __Host- prefixed and Secure, and so is its removal', async () => {
    const { client, setCookie } = await signedIn(server, 0, {
      client: new TestClient({ url: server.url, origin: 'https://sigil.example' }),
    });
    const set = parseSetCookie(setCookie);
    expect(set.pair).toMatch(/^__Host-sigil_session=[A-Za-z0-9_-]{43}$/);
    expect(set.attributes).toEqual([
      'HttpOnly',
      'Max-Age=2592000',
      'Path=/',
      'SameSite=Lax',
      'Secure',
    ]);
    const signOut = await client.request('mutation { signOut }');
    const cleared = parseSetCookie(signOut.headers.get('set-cookie'));
    expect(cleared.pair).toBe('__Host-sigil_session=');
    expect(cleared.attributes).toEqual([
      'HttpOnly',
      'Max-Age=0',
      'Path=/',
      'SameSite=Lax',
      'Secure',
    ]);
  });

  it('sends HSTS for a year, subdomains included', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });
});

describe('security headers and CORS', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { ALLOWED_ORIGINS: ALLOWED_ORIGIN, WALLETCONNECT_PROJECT_ID: 'abcdef0123456789' },
    });
  });
  afterAll(() => server?.close());

  it('sends a CSP that lets the app reach itself, its websockets, its own RPC route and WalletConnect', async () => {
    const response = await fetch(`${server.url}/healthz`);
    const directives = Object.fromEntries(
      (response.headers.get('content-security-policy') ?? '').split(';').map((directive) => {
        const [name = '', ...values] = directive.trim().split(/\s+/);
        return [name, values];
      }),
    );
    const wsSelf = server.origin.replace(/^http/, 'ws');
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['script-src-attr']).toEqual(["'none'"]);
    expect(directives['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directives['connect-src']).toEqual(
      expect.arrayContaining(["'self'", wsSelf, 'ws://localhost:5173', server.origin]),
    );
    // The browser reads the chain through /rpc/<id>: RPC_URL_<id>'s host is the server's alone.
    expect(directives['connect-src']).not.toContain('http://127.0.0.1:9');
    expect(directives['connect-src']).toContain('wss://*.walletconnect.com');
    expect(directives['frame-src']).toEqual([
      'https://verify.walletconnect.com',
      'https://verify.walletconnect.org',
    ]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['base-uri']).toEqual(["'self'"]);
    expect(directives['form-action']).toEqual(["'self'"]);
    // A local chain's http endpoint must not be rewritten to https.
    expect(directives).not.toHaveProperty('upgrade-insecure-requests');
  });

  it('sends the other security headers, and no HSTS on plain http', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin-allow-popups',
      'cross-origin-resource-policy': 'same-origin',
      'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
      'x-dns-prefetch-control': 'off',
      'x-permitted-cross-domain-policies': 'none',
    });
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  it('answers an allowed origin with credentials, and varies on Origin', async () => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ALLOWED_ORIGIN },
      body: JSON.stringify({ query: print(ME) }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(ALLOWED_ORIGIN);
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    expect(response.headers.get('vary')).toMatch(/\bOrigin\b/i);
  });

  it('gives a foreign origin no CORS headers', async () => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: FOREIGN_ORIGIN },
      body: JSON.stringify({ query: '{ signInParameters { domain } }' }),
    });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    expect(response.headers.get('vary')).toMatch(/\bOrigin\b/i);
    await response.body?.cancel();
  });

  it('answers an allowed preflight with the methods and headers the app sends, for 10 minutes', async () => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'OPTIONS',
      headers: {
        origin: ALLOWED_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-graphql-yoga-csrf',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
    expect(response.headers.get('access-control-allow-headers')).toBe(
      'content-type, accept, x-graphql-yoga-csrf, apollo-require-preflight',
    );
    expect(response.headers.get('access-control-max-age')).toBe('600');
  });

  it('refuses a foreign preflight on any path with 403', async () => {
    for (const path of ['/graphql', '/api/config', '/anything']) {
      const response = await fetch(`${server.url}${path}`, {
        method: 'OPTIONS',
        headers: { origin: FOREIGN_ORIGIN, 'access-control-request-method': 'POST' },
      });
      expect(response.status).toBe(403);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    }
  });
});
