import { createLocalJWKSet, jwtVerify } from 'jose';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveSuspension } from '../../src/accounts/suspension-store.js';
import { graphql } from '../generated/index.js';
import { databaseBackends } from '../support/each-database.js';
import { errorCode } from '../support/graphql-client.js';
import { WIKI } from '../support/oidc-relying-party.js';
import { type SignedIn, signedIn } from '../support/signed-in.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import {
  startWebhookReceiver,
  type WebhookReceiver,
  webhooksEnv,
} from '../support/webhook-receiver.js';

const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

/** A public client allowed the device grant, as docs/oidc.md's example configures one. */
const TV = {
  client_id: 'tv-app',
  client_name: 'Living-room TV',
  grant_types: [DEVICE_GRANT, 'refresh_token'],
};

const DEVICE_LOGIN = graphql(`
  query DeviceFlowLookup($code: String!) {
    deviceLogin(userCode: $code) { userCode clientId name scopes requestedAt expiresAt }
  }
`);

const APPROVE = graphql(`
  mutation DeviceFlowApprove($code: String!) {
    approveDeviceLogin(userCode: $code) { clientId }
  }
`);

const DENY = graphql(`
  mutation DeviceFlowDeny($code: String!) {
    denyDeviceLogin(userCode: $code) { clientId }
  }
`);

const CONNECTED_APPS = graphql(`
  query DeviceFlowConnectedApps {
    me { connectedApps { clientId name scopes } }
  }
`);

const REVOKE_TV = graphql(`
  mutation DeviceFlowRevokeTv {
    revokeApp(clientId: "tv-app")
  }
`);

type DeviceAuthorization = {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
};

type TokenAnswer = {
  error?: string;
  access_token?: string;
  id_token?: string;
  refresh_token?: string;
};

const newKey = () => privateKeyToAccount(generatePrivateKey());

/**
 * Device login (docs/oidc.md, "Device login"; RFC 8628) against the real
 * server: the device asks for a code and polls the token endpoint over HTTP
 * as any device would, and a signed-in wallet answers through the GraphQL
 * fields Sigil's `/device` page calls.
 */
