import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { failureBound } from '../../../testing/failure-bound.js';
import { waitFor } from '../../../testing/wait-for.js';
import { runHousekeeping } from '../../src/housekeeping/run-housekeeping.js';
import type {
  WebhooksDeliveriesQueryVariables,
  WebhooksDeliveryFieldsFragment,
} from '../generated/graphql.js';
import { graphql } from '../generated/index.js';
import { databaseBackends } from '../support/each-database.js';
import { errorCode, TestClient, testAccount } from '../support/graphql-client.js';
import { metricsOf } from '../support/metrics-of.js';
import { sampleValue } from '../support/parse-prometheus-text.js';
import { signedIn } from '../support/signed-in.js';
import { captureLogs, startTestServer, type TestServer } from '../support/test-server.js';
import {
  newWebhookSecret,
  type ReceivedWebhook,
  startWebhookReceiver,
  type WebhookReceiver,
  webhooksEnv,
} from '../support/webhook-receiver.js';

/** Failure bound only: every wait ends on the event it waits for. */
const BOUND_MS = failureBound(15_000);

// What the console shows of a delivery: the documents below spread it.
graphql(`
  fragment WebhooksDeliveryFields on WebhookDelivery {
    id endpoint eventType webhookId status attempts lastAttemptAt lastStatusCode nextAttemptAt
    createdAt
  }
`);

type Delivery = WebhooksDeliveryFieldsFragment;

const DELIVERIES = graphql(`
  query WebhooksDeliveries($first: Int, $after: String, $status: WebhookDeliveryStatus) {
    admin {
      webhookDeliveries(first: $first, after: $after, status: $status) {
        edges { cursor node { ...WebhooksDeliveryFields } }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
`);

const deliveries = (client: TestClient, args: WebhooksDeliveriesQueryVariables = {}) =>
  client.request(DELIVERIES, args);

const RESEND = graphql(`
  mutation WebhooksResend($id: ID!) {
    resendWebhook(deliveryId: $id) { ...WebhooksDeliveryFields }
  }
`);

const resend = (client: TestClient, deliveryId: string) =>
  client.request(RESEND, { id: deliveryId });

const LINK_STATEMENT = graphql(`
  query WebhooksLinkStatement {
    me { linkStatement }
  }
`);

const RESENT_AUDIT = graphql(`
  query WebhooksResentAudit {
    admin { auditLog(action: "webhook_resent") { edges { node { action actorId detail } } } }
  }
`);

const attemptsOf = async (server: TestServer, webhookId: string) =>
  Number(
    (
      await server.services.db
        .selectFrom('webhook_deliveries')
        .select('attempts')
        .where('webhook_id', '=', webhookId)
        .executeTakeFirst()
    )?.attempts ?? 0,
  );

const ofType = (receiver: WebhookReceiver, type: string) =>
  receiver.delivered().filter((message) => message.type === type);

