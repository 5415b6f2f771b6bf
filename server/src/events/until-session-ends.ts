import type { Services } from '../services.js';
import { isSessionLive, sessionEndsAt, sessionLifetimes } from '../sessions/session-lifetimes.js';
import { findSessionById, type SessionRow } from '../sessions/session-store.js';
import { type AccountEventMessage, SESSION_ENDING } from './account-events.js';

const DONE: IteratorReturnResult<undefined> = { done: true, value: undefined };

/**
 * A subscriber's account events, for as long as its session lasts, whatever
 * carries them (server-sent events, where no socket registry can close the
 * stream, or a websocket):
 * - the event that ends this session (its sign-out, its revocation, the
 *   account's suspension) is delivered, and is the last;
 * - any other event is delivered only if the session is still live when it
 *   comes (one read by primary key), so a lost end event cannot keep an
 *   ended session listening;
 * - the stream ends when the session expires, as its socket would close.
 */
export function untilSessionEnds(
  services: Pick<Services, 'db' | 'clock' | 'config'>,
  session: SessionRow,
  events: AsyncIterable<AccountEventMessage>,
): AsyncIterableIterator<AccountEventMessage> {
  const lifetimes = sessionLifetimes(services.config);
  const inner = events[Symbol.asyncIterator]();
  let finished = false;
  let timer: NodeJS.Timeout | undefined;
  let endWaiting!: (result: typeof DONE) => void;
  const ended = new Promise<typeof DONE>((resolve) => {
    endWaiting = resolve;
  });

  const stillLive = async () => {
    const row = await findSessionById(services.db, session.id);
    return row !== undefined && isSessionLive(row, services.clock(), lifetimes) ? row : undefined;
  };

  async function finish() {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    endWaiting(DONE);
    await inner.return?.();
  }

  function scheduleExpiry(endsAt: number) {
    // Timers cap at ~24.8 days; a longer wait is re-armed when it fires.
    const delay = Math.min(Math.max(0, endsAt - services.clock()), 2 ** 31 - 1);
    timer = setTimeout(async () => {
      const live = await stillLive().catch(() => undefined);
      if (live) scheduleExpiry(sessionEndsAt(live, lifetimes));
      else await finish();
    }, delay);
    timer.unref();
  }
  scheduleExpiry(sessionEndsAt(session, lifetimes));

  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next() {
      if (finished) return DONE;
      const result = await Promise.race([inner.next(), ended]);
      if (result.done || finished) {
        await finish();
        return DONE;
      }
      const event = result.value;
      // A suspension ends every session of the account at once: this one's
      // stream gets the event (its session already ended) and stops.
      const endsThisSession =
        event.type === 'ACCOUNT_SUSPENDED'
          ? (event.endedSessionIds ?? []).includes(session.id)
          : event.sessionId === session.id && SESSION_ENDING.has(event.type);
      if (endsThisSession) {
        await finish();
        return { done: false, value: event };
      }
      if (await stillLive()) return { done: false, value: event };
      await finish();
      return DONE;
    },
    async return() {
      await finish();
      return DONE;
    },
  };
}
