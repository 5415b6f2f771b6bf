import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOrCreateAccountForWallet } from '../accounts/account-store.js';
import { walletIdentity } from '../accounts/wallet-identity.js';
import { loadConfig } from '../config/load-config.js';
import { createSession, endSession, type SessionRow } from '../sessions/session-store.js';
import { createDatabase, type Store } from '../store/create-database.js';
import { migrateToLatest } from '../store/migrate.js';
import { type AccountEventMessage, createAccountEvents } from './account-events.js';
import { untilSessionEnds } from './until-session-ends.js';

const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);
const config = loadConfig({});

describe('untilSessionEnds', () => {
  let store: Store;
  const services = () => ({ db: store.db, clock: () => T0, config });

  beforeAll(async () => {
    store = createDatabase({ kind: 'sqlite', path: ':memory:' });
    await migrateToLatest(store);
  });
  afterAll(() => store?.close());

  async function startSession(): Promise<SessionRow> {
    const { account, wallet } = await findOrCreateAccountForWallet(store.db, {
      identity: walletIdentity({
        address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        chainId: 31337,
        verifiedAs: 'EOA',
      }),
      now: T0,
    });
    const { session } = await createSession(store.db, {
      accountId: account.id,
      wallet,
      chainId: 31337,
      userAgent: null,
      now: T0,
      lifetimes: { maxAgeSeconds: 3600, idleTimeoutSeconds: 600 },
    });
    return session;
  }

  const event = (session: SessionRow, type: AccountEventMessage['type'], sessionId = session.id) =>
    ({
      type,
      at: T0,
      accountId: session.account_id,
      actor: 'SELF',
      sessionId,
    }) satisfies AccountEventMessage;

  it('delivers the account’s events while the session lives, and its own end event last', async () => {
    const session = await startSession();
    const events = createAccountEvents({ logger: pino({ level: 'silent' }) });
    const stream = untilSessionEnds(services(), session, events.subscribe(session.account_id));
    const first = stream.next();
    events.publish(event(session, 'SIGNED_IN', 'another-session'));
    expect((await first).value).toMatchObject({ type: 'SIGNED_IN' });
    const second = stream.next();
    events.publish(event(session, 'SIGNED_OUT'));
    expect(await second).toEqual({ done: false, value: event(session, 'SIGNED_OUT') });
    expect(await stream.next()).toEqual({ done: true, value: undefined });
    await events.close();
  });

  it('ends without delivering an event that comes after the session ended unannounced', async () => {
    const session = await startSession();
    const events = createAccountEvents({ logger: pino({ level: 'silent' }) });
    const stream = untilSessionEnds(services(), session, events.subscribe(session.account_id));
    await endSession(store.db, { id: session.id, reason: 'REVOKED', now: T0 });
    const next = stream.next();
    events.publish(event(session, 'SIGNED_IN', 'another-session'));
    expect(await next).toEqual({ done: true, value: undefined });
    await events.close();
  });

  it('releases a pending read and its subscription when the subscriber goes away', async () => {
    const session = await startSession();
    let returned = false;
    const never: AsyncIterable<AccountEventMessage> = {
      [Symbol.asyncIterator]: () => ({
        next: () => new Promise(() => {}),
        return: async () => {
          returned = true;
          return { done: true, value: undefined };
        },
      }),
    };
    const stream = untilSessionEnds(services(), session, never);
    const pending = stream.next();
    await stream.return?.();
    expect(await pending).toEqual({ done: true, value: undefined });
    expect(returned).toBe(true);
  });
});
