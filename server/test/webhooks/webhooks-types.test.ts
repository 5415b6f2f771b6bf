import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureBound } from '../../../testing/failure-bound.js';
import { waitFor } from '../../../testing/wait-for.js';
import { graphql } from '../generated/index.js';
import { FakeAuthenticator } from '../support/fake-authenticator.js';
import { TestClient } from '../support/graphql-client.js';
import {
  answerInteraction,
  browserSignedInAs,
  discoverAs,
  interactionUid,
  OIDC_CLIENTS,
  startAuthorization,
  WIKI,
} from '../support/oidc-relying-party.js';
import { type SignedIn, signedIn } from '../support/signed-in.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import {
  type ReceivedWebhook,
  startWebhookReceiver,
  type WebhookReceiver,
  webhooksEnv,
} from '../support/webhook-receiver.js';

const END_SESSIONS = graphql(`
  mutation WebhooksTypesEndSessions($id: ID!) {
    endSessions(accountId: $id)
  }
`);

/**
 * Every message type (docs/webhooks.md, "Types") from the change that sends
 * it, made through the API as a person or an administrator makes it, read by
 * a real receiver that verifies each signature.
 */
const BOUND_MS = failureBound(15_000);
const newKey = () => privateKeyToAccount(generatePrivateKey());

