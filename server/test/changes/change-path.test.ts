import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findOrCreateAccountForWallet } from '../../src/accounts/account-store.js';
import { setWalletVisibility } from '../../src/accounts/set-wallet-visibility.js';
import { walletIdentity } from '../../src/accounts/wallet-identity.js';
import { auditConsumer } from '../../src/audit/audit-consumer.js';
import type { Change } from '../../src/changes/change.js';
import { type ChangeCommitter, createChangeCommitter } from '../../src/changes/change-committer.js';
import { webhookEndpoint } from '../../src/config/webhook-endpoint.js';
import {
  type AccountEventMessage,
  type AccountEvents,
  createAccountEvents,
} from '../../src/events/account-events.js';
import { liveEventsConsumer } from '../../src/events/live-events-consumer.js';
import { noMetrics } from '../../src/metrics/metrics.js';
import { resendWebhook } from '../../src/webhooks/resend-webhook.js';
import { webhookConsumer } from '../../src/webhooks/webhook-consumer.js';
import {
  createWebhookDispatcher,
  type WebhookDispatcher,
} from '../../src/webhooks/webhook-dispatcher.js';
import { describeEachDatabase } from '../support/each-database.js';
import { testAccount } from '../support/graphql-client.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

/**
 * The path of a change (docs/architecture.md): each consumer app.ts
 * registers hears of a committed change, and none of one that rolled back.
 * A rollback is a change recorded and published, then the transaction throws.
 */
type SignOut = Extract<Change, { action: 'sign_out' }>;

const signOut = (accountId: string): SignOut => ({
  action: 'sign_out',
  accountId,
  sessionId: randomUUID(),
});

const signedOutEvent = (change: SignOut): AccountEventMessage => ({
  type: 'SIGNED_OUT',
  at: Date.now(),
  accountId: change.accountId,
  actor: 'SELF',
  sessionId: change.sessionId,
});

class RolledBack extends Error {}

