import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBackends } from '../support/each-database.js';
import { OIDC_CLIENTS, WIKI } from '../support/oidc-relying-party.js';
import { signedIn } from '../support/signed-in.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** A NUL, and the UTF-8 of a lone surrogate (which is no UTF-8 at all), percent-encoded. */
const UNSTORABLE = [
  ['a NUL', '%00'],
  ['an encoded lone surrogate', '%ED%A0%80'],
] as const;

const SOME_IMAGE = '00000000-0000-4000-8000-000000000000';

/**
 * The routes outside GraphQL that take text from a URL or a form into the
 * database (image ids, profile pages, the audit log export, the OpenID
 * Connect provider's endpoints) answer text the database cannot store with a
 * 400, on both databases, never a 5xx.
 */
describe.each(databaseBackends)('unstorable text outside GraphQL, on $name', (backend) => {
  describe.skipIf(!backend.available)(backend.name, () => {
    let server: TestServer;
    let cookie: string;

    beforeAll(async () => {
      server = await startTestServer({ database: backend.kind, env: { OIDC_CLIENTS } });
      cookie = (await signedIn(server)).client.cookie ?? '';
    });
    afterAll(() => server?.close());

    const paths = (text: string) => [
      `/images/${text}?w=128`,
      `/images/${SOME_IMAGE}?w=128&q=${text}`,
      `/u/${text}`,
      `/admin/audit-log.jsonl?since=${text}`,
      `/oidc/auth?client_id=${text}&response_type=code&scope=openid&redirect_uri=http%3A%2F%2Fwiki.test%3A9%2Fcallback`,
      `/oidc/auth?client_id=wiki&response_type=code&scope=openid&state=${text}&redirect_uri=http%3A%2F%2Fwiki.test%3A9%2Fcallback`,
      `/oidc/interaction/${text}/details`,
      `/oidc/session/end?client_id=${text}`,
    ];

    for (const [what, text] of UNSTORABLE) {
      it.each(paths(text))(`answers ${what} in GET %s with 400`, async (path) => {
        const response = await fetch(`${server.url}${path}`, {
          headers: { cookie },
          redirect: 'manual',
        });
        expect(response.status).toBe(400);
      });
    }

    it.each([
      [
        'a code',
        {
          grant_type: 'authorization_code',
          code: 'x\u0000',
          redirect_uri: WIKI.redirect_uris[0] ?? '',
        },
      ],
      ['a refresh token', { grant_type: 'refresh_token', refresh_token: 'x\u0000' }],
    ])('answers the token endpoint %s holding a NUL with 400', async (_name, form) => {
      const response = await fetch(`${server.url}/oidc/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${WIKI.client_id}:${WIKI.client_secret}`).toString('base64')}`,
        },
        body: new URLSearchParams(form).toString(),
      });
      expect(response.status).toBe(400);
    });

    it('answers a client id holding a NUL as an unknown client, 401', async () => {
      const response = await fetch(`${server.url}/oidc/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: 'x\u0000',
          client_secret: 'y',
          grant_type: 'client_credentials',
        }).toString(),
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: 'invalid_client' });
    });

    it('answers the revocation of a token holding a NUL as of an unknown token, 200 (RFC 7009)', async () => {
      const response = await fetch(`${server.url}/oidc/token/revocation`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: WIKI.client_id,
          client_secret: WIKI.client_secret,
          token: 'x\u0000',
        }).toString(),
      });
      expect(response.status).toBe(200);
    });
  });
});