describe('webhook message types', () => {
  const adminKey = newKey();
  const friendKey = newKey();
  let receiver: WebhookReceiver;
  let server: TestServer;
  let admin: SignedIn;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    server = await startTestServer({
      env: {
        ADMIN_ADDRESSES: adminKey.address,
        OIDC_CLIENTS,
        // An allowlist needs no chain: a sign-in of this key changes its roles.
        ACCESS_RULES: JSON.stringify([
          { role: 'friend', any: [{ type: 'allowlist', addresses: [friendKey.address] }] },
        ]),
        WEBHOOKS: webhooksEnv([{ id: 'crm', url: receiver.url, secret: receiver.secret }]),
      },
    });
    admin = await signedIn(server, adminKey);
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  /** Waits for the verified message of `type` whose data matches `where`, and answers it. */
  async function message(type: string, where: Record<string, unknown>): Promise<ReceivedWebhook> {
    const find = () =>
      receiver
        .delivered()
        .find(
          (m) =>
            m.type === type && Object.entries(where).every(([key, value]) => m.data[key] === value),
        );
    await waitFor(() => find() !== undefined, BOUND_MS);
    const found = find() as ReceivedWebhook;
    expect(found.verified).toBe(true);
    return found;
  }

  it('passkey.added, session.created with method passkey, passkey.removed then session.ended passkey_removed', async () => {
    const owner = await signedIn(server, newKey());
    const authenticator = new FakeAuthenticator(server.origin);
    type Challenge = { id: string; optionsJSON: string };
    const begun = await owner.client.request<{ beginPasskeyRegistration: Challenge }>(
      'mutation { beginPasskeyRegistration { id optionsJSON } }',
    );
    const registration = begun.data?.beginPasskeyRegistration as Challenge;
    const added = await owner.client.request<{ addPasskey: { id: string } }>(
      'mutation ($c: ID!, $r: String!) { addPasskey(challengeId: $c, responseJSON: $r, name: "Laptop") { id } }',
      { c: registration.id, r: authenticator.register(registration.optionsJSON) },
    );
    const passkeyId = added.data?.addPasskey.id as string;
    const addedMessage = await message('passkey.added', { passkeyId });
    expect(addedMessage.data).toEqual({
      accountId: owner.accountId,
      passkeyId,
      name: 'Laptop',
      backedUp: true,
      authenticator: null,
    });

    const browser = new TestClient(server);
    const signInBegun = await browser.request<{ beginPasskeySignIn: Challenge }>(
      'mutation { beginPasskeySignIn { id optionsJSON } }',
    );
    const options = signInBegun.data?.beginPasskeySignIn as Challenge;
    const signIn = await browser.request<{ signInWithPasskey: { session: { id: string } } }>(
      'mutation ($c: ID!, $r: String!) { signInWithPasskey(challengeId: $c, responseJSON: $r) { session { id } } }',
      { c: options.id, r: authenticator.authenticate(options.optionsJSON) },
    );
    const sessionId = signIn.data?.signInWithPasskey.session.id as string;
    const created = await message('session.created', { sessionId });
    expect(created.data).toEqual({
      accountId: owner.accountId,
      sessionId,
      method: 'passkey',
      passkeyId,
      address: null,
      chainId: null,
      walletKind: null,
      namespace: null,
      chain: null,
    });

    await owner.client.request('mutation ($id: ID!) { removePasskey(id: $id) }', { id: passkeyId });
    const removed = await message('passkey.removed', { passkeyId });
    expect(removed.data).toEqual({ accountId: owner.accountId, passkeyId, by: owner.accountId });
    const ended = await message('session.ended', { sessionId });
    expect(ended.data).toEqual({
      accountId: owner.accountId,
      sessionId,
      reason: 'passkey_removed',
    });
  });

  it('session.ended revoked: a session revoked from another', async () => {
    const key = newKey();
    const first = await signedIn(server, key);
    const second = await signedIn(server, key);
    const revoked = await second.client.request('mutation ($id: ID!) { revokeSession(id: $id) }', {
      id: first.sessionId,
    });
    expect(revoked.errors).toBeUndefined();
    const ended = await message('session.ended', { sessionId: first.sessionId });
    expect(ended.data).toEqual({
      accountId: first.accountId,
      sessionId: first.sessionId,
      reason: 'revoked',
    });
  });

  it('app.authorized and app.revoked', async () => {
    const user = await signedIn(server, newKey());
    const browser = browserSignedInAs(server, user.client);
    const config = await discoverAs(server, WIKI);
    const authorization = await startAuthorization(browser, config, { scope: 'openid profile' });
    await answerInteraction(browser, interactionUid(authorization.location), 'confirm');
    expect((await message('app.authorized', { accountId: user.accountId })).data).toEqual({
      accountId: user.accountId,
      clientId: 'wiki',
    });

    const revoked = await user.client.request('mutation { revokeApp(clientId: "wiki") }');
    expect(revoked.errors).toBeUndefined();
    expect((await message('app.revoked', { accountId: user.accountId })).data).toEqual({
      accountId: user.accountId,
      clientId: 'wiki',
    });
  });

  it('roles.changed by the access rules', async () => {
    const friend = await signedIn(server, friendKey);
    const result = await friend.client.request('mutation { refreshAccess { checkedAt } }');
    expect(result.errors).toBeUndefined();
    expect((await message('roles.changed', { accountId: friend.accountId })).data).toEqual({
      accountId: friend.accountId,
      roles: ['friend'],
      granted: ['friend'],
      revoked: [],
    });
  });

  it('roles.changed by an administrator granting and revoking a role', async () => {
    const user = await signedIn(server, newKey());
    const granted = await admin.client.request(
      'mutation ($id: ID!) { grantRole(accountId: $id, role: "editor") { id } }',
      { id: user.accountId },
    );
    expect(granted.errors).toBeUndefined();
    const grant = await message('roles.changed', { accountId: user.accountId });
    expect(grant.data).toEqual({
      accountId: user.accountId,
      roles: ['editor'],
      granted: ['editor'],
      revoked: [],
    });
    const revoked = await admin.client.request(
      'mutation ($id: ID!) { revokeRole(accountId: $id, role: "editor") { id } }',
      { id: user.accountId },
    );
    expect(revoked.errors).toBeUndefined();
    await waitFor(
      () =>
        receiver
          .delivered()
          .some(
            (m) =>
              m.type === 'roles.changed' &&
              m.data.accountId === user.accountId &&
              (m.data.revoked as string[]).includes('editor'),
          ),
      BOUND_MS,
    );
  });

  it('account.suspended with session.ended suspended, then account.unsuspended', async () => {
    const user = await signedIn(server, newKey());
    const until = new Date(server.clock() + 86_400_000).toISOString();
    const suspended = await admin.client.request(
      'mutation ($id: ID!, $until: DateTime) { suspendAccount(id: $id, reason: "spam", until: $until) { id } }',
      { id: user.accountId, until },
    );
    expect(suspended.errors).toBeUndefined();
    expect((await message('account.suspended', { accountId: user.accountId })).data).toEqual({
      accountId: user.accountId,
      reason: 'spam',
      until,
      by: admin.accountId,
    });
    expect((await message('session.ended', { sessionId: user.sessionId })).data).toEqual({
      accountId: user.accountId,
      sessionId: user.sessionId,
      reason: 'suspended',
    });

    const lifted = await admin.client.request(
      'mutation ($id: ID!) { unsuspendAccount(id: $id) { id } }',
      { id: user.accountId },
    );
    expect(lifted.errors).toBeUndefined();
    expect((await message('account.unsuspended', { accountId: user.accountId })).data).toEqual({
      accountId: user.accountId,
      by: admin.accountId,
    });
  });

  it('session.ended revoked for each session an administrator ends', async () => {
    const key = newKey();
    const sessions = [await signedIn(server, key), await signedIn(server, key)];
    const ended = await admin.client.request(END_SESSIONS, {
      id: sessions[0]?.accountId as string,
    });
    expect(ended.data?.endSessions).toBe(2);
    for (const session of sessions) {
      expect((await message('session.ended', { sessionId: session.sessionId })).data).toEqual({
        accountId: session.accountId,
        sessionId: session.sessionId,
        reason: 'revoked',
      });
    }
  });
});