describeEachDatabase('the path of a change', (database) => {
  const logger = pino({ level: 'silent' });
  let receiver: WebhookReceiver;
  let events: AccountEvents;
  let dispatcher: WebhookDispatcher;
  let changes: ChangeCommitter<AccountEventMessage>;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    events = createAccountEvents({ logger });
    const endpoint = webhookEndpoint.parse({
      id: 'crm',
      url: receiver.url,
      secret: receiver.secret,
    });
    dispatcher = createWebhookDispatcher({
      db: database.store.db,
      dialect: database.store.dialect,
      clock: Date.now,
      config: { webhooks: [endpoint], webhookRetryDelaysSeconds: [1] },
      logger,
      metrics: noMetrics,
      // No poll within a test's time: only the wake after a commit sends.
      pollIntervalMs: 3_600_000,
    });
    await dispatcher.start();
    // As app.ts composes it.
    changes = createChangeCommitter<AccountEventMessage>({
      db: database.store.db,
      logger,
      consumers: [
        auditConsumer(),
        webhookConsumer([endpoint], dispatcher),
        liveEventsConsumer(events),
      ],
    });
  });

  afterAll(async () => {
    await dispatcher?.stop(1000);
    await events?.close();
    await receiver?.close();
  });

  /** Records `change` and publishes its event; rolls back when asked, after both. */
  const commit = (change: SignOut, rollBack: boolean) =>
    changes.commit(async ({ record, publish }) => {
      await record({ at: Date.now(), actorId: null, ip: null, userAgent: null }, change);
      publish(signedOutEvent(change));
      if (rollBack) throw new RolledBack();
    });

  /** The same committer, but every transaction throws once the work is done: it rolls back whole. */
  const rollingBack: ChangeCommitter<AccountEventMessage> = {
    commit: (work) =>
      changes.commit(async (tx) => {
        await work(tx);
        throw new RolledBack();
      }),
  };

  const auditEventsOf = (accountId: string) =>
    database.store.db
      .selectFrom('audit_events')
      .select(['action', 'detail'])
      .where('account_id', '=', accountId)
      .execute();

  const deliveriesOf = async (sessionId: string) =>
    (
      await database.store.db
        .selectFrom('webhook_deliveries')
        .select(['event_type', 'payload'])
        .execute()
    ).filter((row) => row.payload.includes(sessionId));

  describe('audit log', () => {
    it('a committed change is audited', async () => {
      const change = signOut(randomUUID());
      await commit(change, false);
      const audited = await auditEventsOf(change.accountId);
      expect(audited).toEqual([
        { action: 'sign_out', detail: JSON.stringify({ sessionId: change.sessionId }) },
      ]);
    });

    it('a change that rolls back is not audited', async () => {
      const change = signOut(randomUUID());
      await expect(commit(change, true)).rejects.toBeInstanceOf(RolledBack);
      expect(await auditEventsOf(change.accountId)).toEqual([]);
    });
  });

  describe('webhooks', () => {
    it('a committed change is stored and sent at once, with no poll', async () => {
      const change = signOut(randomUUID());
      await commit(change, false);
      expect(await deliveriesOf(change.sessionId)).toHaveLength(1);
      await vi.waitFor(
        () => expect(receiver.received.map((m) => m.data.sessionId)).toContain(change.sessionId),
        { timeout: 20_000, interval: 20 },
      );
      const message = receiver.received.find((m) => m.data.sessionId === change.sessionId);
      expect(message).toMatchObject({ verified: true, type: 'session.ended' });
    });

    it('a change that rolls back stores nothing and sends nothing', async () => {
      const rolledBack = signOut(randomUUID());
      const committed = signOut(rolledBack.accountId);
      const before = receiver.received.length;
      await expect(commit(rolledBack, true)).rejects.toBeInstanceOf(RolledBack);
      expect(await deliveriesOf(rolledBack.sessionId)).toEqual([]);
      // What is sent next is the change that committed after it, and only that.
      await commit(committed, false);
      await vi.waitFor(() => expect(receiver.received.length).toBeGreaterThan(before), {
        timeout: 20_000,
        interval: 20,
      });
      await dispatcher.idle();
      expect(receiver.received.slice(before).map((m) => m.data.sessionId)).toEqual([
        committed.sessionId,
      ]);
    });
  });

  describe('live events', () => {
    it('a committed change is published to the account', async () => {
      const change = signOut(randomUUID());
      const stream = events.subscribe(change.accountId)[Symbol.asyncIterator]();
      const next = stream.next();
      await commit(change, false);
      expect((await next).value).toMatchObject({
        type: 'SIGNED_OUT',
        sessionId: change.sessionId,
      });
      await stream.return?.();
    });

    it('a change that rolls back publishes nothing', async () => {
      const rolledBack = signOut(randomUUID());
      const committed = signOut(rolledBack.accountId);
      const stream = events.subscribe(rolledBack.accountId)[Symbol.asyncIterator]();
      const next = stream.next();
      await expect(commit(rolledBack, true)).rejects.toBeInstanceOf(RolledBack);
      // The first event the account's subscriber sees is the one that committed after.
      await commit(committed, false);
      expect((await next).value).toMatchObject({ sessionId: committed.sessionId });
      await stream.return?.();
    });
  });

  describe('wallet visibility', () => {
    /** A new account holding one EOA wallet, not published. */
    const accountWithWallet = async (key: number) => {
      const { account, wallet } = await findOrCreateAccountForWallet(database.store.db, {
        identity: walletIdentity({
          address: testAccount(key).address,
          chainId: 31337,
          verifiedAs: 'EOA',
        }),
        now: Date.now(),
      });
      return { accountId: account.id, address: wallet.address, walletId: wallet.id };
    };

    const isPublic = async (walletId: string) =>
      (
        await database.store.db
          .selectFrom('wallets')
          .select('public')
          .where('id', '=', walletId)
          .executeTakeFirstOrThrow()
      ).public;

    it('a committed change is stored in its transaction, and neither audited nor published', async () => {
      const { accountId, address, walletId } = await accountWithWallet(0);
      const stream = events.subscribe(accountId)[Symbol.asyncIterator]();
      const next = stream.next();
      const wallet = await setWalletVisibility({ changes }, { accountId, address, public: true });
      expect(wallet?.public).toBe(1);
      expect(await isPublic(walletId)).toBe(1);
      // Nothing names it: no audit action (docs/administration.md), no event type.
      expect(await auditEventsOf(accountId)).toEqual([]);
      const probe = signOut(accountId);
      await commit(probe, false);
      expect((await next).value).toMatchObject({ sessionId: probe.sessionId });
      await stream.return?.();
    });

    it('a change that rolls back leaves the wallet as it was', async () => {
      const { accountId, address, walletId } = await accountWithWallet(1);
      await expect(
        setWalletVisibility({ changes: rollingBack }, { accountId, address, public: true }),
      ).rejects.toBeInstanceOf(RolledBack);
      expect(await isPublic(walletId)).toBe(0);
    });
  });

  describe('webhook resend', () => {
    const administrator = { actorId: randomUUID(), ip: '127.0.0.1', userAgent: 'console' };

    /** A message committed and delivered once: what a resend copies. */
    const deliveredMessage = async () => {
      const change = signOut(randomUUID());
      await commit(change, false);
      const [row] = await database.store.db
        .selectFrom('webhook_deliveries')
        .select(['id', 'webhook_id'])
        .where('payload', 'like', `%${change.sessionId}%`)
        .execute();
      if (!row) throw new Error('the change stored no message');
      await vi.waitFor(() => expect(receiver.received.map((m) => m.id)).toContain(row.webhook_id), {
        timeout: 20_000,
        interval: 20,
      });
      await dispatcher.idle();
      return { deliveryId: row.id, webhookId: row.webhook_id };
    };

    const resentAuditOf = async (deliveryId: string) =>
      (
        await database.store.db
          .selectFrom('audit_events')
          .select(['action', 'actor_id', 'detail'])
          .where('action', '=', 'webhook_resent')
          .execute()
      ).filter((row) => row.detail?.includes(deliveryId));

    const timesReceived = (webhookId: string) =>
      receiver.received.filter((m) => m.id === webhookId).length;

    it('a committed resend is audited and sent at once, with no poll', async () => {
      const { deliveryId, webhookId } = await deliveredMessage();
      const resent = await resendWebhook(
        { changes },
        { deliveryId, context: { ...administrator, at: Date.now() } },
      );
      expect(resent).toMatchObject({ webhook_id: webhookId, status: 'PENDING' });
      expect(await resentAuditOf(deliveryId)).toEqual([
        {
          action: 'webhook_resent',
          actor_id: administrator.actorId,
          detail: JSON.stringify({ deliveryId }),
        },
      ]);
      // The dispatcher polls once an hour here: only the wake after the commit sends it.
      await vi.waitFor(() => expect(timesReceived(webhookId)).toBe(2), {
        timeout: 20_000,
        interval: 20,
      });
    });

    it('a resend that rolls back is neither audited, stored nor sent', async () => {
      const { deliveryId, webhookId } = await deliveredMessage();
      await expect(
        resendWebhook(
          { changes: rollingBack },
          { deliveryId, context: { ...administrator, at: Date.now() } },
        ),
      ).rejects.toBeInstanceOf(RolledBack);
      expect(await resentAuditOf(deliveryId)).toEqual([]);
      const copies = await database.store.db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('webhook_id', '=', webhookId)
        .execute();
      expect(copies).toEqual([{ id: deliveryId }]);
      // A change committed after it is sent; the resend never is.
      const later = await deliveredMessage();
      expect(timesReceived(later.webhookId)).toBe(1);
      expect(timesReceived(webhookId)).toBe(1);
    });
  });
});
