import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_LOG_EXPORT_PATH } from '../../src/audit/audit-log-route.js';
import { OIDC_MOUNT_PATH } from '../../src/oidc/oidc-paths.js';
import { testAccount } from '../support/graphql-client.js';
import { OIDC_CLIENTS } from '../support/oidc-relying-party.js';
import { signedIn } from '../support/signed-in.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * An answer that depends on the session cookie must never be kept by a
 * shared cache and handed to someone else (docs/operations.md, "Caching"):
 * `Cache-Control: private, no-store`, and `Vary: Cookie` for a cache that
 * keys by URL alone. Whatever the answer is: data, a refusal, a stream.
 */
const expectKeptPrivate = (response: Response) => {
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  const vary = (response.headers.get('vary') ?? '').toLowerCase().split(/,\s*/);
  expect(vary).toContain('cookie');
};

describe('answers that depend on a session', () => {
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    const admin = testAccount(0);
    server = await startTestServer({
      env: { ADMIN_ADDRESSES: admin.address, OIDC_CLIENTS },
    });
    cookie = (await signedIn(server, admin)).client.cookie ?? '';
  });
  afterAll(() => server?.close());

  const graphqlPost = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.origin, ...headers },
      body,
    });

  it('marks a signed-in GraphQL answer over POST and over GET', async () => {
    const posted = await graphqlPost(JSON.stringify({ query: '{ me { id sessions { id } } }' }), {
      cookie,
    });
    expect(posted.status).toBe(200);
    expectKeptPrivate(posted);
    const got = await fetch(`${server.url}/graphql?query=${encodeURIComponent('{ me { id } }')}`, {
      headers: { cookie, 'x-graphql-yoga-csrf': '1' },
    });
    expect(got.status).toBe(200);
    expectKeptPrivate(got);
  });

  it('marks an answer without a session, a refusal and a transport error: the cookie decides them too', async () => {
    expectKeptPrivate(await graphqlPost(JSON.stringify({ query: '{ me { id } }' })));
    expectKeptPrivate(await graphqlPost(JSON.stringify({ query: '{ nope }' }), { cookie }));
    const malformed = await graphqlPost('{ not json', { cookie });
    expect(malformed.status).toBe(400);
    expectKeptPrivate(malformed);
  });

  it('marks an event stream', async () => {
    const stream = await graphqlPost(
      JSON.stringify({ query: 'subscription { accountEvents { type } }' }),
      { cookie, accept: 'text/event-stream' },
    );
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    expectKeptPrivate(stream);
    await stream.body?.cancel();
  });

  it('marks the audit log export, and its refusal', async () => {
    const exported = await fetch(`${server.url}${AUDIT_LOG_EXPORT_PATH}`, { headers: { cookie } });
    expect(exported.status).toBe(200);
    expectKeptPrivate(exported);
    await exported.body?.cancel();
    const refused = await fetch(`${server.url}${AUDIT_LOG_EXPORT_PATH}`);
    expect(refused.status).toBe(401);
    expectKeptPrivate(refused);
  });

  it("marks the OpenID Connect interaction's answers", async () => {
    const details = await fetch(`${server.url}${OIDC_MOUNT_PATH}/interaction/unknown/details`, {
      headers: { cookie },
    });
    // No interaction of this browser's: the route's own refusal, kept private too.
    expect(details.status).toBe(400);
    expectKeptPrivate(details);
  });
});
