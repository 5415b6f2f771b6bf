import { EventEmitter, on } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';

/**
 * The baseline: graphql-ws on ws with nothing else, no sessions, no
 * authentication, no database, an in-process event per topic. POST
 * /publish?topic=T publishes one event and answers once it is handed to the
 * subscribers' iterators, as Sigil answers a mutation once it has published.
 */
export type BareServer = { url: string; publishUrl: string; close(): Promise<void> };

export async function startBareGraphQLWsServer(): Promise<BareServer> {
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  const schema = buildSchema(`
    type Query { ok: Boolean }
    type Event { topic: String! at: Float! }
    type Subscription { events(topic: String!): Event! }
  `);
  const roots = {
    events: async function* ({ topic }: { topic: string }) {
      for await (const [event] of on(bus, topic)) yield { events: event };
    },
  };
  const http: Server = createServer((request, response) => {
    const topic = new URL(request.url ?? '/', 'http://x').searchParams.get('topic') ?? '';
    bus.emit(topic, { topic, at: Date.now() });
    response.end('ok');
  });
  const wss = new WebSocketServer({ server: http, path: '/graphql' });
  const cleanup = useServer({ schema, roots: { subscription: roots } }, wss);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/graphql`,
    publishUrl: `http://127.0.0.1:${port}/publish`,
    async close() {
      await cleanup.dispose();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}
