import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import type { AccountEvents } from '../../src/events/account-events.js';
import { graphql } from '../generated/index.js';
import type { TestClient } from './graphql-client.js';

const OWN_SESSIONS = graphql(`
  query SubscribeAccountEventsOwnSessions {
    me { id sessions { id current } }
  }
`);

export type ReceivedEvent = {
  type: string;
  at: string;
  session: { id: string };
  wallet: { address: string; chainId: number | null } | null;
  app: { clientId: string; name: string; scopes: string[] } | null;
  /** The roles after a ROLES_CHANGED; null for other events. */
  roles: string[] | null;
};

export type SubscribeAccountEventsOptions = {
  /** The Origin of the upgrade request. @default the client's server origin */
  origin?: string;
  /**
   * The events of the server that holds the socket, or of any instance on the
   * same Redis. Given, the helper returns only once a probe event published
   * there has come through the socket: the server has registered the
   * subscription (on Redis too), so no event published after that is lost.
   * Without it, the helper returns once the socket is connected: enough for a
   * test that waits for a refusal or a close.
   */
  events?: Pick<AccountEvents, 'publish'>;
};

/** Probes carry this time, which no real event has; they are not recorded. */
const PROBE_AT = 0;
const PROBE_AT_ISO = new Date(PROBE_AT).toISOString();
/** A failure bound, not a wait: a probe that never arrives fails the test instead of hanging it. */
const PROBE_DEADLINE_MS = 15_000;
/** A probe published before the server subscribed is lost: publish again after this. */
const PROBE_REPEAT_MS = 50;

/**
 * Opens a graphql-ws socket as the given client (its cookie, its Origin) and
 * subscribes to accountEvents, recording events, errors and the close code.
 */
export async function subscribeAccountEvents(
  client: TestClient,
  options: SubscribeAccountEventsOptions = {},
) {
  const origin = options.origin ?? client.server.origin;
  const events: ReceivedEvent[] = [];
  const errors: unknown[] = [];
  const waiters = new Set<{ matches(event: ReceivedEvent): boolean; resolve(): void }>();
  let probed = false;
  let closeCode: number | undefined;
  let reportClose!: (code: number | undefined) => void;
  const closed = new Promise<number | undefined>((resolve) => {
    reportClose = resolve;
  });
  const headers = { ...(client.cookie && { cookie: client.cookie }), ...(origin && { origin }) };
  const url = `${client.server.url.replace(/^http/, 'ws')}/graphql`;
  let opened!: () => void;
  const open = new Promise<void>((resolve) => {
    opened = resolve;
  });
  const ws = createClient({
    url,
    retryAttempts: 0,
    lazy: false,
    // The close is what several tests wait for: recorded below, not printed.
    onNonLazyError: () => {},
    webSocketImpl: class extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols, { headers });
      }
    },
    on: {
      connected: () => opened(),
      closed: (event) => {
        closeCode = (event as { code?: number }).code;
        reportClose(closeCode);
        opened();
      },
    },
  });
  const done = new Promise<void>((resolve) => {
    ws.subscribe<{ accountEvents: ReceivedEvent }>(
      {
        query:
          'subscription { accountEvents { type at session { id current } wallet { address chainId } app { clientId name scopes } roles } }',
      },
      {
        next: (value) => {
          if (value.errors) errors.push(...value.errors);
          const event = value.data?.accountEvents;
          if (!event) return;
          if (event.at === PROBE_AT_ISO) {
            probed = true;
            return;
          }
          events.push(event);
          for (const waiter of waiters) if (waiter.matches(event)) waiter.resolve();
        },
        error: (error) => {
          errors.push(error);
          resolve();
        },
        complete: () => resolve(),
      },
    );
  });
  await open;
  if (options.events && closeCode === undefined) {
    await probeUntilSubscribed(client, options.events, () => probed, done);
  }
  return {
    events,
    errors,
    done,
    /** The close code, once the socket has closed. */
    closed,
    get closeCode() {
      return closeCode;
    },
    /** The first event, received already or to come, that matches. */
    received(matches: (event: ReceivedEvent) => boolean): Promise<ReceivedEvent> {
      const already = events.find(matches);
      if (already) return Promise.resolve(already);
      return new Promise((resolve) => {
        const waiter = {
          matches,
          resolve: () => {
            waiters.delete(waiter);
            resolve(events.find(matches) as ReceivedEvent);
          },
        };
        waiters.add(waiter);
      });
    },
    dispose: () => ws.dispose(),
  };
}

/** Publishes probe events to the client's own session until one comes through its socket. */
async function probeUntilSubscribed(
  client: TestClient,
  bus: Pick<AccountEvents, 'publish'>,
  arrived: () => boolean,
  ended: Promise<void>,
) {
  const me = await client.request(OWN_SESSIONS);
  const account = me.data?.me;
  const session = account?.sessions.find((candidate) => candidate.current);
  if (!account || !session) throw new Error('probing needs a client with a live session');
  let subscriptionEnded = false;
  void ended.then(() => {
    subscriptionEnded = true;
  });
  const deadline = Date.now() + PROBE_DEADLINE_MS;
  while (!arrived()) {
    if (subscriptionEnded) throw new Error('the subscription ended before a probe came through');
    if (Date.now() > deadline) {
      throw new Error(`no probe came through the socket within ${PROBE_DEADLINE_MS} ms`);
    }
    bus.publish({
      type: 'SIGNED_IN',
      at: PROBE_AT,
      accountId: account.id,
      actor: 'SELF',
      sessionId: session.id,
    });
    await new Promise((resolve) => setTimeout(resolve, PROBE_REPEAT_MS));
  }
}
