import { type Client, createClient } from 'graphql-ws';

export type SubscriptionClient = {
  client: Client;
  /**
   * Closes the socket so it reopens with the cookies of now. The server authenticates a
   * socket once, when it opens: after sign-in or sign-out the old identity must not linger.
   */
  restart(): void;
  /** Calls `listener` whenever the socket closes, for whatever reason; returns the unsubscribe. */
  onClosed(listener: () => void): () => void;
};

export type CreateSubscriptionClientParameters = {
  url: string;
  /** @default globalThis.WebSocket */
  webSocketImpl?: unknown;
};

/** Close code of a restart we asked for; not fatal to graphql-ws, so it reconnects the live subscriptions. */
const RESTART_CLOSE_CODE = 4205;

/** graphql-ws's own backoff: 1 s, doubling per retry, plus 300 ms to 3 s of jitter. */
function backoffMs(retries: number): number {
  return 1_000 * 2 ** retries + 300 + Math.floor(Math.random() * 2_700);
}

/** A lazy graphql-ws client (5 reconnect attempts) that can be restarted on demand. */
export function createSubscriptionClient({
  url,
  webSocketImpl,
}: CreateSubscriptionClientParameters): SubscriptionClient {
  const closedListeners = new Set<() => void>();
  let restartRequested = false;
  // Set while a socket we closed on purpose waits to reopen: it should not back off.
  let restarting = false;
  // No socket, nothing to refresh: the next one opens with the cookies of its time.
  let restart = () => {};

  const client = createClient({
    url,
    lazy: true,
    retryAttempts: 5,
    retryWait: async (retries) => {
      if (restarting) {
        restarting = false;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, backoffMs(retries)));
    },
    ...(webSocketImpl ? { webSocketImpl } : {}),
    on: {
      connecting: () => {
        // The handshake of a socket being opened may carry the previous cookies.
        restart = () => {
          restartRequested = true;
        };
      },
      opened: (socket) => {
        const ws = socket as WebSocket;
        restart = () => {
          if (ws.readyState === WebSocket.OPEN) {
            restarting = true;
            ws.close(RESTART_CLOSE_CODE, 'Client Restart');
          } else {
            restartRequested = true;
          }
        };
        if (restartRequested) {
          restartRequested = false;
          restart();
        }
      },
      closed: () => {
        // The next socket opens with the cookies of its time: a pending restart is moot.
        restartRequested = false;
        restart = () => {};
        for (const listener of closedListeners) listener();
      },
    },
  });

  return {
    client,
    restart: () => restart(),
    onClosed(listener) {
      closedListeners.add(listener);
      return () => closedListeners.delete(listener);
    },
  };
}