describe.each(databaseBackends)('webhooks on $name', (backend) => {
  describe.skipIf(!backend.available)(backend.name, () => {
    let receiver: WebhookReceiver;
    let server: TestServer;

    beforeAll(async () => {
      receiver = await startWebhookReceiver();
      server = await startTestServer({
        database: backend.kind,
        metrics: true,
        env: {
          WEBHOOKS: webhooksEnv([{ id: 'crm', url: receiver.url, secret: receiver.secret }]),
        },
      });
    });
    afterAll(async () => {
      await server?.close();
      await receiver?.close();
    });
    afterEach(() => {
      receiver.answer = () => 200;
    });

    it('sends account.created then session.created for a first sign-in, signed and verifiable', async () => {
      const before = receiver.received.length;
      const { accountId, sessionId } = await signedIn(server, 0);
      await waitFor(() => receiver.received.length >= before + 2, BOUND_MS);
      const [created, session] = receiver.received.slice(before) as ReceivedWebhook[];
      for (const message of [created, session]) {
        expect(message?.verified).toBe(true);
        expect(message?.id).toMatch(/^msg_/);
      }
      const byType = new Map(receiver.received.slice(before).map((m) => [m.type, m]));
      expect(byType.get('account.created')?.data).toEqual({
        accountId,
        address: testAccount(0).address,
        walletKind: 'EOA',
        chainId: 31337,
        namespace: 'eip155',
        chain: 'eip155:31337',
      });
      expect(byType.get('session.created')?.data).toEqual({
        accountId,
        sessionId,
        method: 'wallet',
        address: testAccount(0).address,
        chainId: 31337,
        walletKind: 'EOA',
        namespace: 'eip155',
        chain: 'eip155:31337',
      });
      const body = JSON.parse(byType.get('session.created')?.body ?? '{}');
      expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);
    });

    it('sends only session.created for a later sign-in, and session.ended signed_out for a sign-out', async () => {
      const before = receiver.received.length;
      const { client, accountId, sessionId } = await signedIn(server, 0);
      await waitFor(() => receiver.received.length >= before + 1, BOUND_MS);
      expect(receiver.received.slice(before).map((m) => m.type)).toEqual(['session.created']);

      expect((await client.request('mutation { signOut }')).errors).toBeUndefined();
      await waitFor(() => receiver.received.length >= before + 2, BOUND_MS);
      const ended = receiver.received[before + 1];
      expect(ended?.verified).toBe(true);
      expect(ended?.type).toBe('session.ended');
      expect(ended?.data).toEqual({ accountId, sessionId, reason: 'signed_out' });
    });

    it('retries after a 500 with the same webhook-id and a fresh timestamp and signature', async () => {
      receiver.answer = (message) =>
        receiver.received.filter((m) => m.id === message.id).length === 1 ? 500 : 200;
      const before = receiver.received.length;
      await signedIn(server, 0);
      await waitFor(() => receiver.received.length >= before + 1, BOUND_MS);
      const first = receiver.received[before] as ReceivedWebhook;
      expect(first.answered).toBe(500);
      // The failed attempt is recorded before the next is scheduled 5 s later (WEBHOOK_RETRY_DELAYS).
      await waitFor(async () => (await attemptsOf(server, first.id)) >= 1, BOUND_MS);
      await server.services.webhooks.wake();
      expect(receiver.received.length).toBe(before + 1);

      server.clock.advance(5_000);
      await server.services.webhooks.wake();
      await waitFor(() => receiver.received.length >= before + 2, BOUND_MS);
      const second = receiver.received[before + 1] as ReceivedWebhook;
      expect(second.id).toBe(first.id);
      expect(second.body).toBe(first.body);
      expect(Number(second.timestamp) - Number(first.timestamp)).toBe(5);
      expect(second.signature).not.toBe(first.signature);
      expect(second.verified).toBe(true);
      await waitFor(() => second.answered === 200, BOUND_MS);
      await server.services.webhooks.idle();

      const metrics = await metricsOf(server);
      const count = (outcome: string) =>
        sampleValue(metrics, 'sigil_webhook_deliveries_total', { endpoint: 'crm', outcome });
      expect(count('retry')).toBe(1);
      // Two messages from the first sign-in, two from the second, and this one.
      expect(count('delivered')).toBe(5);
    });
  });
});

