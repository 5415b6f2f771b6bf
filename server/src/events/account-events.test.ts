import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type AccountEventMessage,
  type AccountEvents,
  createAccountEvents,
} from './account-events.js';

const silentLogger = pino({ level: 'silent' });
const opened: AccountEvents[] = [];
function inProcessEvents() {
  const events = createAccountEvents({ logger: silentLogger });
  opened.push(events);
  return events;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((events) => events.close()));
});

const event = (
  type: AccountEventMessage['type'],
  accountId: string,
  sessionId: string,
): AccountEventMessage => ({ type, at: 1_700_000_000_000, accountId, actor: 'SELF', sessionId });

/** The next `count` events an iterable yields. */
async function take(iterable: AsyncIterable<AccountEventMessage>, count: number) {
  const taken: AccountEventMessage[] = [];
  for await (const next of iterable) {
    taken.push(next);
    if (taken.length === count) break;
  }
  return taken;
}

describe('createAccountEvents (in process)', () => {
  it("counts the accounts' open streams, not the socket registry's, until each is returned or ended", async () => {
    const events = inProcessEvents();
    events.subscribeSessionEnds()[Symbol.asyncIterator]();
    const first = events.subscribe('alice')[Symbol.asyncIterator]();
    events.subscribe('bob')[Symbol.asyncIterator]();
    expect(events.activeSubscriptions()).toBe(2);
    await first.return?.();
    expect(events.activeSubscriptions()).toBe(1);
    await events.endSubscriptions();
    expect(events.activeSubscriptions()).toBe(0);
  });

  it("delivers every event of an account to that account's subscribers only", async () => {
    const events = inProcessEvents();
    const alice = take(events.subscribe('alice'), 3);
    events.publish(event('SIGNED_IN', 'alice', 's1'));
    events.publish(event('SIGNED_IN', 'bob', 's2'));
    events.publish(event('SIGNED_OUT', 'alice', 's1'));
    events.publish(event('SESSION_REVOKED', 'alice', 's3'));
    expect((await alice).map(({ type, sessionId }) => [type, sessionId])).toEqual([
      ['SIGNED_IN', 's1'],
      ['SIGNED_OUT', 's1'],
      ['SESSION_REVOKED', 's3'],
    ]);
  });

  it('delivers the events that end a session, of every account, to subscribeSessionEnds', async () => {
    const events = inProcessEvents();
    const ends = take(events.subscribeSessionEnds(), 2);
    events.publish(event('SIGNED_IN', 'alice', 's1'));
    events.publish(event('SIGNED_OUT', 'alice', 's1'));
    events.publish(event('SIGNED_IN', 'bob', 's2'));
    events.publish(event('SESSION_REVOKED', 'bob', 's2'));
    expect((await ends).map(({ type, accountId }) => [type, accountId])).toEqual([
      ['SIGNED_OUT', 'alice'],
      ['SESSION_REVOKED', 'bob'],
    ]);
  });

  it('ends open subscriptions on close', async () => {
    const events = createAccountEvents({ logger: silentLogger });
    const ends = take(events.subscribeSessionEnds(), 1);
    await events.close();
    await expect(ends).resolves.toEqual([]);
  });
});
