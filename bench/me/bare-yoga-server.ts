// The baseline of the `me` bench: GraphQL Yoga at its defaults on node:http,
// one field, no sessions, no database, no logging, no plugins:
//   bare-yoga-server.ts      prints `listening <port>`, serves until killed
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSchema, createYoga } from 'graphql-yoga';

const yoga = createYoga({
  schema: createSchema({
    typeDefs: 'type Query { hello: String! }',
    resolvers: { Query: { hello: () => 'world' } },
  }),
  logging: false,
});
const server = createServer(yoga);
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`);
});