describe('webhooks: endpoints, failures and the console', () => {
  const admin = testAccount(0);
  let crm: WebhookReceiver;
  let audit: WebhookReceiver;
  let server: TestServer;
  let logs: ReturnType<typeof captureLogs>;

  beforeAll(async () => {
    crm = await startWebhookReceiver();
    audit = await startWebhookReceiver();
    logs = captureLogs('warn');
    server = await startTestServer({
      logger: logs.logger,
      metrics: true,
      env: {
        ADMIN_ADDRESSES: admin.address,
        WEBHOOK_RETRY_DELAYS: '1s,2s',
        WEBHOOKS: webhooksEnv([
          { id: 'crm', url: crm.url, secret: crm.secret },
          {
            id: 'audit',
            url: audit.url,
            secret: audit.secret,
            events: ['session.ended', 'wallet.unlinked'],
          },
        ]),
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await crm?.close();
    await audit?.close();
  });
  afterEach(() => {
    crm.answer = () => 200;
    audit.answer = () => 200;
  });

  it('sends an endpoint only the types it lists', async () => {
    const { client, sessionId } = await signedIn(server, 1);
    expect((await client.request('mutation { signOut }')).errors).toBeUndefined();
    await waitFor(
      () => ofType(crm, 'session.ended').some((m) => m.data.sessionId === sessionId),
      BOUND_MS,
    );
    await waitFor(() => audit.delivered().length >= 1, BOUND_MS);
    await server.services.webhooks.idle();
    expect(audit.received.map((m) => m.type)).toEqual(['session.ended']);
    expect(audit.received[0]?.data.sessionId).toBe(sessionId);
    expect(audit.received[0]?.verified).toBe(true);
    // Each endpoint's own secret signs its copy; the message is the same.
    const crmCopy = ofType(crm, 'session.ended').find((m) => m.data.sessionId === sessionId);
    expect(crmCopy?.id).toBe(audit.received[0]?.id);
    expect(crmCopy?.signature).not.toBe(audit.received[0]?.signature);
  });

  it('sends wallet.linked, then wallet.unlinked and session.ended wallet_unlinked for the sessions it started', async () => {
    const { client, accountId } = await signedIn(server, 0);
    const second = testAccount(2);
    const me = await client.request(LINK_STATEMENT);
    const linkStatement = me.data?.me?.linkStatement ?? '';
    const message = await client.prepareMessage(second, {
      statement: linkStatement,
      issuedAt: new Date(server.clock()).toISOString(),
    });
    const linked = await client.request(
      'mutation ($m: String!, $s: String!) { linkWallet(message: $m, signature: $s) { address } }',
      { m: message, s: await second.signMessage({ message }) },
    );
    expect(linked.errors).toBeUndefined();
    await waitFor(() => ofType(crm, 'wallet.linked').length >= 1, BOUND_MS);
    expect(ofType(crm, 'wallet.linked')[0]?.data).toEqual({
      accountId,
      address: second.address,
      kind: 'EOA',
      chainId: null,
      namespace: 'eip155',
      caip10: `eip155:1:${second.address}`,
    });

    // A session the linked wallet started ends with its unlinking.
    const viaSecond = await signedIn(server, 2);
    expect(viaSecond.accountId).toBe(accountId);
    const unlinked = await client.request('mutation ($a: Address!) { unlinkWallet(address: $a) }', {
      a: second.address,
    });
    expect(unlinked.errors).toBeUndefined();
    await waitFor(() => ofType(crm, 'wallet.unlinked').length >= 1, BOUND_MS);
    expect(ofType(crm, 'wallet.unlinked')[0]?.data).toEqual({
      accountId,
      address: second.address,
      kind: 'EOA',
      chainId: null,
      namespace: 'eip155',
      caip10: `eip155:1:${second.address}`,
    });
    await waitFor(
      () => ofType(crm, 'session.ended').some((m) => m.data.sessionId === viaSecond.sessionId),
      BOUND_MS,
    );
    expect(
      ofType(crm, 'session.ended').find((m) => m.data.sessionId === viaSecond.sessionId)?.data,
    ).toEqual({ accountId, sessionId: viaSecond.sessionId, reason: 'wallet_unlinked' });
    await waitFor(() => ofType(audit, 'wallet.unlinked').length >= 1, BOUND_MS);
  });

  it('marks a delivery FAILED after the last of WEBHOOK_RETRY_DELAYS, logging each failed attempt', async () => {
    crm.answer = () => 503;
    const before = crm.received.length;
    const { sessionId } = await signedIn(server, 1);
    const isOurs = (m: ReceivedWebhook) => m.data.sessionId === sessionId;
    const attemptsSeen = () => crm.received.slice(before).filter(isOurs).length;
    const row = () =>
      server.services.db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('endpoint', '=', 'crm')
        .where('event_type', '=', 'session.created')
        .where('payload', 'like', `%${sessionId}%`)
        .executeTakeFirstOrThrow();
    for (const [attempt, delaySeconds] of [
      [1, 1],
      [2, 2],
    ] as const) {
      await waitFor(() => attemptsSeen() >= attempt, BOUND_MS);
      await server.services.webhooks.idle();
      expect(await row()).toMatchObject({
        status: 'PENDING',
        attempts: attempt,
        last_status_code: 503,
      });
      server.clock.advance(delaySeconds * 1000);
      await server.services.webhooks.wake();
    }
    await waitFor(() => attemptsSeen() >= 3, BOUND_MS);
    await server.services.webhooks.idle();
    expect(await row()).toMatchObject({
      status: 'FAILED',
      attempts: 3,
      next_attempt_at: null,
      locked_until: null,
    });
    const webhookId = (await row()).webhook_id;
    const warnings = logs
      .records()
      .filter((line) => line.webhookId === webhookId && line.endpoint === 'crm');
    expect(warnings).toHaveLength(3);
    expect(warnings.map((line) => line.statusCode)).toEqual([503, 503, 503]);
    // No more attempts, however far the clock moves.
    server.clock.advance(3_600_000);
    await server.services.webhooks.wake();
    await server.services.webhooks.idle();
    expect(attemptsSeen()).toBe(3);
    const metrics = await metricsOf(server);
    expect(
      sampleValue(metrics, 'sigil_webhook_deliveries_total', {
        endpoint: 'crm',
        outcome: 'failed',
      }),
    ).toBe(1);
  });

  it('lists deliveries newest first with cursors and a status filter; resends one with the same webhook-id', async () => {
    const { client, accountId: adminAccountId } = await signedIn(server, 0);
    await server.services.webhooks.idle();
    const all = await deliveries(client, { first: 100 });
    expect(all.errors).toBeUndefined();
    const nodes = all.data?.admin?.webhookDeliveries.edges.map((e) => e.node) ?? [];
    expect(nodes.length).toBeGreaterThan(3);

    const pages: Delivery[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await deliveries(client, { first: 2, ...(after && { after }) });
      const connection = page.data?.admin?.webhookDeliveries;
      pages.push(...(connection?.edges.map((e) => e.node) ?? []));
      if (!connection?.pageInfo.hasNextPage) break;
      after = connection.pageInfo.endCursor ?? undefined;
    }
    expect(pages.map((d) => d.id)).toEqual(nodes.map((d) => d.id));

    const failed = await deliveries(client, { status: 'FAILED' });
    const failedNodes = failed.data?.admin?.webhookDeliveries.edges.map((e) => e.node) ?? [];
    expect(failedNodes.length).toBe(1);
    const original = failedNodes[0] as Delivery;
    expect(original).toMatchObject({ endpoint: 'crm', eventType: 'session.created', attempts: 3 });

    const resent = await resend(client, original.id);
    expect(resent.errors).toBeUndefined();
    expect(resent.data?.resendWebhook).toMatchObject({
      endpoint: 'crm',
      webhookId: original.webhookId,
      eventType: 'session.created',
      attempts: 0,
    });
    expect(resent.data?.resendWebhook.id).not.toBe(original.id);
    await waitFor(() => crm.delivered().some((m) => m.id === original.webhookId), BOUND_MS);
    await server.services.webhooks.idle();
    const newest = (await deliveries(client, { first: 100 })).data?.admin?.webhookDeliveries.edges
      .map((e) => e.node)
      .find((d) => d.id === resent.data?.resendWebhook.id);
    expect(newest).toMatchObject({ status: 'DELIVERED', attempts: 1, lastStatusCode: 200 });

    // The resend is in the audit log, with the administrator who made it.
    const audit = await client.request(RESENT_AUDIT);
    expect(audit.data?.admin?.auditLog.edges.map((e) => e.node)).toMatchObject([
      { action: 'webhook_resent', actorId: adminAccountId },
    ]);
    expect(JSON.parse(audit.data?.admin?.auditLog.edges[0]?.node.detail ?? '{}')).toMatchObject({
      deliveryId: original.id,
    });

    expect(errorCode(await resend(client, '00000000-0000-4000-8000-000000000000'))).toBe(
      'NOT_FOUND',
    );
    expect(errorCode(await resend(client, 'not an id'))).toBe('BAD_USER_INPUT');
    expect(errorCode(await deliveries(client, { after: 'garbage' }))).toBe('BAD_USER_INPUT');
    expect(errorCode(await deliveries(client, { first: 1000 }))).toBe('BAD_USER_INPUT');
  });

  it('answers FORBIDDEN to a non-administrator and UNAUTHENTICATED without a session', async () => {
    const { client } = await signedIn(server, 1);
    expect(errorCode(await deliveries(client))).toBe('FORBIDDEN');
    expect(errorCode(await resend(client, '00000000-0000-4000-8000-000000000000'))).toBe(
      'FORBIDDEN',
    );
    const anonymous = new TestClient(server);
    expect(errorCode(await resend(anonymous, '00000000-0000-4000-8000-000000000000'))).toBe(
      'UNAUTHENTICATED',
    );
  });

  it('a hung endpoint neither delays sign-in nor stalls another endpoint', async () => {
    audit.answer = () => 'hold';
    crm.answer = () => 200;
    // Session.ended goes to both; the audit endpoint holds every request.
    const ends: string[] = [];
    for (let i = 0; i < 6; i++) {
      const { client, sessionId } = await signedIn(server, 1);
      expect((await client.request('mutation { signOut }')).errors).toBeUndefined();
      ends.push(sessionId);
      if (i === 0) await waitFor(() => audit.held() >= 1, BOUND_MS);
    }
    // Every sign-in and sign-out above completed while the first request was held.
    const firstHeld = audit.received.find((m) => m.data.sessionId === ends[0]);
    expect(firstHeld?.answered).toBeNull();
    expect(audit.held()).toBeGreaterThanOrEqual(1);
    // The other endpoint received every message meanwhile.
    await waitFor(
      () =>
        ends.every((sessionId) =>
          ofType(crm, 'session.ended').some((m) => m.data.sessionId === sessionId),
        ),
      BOUND_MS,
    );
    // At most four attempts in flight to one endpoint: the others wait their turn.
    expect(audit.held()).toBeLessThanOrEqual(4);
    audit.answer = () => 200;
    audit.release(200);
    await waitFor(
      () =>
        ends.every((sessionId) =>
          ofType(audit, 'session.ended').some((m) => m.data.sessionId === sessionId),
        ),
      BOUND_MS,
    );
  });

  it('reports the age of the oldest pending message', async () => {
    crm.answer = () => 500;
    await signedIn(server, 1);
    await waitFor(() => crm.received.at(-1)?.answered === 500, BOUND_MS);
    await server.services.webhooks.idle();
    server.clock.advance(90_000);
    const age = sampleValue(await metricsOf(server), 'sigil_webhook_oldest_pending_seconds', {});
    expect(age).toBeGreaterThanOrEqual(90);
    crm.answer = () => 200;
    await server.services.webhooks.wake();
    await waitFor(() => crm.received.at(-1)?.answered === 200, BOUND_MS);
    await server.services.webhooks.idle();
    expect(sampleValue(await metricsOf(server), 'sigil_webhook_oldest_pending_seconds', {})).toBe(
      0,
    );
  });
});

describe('webhooks: receiver down, then up', () => {
  it('delivers once the receiver comes back', async () => {
    const down = await startWebhookReceiver();
    const { port, secret } = down;
    await down.close();
    const server = await startTestServer({
      env: {
        WEBHOOKS: webhooksEnv([
          {
            id: 'late',
            url: `http://127.0.0.1:${port}/hooks`,
            secret,
            events: ['session.created'],
          },
        ]),
      },
    });
    try {
      const { sessionId } = await signedIn(server, 0);
      const row = () =>
        server.services.db.selectFrom('webhook_deliveries').selectAll().executeTakeFirstOrThrow();
      // The first attempt is refused and recorded.
      await waitFor(async () => (await row()).attempts >= 1, BOUND_MS);
      await server.services.webhooks.idle();
      expect(await row()).toMatchObject({ status: 'PENDING', attempts: 1, last_status_code: null });
      expect((await row()).last_error).toBeTruthy();

      const up = await startWebhookReceiver({ secret, port });
      try {
        server.clock.advance(5_000);
        await server.services.webhooks.wake();
        await waitFor(() => up.delivered().length === 1, BOUND_MS);
        expect(up.delivered()[0]).toMatchObject({ type: 'session.created', verified: true });
        expect(up.delivered()[0]?.data.sessionId).toBe(sessionId);
        await server.services.webhooks.idle();
        expect(await row()).toMatchObject({ status: 'DELIVERED', attempts: 2 });
      } finally {
        await up.close();
      }
    } finally {
      await server.close();
    }
  });
});

describe('webhooks: housekeeping', () => {
  it('deletes delivered messages stored over 30 days ago, and keeps the rest', async () => {
    const server = await startTestServer({
      env: {
        WEBHOOKS: webhooksEnv([
          { id: 'crm', url: 'http://127.0.0.1:9/hooks', secret: newWebhookSecret() },
        ]),
      },
    });
    try {
      const now = server.clock();
      const day = 86_400_000;
      const row = (id: string, status: 'DELIVERED' | 'FAILED' | 'PENDING', ageDays: number) => ({
        id,
        endpoint: 'crm',
        event_type: 'session.created',
        webhook_id: `msg_${id.slice(-8)}`,
        payload: '{}',
        status,
        attempts: 1,
        // Not due: the dispatcher leaves these rows alone.
        next_attempt_at: status === 'PENDING' ? now + day : null,
        last_attempt_at: null,
        last_status_code: null,
        last_error: null,
        locked_until: null,
        created_at: now - ageDays * day,
      });
      const ids = {
        oldDelivered: '00000000-0000-4000-8000-000000000001',
        recentDelivered: '00000000-0000-4000-8000-000000000002',
        oldFailed: '00000000-0000-4000-8000-000000000003',
        oldPending: '00000000-0000-4000-8000-000000000004',
      };
      await server.services.db
        .insertInto('webhook_deliveries')
        .values([
          row(ids.oldDelivered, 'DELIVERED', 31),
          row(ids.recentDelivered, 'DELIVERED', 29),
          row(ids.oldFailed, 'FAILED', 60),
          row(ids.oldPending, 'PENDING', 60),
        ])
        .execute();
      const report = await runHousekeeping(server.services);
      expect(report.webhook_deliveries).toBe(1);
      const left = await server.services.db
        .selectFrom('webhook_deliveries')
        .select('id')
        .orderBy('id')
        .execute();
      expect(left.map((r) => r.id)).toEqual([ids.recentDelivered, ids.oldFailed, ids.oldPending]);
    } finally {
      await server.close();
    }
  });
});

describe('webhooks: no endpoints', () => {
  it('stores nothing', async () => {
    const server = await startTestServer();
    try {
      await signedIn(server, 0);
      const rows = await server.services.db.selectFrom('webhook_deliveries').selectAll().execute();
      expect(rows).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