describe.each(databaseBackends)('device login on $name', ({ name, kind, available }) => {
  describe.skipIf(!available)(name, () => {
    let server: TestServer;
    let person: SignedIn;
    let receiver: WebhookReceiver;

    beforeAll(async () => {
      receiver = await startWebhookReceiver();
      const endpoint = { id: 'crm', url: receiver.url, secret: receiver.secret };
      server = await startTestServer({
        database: kind,
        env: {
          OIDC_CLIENTS: JSON.stringify([WIKI, TV]),
          WEBHOOKS: webhooksEnv([{ ...endpoint, events: ['app.authorized'] }]),
        },
      });
      person = await signedIn(server, newKey());
    });
    afterAll(async () => {
      await server?.close();
      await receiver?.close();
    });

    async function form(path: string, fields: Record<string, string>, basic?: string) {
      const response = await fetch(`${server.url}/oidc${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(basic && { authorization: `Basic ${Buffer.from(basic).toString('base64')}` }),
        },
        body: new URLSearchParams(fields),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    }

    async function askForCode(scope = 'openid profile wallets roles offline_access') {
      const answer = await form('/device/auth', { client_id: TV.client_id, scope });
      expect(answer.status).toBe(200);
      return answer.body as DeviceAuthorization;
    }

    async function poll(code: DeviceAuthorization) {
      const answer = await form('/token', {
        grant_type: DEVICE_GRANT,
        device_code: code.device_code,
        client_id: TV.client_id,
      });
      return { status: answer.status, body: answer.body as TokenAnswer };
    }

    async function auditActions(accountId: string) {
      const rows = await server.services.db
        .selectFrom('audit_events')
        .select(['action', 'detail'])
        .where('account_id', '=', accountId)
        .execute();
      return rows.map((row) => ({ action: row.action, detail: JSON.parse(row.detail ?? 'null') }));
    }

    it('publishes the device authorization endpoint in discovery', async () => {
      const response = await fetch(`${server.url}/oidc/.well-known/openid-configuration`);
      const discovery = (await response.json()) as Record<string, unknown>;
      expect(discovery.device_authorization_endpoint).toBe(`${server.origin}/oidc/device/auth`);
      expect(discovery.grant_types_supported).toContain(DEVICE_GRANT);
    });

    it("answers a code of 8 consonants shown XXXX-XXXX, and links to Sigil's /device page", async () => {
      const code = await askForCode();
      expect(code.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
      expect(code.verification_uri).toBe(`${server.origin}/device`);
      expect(code.verification_uri_complete).toBe(`${server.origin}/device?code=${code.user_code}`);
      expect(code.expires_in).toBe(600);
      expect(code.interval).toBe(5);
    });

    it('sends a browser that opens the provider’s own page on to /device, and refuses a form posted there', async () => {
      const response = await fetch(`${server.url}/oidc/device?user_code=WDJB-MJHT`, {
        redirect: 'manual',
      });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(`${server.origin}/device?code=WDJB-MJHT`);
      const posted = await form('/device', { user_code: 'WDJB-MJHT', confirm: 'yes' });
      expect(posted.status).toBe(404);
      expect(posted.body.error).toBe('invalid_request');
    });

    it('refuses the grant with unauthorized_client to a client whose entry does not list it', async () => {
      const asked = await form(
        '/device/auth',
        { scope: 'openid' },
        `${WIKI.client_id}:${WIKI.client_secret}`,
      );
      expect(asked.status).toBe(400);
      expect(asked.body.error).toBe('unauthorized_client');
      const polled = await form(
        '/token',
        { grant_type: DEVICE_GRANT, device_code: 'anything' },
        `${WIKI.client_id}:${WIKI.client_secret}`,
      );
      expect(polled.status).toBe(400);
      expect(polled.body.error).toBe('unauthorized_client');
    });

    it('answers authorization_pending, then slow_down to a device polling sooner than the interval', async () => {
      const code = await askForCode();
      expect((await poll(code)).body.error).toBe('authorization_pending');
      const tooSoon = await poll(code);
      expect(tooSoon.status).toBe(400);
      expect(tooSoon.body.error).toBe('slow_down');
    });

    it('shows the request to the page, reading the code without regard to case, dashes or spaces', async () => {
      const code = await askForCode('openid wallets');
      const typed = ` ${code.user_code.toLowerCase().replace('-', ' ')} `;
      const found = await person.client.request(DEVICE_LOGIN, { code: typed });
      expect(found.errors).toBeUndefined();
      expect(found.data?.deviceLogin).toMatchObject({
        userCode: code.user_code,
        clientId: 'tv-app',
        name: 'Living-room TV',
        scopes: ['openid', 'wallets'],
      });
      const { requestedAt, expiresAt } = found.data?.deviceLogin ?? {};
      expect(Date.parse(String(expiresAt)) - Date.parse(String(requestedAt))).toBe(600_000);
    });

    it('gives the device the tokens every Sigil app receives once the person approves; the app is connected and audited', async () => {
      const code = await askForCode();
      expect((await poll(code)).body.error).toBe('authorization_pending');
      const approved = await person.client.request(APPROVE, { code: code.user_code });
      expect(approved.errors).toBeUndefined();

      const tokens = await poll(code);
      expect(tokens.status).toBe(200);
      const jwks = createLocalJWKSet(
        (await (await fetch(`${server.url}/oidc/jwks`)).json()) as { keys: [] },
      );
      const { payload } = await jwtVerify(String(tokens.body.id_token), jwks, {
        issuer: `${server.origin}/oidc`,
        audience: 'tv-app',
      });
      expect(payload.sub).toBe(person.accountId);
      const userinfo = await fetch(`${server.url}/oidc/me`, {
        headers: { authorization: `Bearer ${tokens.body.access_token}` },
      });
      const claims = (await userinfo.json()) as Record<string, unknown>;
      expect(claims.sub).toBe(person.accountId);
      expect(claims.wallets).toEqual([expect.stringMatching(/^eip155:1:0x/)]);
      expect(claims.roles).toEqual([]);
      expect(tokens.body.refresh_token).toEqual(expect.any(String));

      const apps = await person.client.request(CONNECTED_APPS);
      expect(apps.data?.me?.connectedApps).toEqual([
        {
          clientId: 'tv-app',
          name: 'Living-room TV',
          scopes: expect.arrayContaining(['openid', 'wallets', 'roles', 'offline_access']),
        },
      ]);
      const actions = await auditActions(person.accountId);
      expect(actions).toContainEqual({
        action: 'oidc_device_approved',
        detail: {
          clientId: 'tv-app',
          scopes: ['openid', 'profile', 'wallets', 'roles', 'offline_access'],
        },
      });
      expect(actions.map((a) => a.action)).toContain('app_authorized');
      // The consent's webhook, as for any app's consent.
      await expect
        .poll(() => receiver.delivered().map(({ type, data }) => ({ type, data })))
        .toContainEqual({
          type: 'app.authorized',
          data: { accountId: person.accountId, clientId: 'tv-app' },
        });

      // A code is used once: approved, it is no longer shown, nor redeemed again.
      const again = await person.client.request(APPROVE, { code: code.user_code });
      expect(errorCode(again)).toBe('DEVICE_CODE_INVALID');
      expect(again.errors?.[0]?.message).toBe('This code is not valid or has expired.');

      // Revoked under connected apps, the device's refresh token stops working.
      const revoked = await person.client.request(REVOKE_TV);
      expect(revoked.data?.revokeApp).toBe(true);
      const refreshed = await form('/token', {
        grant_type: 'refresh_token',
        refresh_token: String(tokens.body.refresh_token),
        client_id: TV.client_id,
      });
      expect(refreshed.status).toBe(400);
      expect(refreshed.body.error).toBe('invalid_grant');
      expect((await poll(code)).body.error).toBe('invalid_grant');
    });

    it('answers access_denied once the person denies, and records the denial', async () => {
      const code = await askForCode();
      const denied = await person.client.request(DENY, { code: code.user_code });
      expect(denied.errors).toBeUndefined();
      const answer = await poll(code);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe('access_denied');
      expect(await auditActions(person.accountId)).toContainEqual({
        action: 'oidc_device_denied',
        detail: { clientId: 'tv-app' },
      });
      const approved = await person.client.request(APPROVE, { code: code.user_code });
      expect(errorCode(approved)).toBe('DEVICE_CODE_INVALID');
    });

    it('answers expired_token past DEVICE_CODE_TTL, and the page no longer finds the code', async () => {
      const code = await askForCode();
      // The provider keeps its own time (Date.now): the test moves it.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      try {
        vi.setSystemTime(Date.now() + (code.expires_in + 1) * 1000);
        const answer = await poll(code);
        expect(answer.status).toBe(400);
        expect(answer.body.error).toBe('expired_token');
        const found = await person.client.request(DEVICE_LOGIN, { code: code.user_code });
        expect(errorCode(found)).toBe('DEVICE_CODE_INVALID');
      } finally {
        vi.useRealTimers();
      }
    });

    it('refuses a suspended account, and leaves the code to be answered', async () => {
      const suspended = await signedIn(server, newKey());
      await saveSuspension(server.services.db, {
        account_id: suspended.accountId,
        reason: 'spam',
        at: server.clock(),
        until: null,
        by: null,
      });
      const code = await askForCode();
      const approved = await suspended.client.request(APPROVE, { code: code.user_code });
      expect(errorCode(approved)).toBe('ACCOUNT_SUSPENDED');
      const still = await person.client.request(DEVICE_LOGIN, { code: code.user_code });
      expect(still.data?.deviceLogin.clientId).toBe('tv-app');
      expect((await auditActions(suspended.accountId)).map((a) => a.action)).not.toContain(
        'oidc_device_approved',
      );
    });

    it('answers RATE_LIMITED with retryAfterSeconds after 5 wrong codes a minute from one address, the right code too', async () => {
      // A minute of its own: the wrong codes of the tests above are in the last one.
      server.clock.advance(60_000);
      const code = await askForCode();
      for (const wrong of ['BBBB-BBBB', 'CCCC-CCCC', 'not a code', 'DDDD-DDDD', 'FFFF-FFFF']) {
        const answer = await person.client.request(DEVICE_LOGIN, { code: wrong });
        expect(errorCode(answer)).toBe('DEVICE_CODE_INVALID');
      }
      const sixth = await person.client.request(DEVICE_LOGIN, { code: 'GGGG-GGGG' });
      expect(errorCode(sixth)).toBe('RATE_LIMITED');
      expect(sixth.errors?.[0]?.extensions?.retryAfterSeconds).toEqual(expect.any(Number));
      const right = await person.client.request(APPROVE, { code: code.user_code });
      expect(errorCode(right)).toBe('RATE_LIMITED');

      server.clock.advance(60_000);
      const later = await person.client.request(APPROVE, { code: code.user_code });
      expect(later.errors).toBeUndefined();
    });
  });
});
