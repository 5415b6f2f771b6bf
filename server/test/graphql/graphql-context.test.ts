import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BuildContextParameters } from '../../src/graphql/build-context.js';
import type { GraphQLContext } from '../../src/graphql/context.js';
import { openProtocolSocket } from '../support/protocol-socket.js';
import { type SignedIn, signedIn } from '../support/signed-in.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

type Built = { parameters: BuildContextParameters; context: Promise<GraphQLContext> };

/** Every context the server built, and what it was built from. */
const built = vi.hoisted(() => [] as Built[]);

/** The one context built since `built` was emptied. */
function onlyBuilt(): Built {
  expect(built).toHaveLength(1);
  const [only] = built;
  if (!only) throw new Error('no context was built');
  return only;
}

// The real buildContext, watched: whichever transport calls it is recorded.
vi.mock('../../src/graphql/build-context.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/graphql/build-context.js')>();
  return {
    ...original,
    buildContext: (...args: Parameters<typeof original.buildContext>) => {
      const context = original.buildContext(...args);
      built.push({ parameters: args[1], context });
      return context;
    },
  };
});

const USER_AGENT = 'graphql-context-test/1.0';
const ME = '{ me { id } }';

/**
 * graphql/build-context.ts: one function builds the context of an operation
 * over HTTP and over a websocket, so both see the same session, services and
 * client (docs/architecture.md, "Plugins and lifecycle").
 */
describe('the GraphQL context', () => {
  let server: TestServer;
  let member: SignedIn;

  beforeAll(async () => {
    server = await startTestServer();
    member = await signedIn(server);
  });

  afterAll(async () => {
    await server?.close();
  });

  async function overHttp() {
    built.length = 0;
    const result = await member.client.request<{ me: { id: string } }>(ME, undefined, {
      headers: { 'user-agent': USER_AGENT },
    });
    expect(result.data?.me.id).toBe(member.accountId);
    return { ...onlyBuilt(), requestId: result.headers.get('x-request-id') };
  }

  async function overWebSocket() {
    const socket = await openProtocolSocket(server, {
      cookie: member.client.cookie,
      headers: { 'user-agent': USER_AGENT },
    });
    try {
      socket.send({ type: 'connection_init' });
      await socket.next((message) => message.type === 'connection_ack');
      built.length = 0;
      socket.send({ id: 'me', type: 'subscribe', payload: { query: ME } });
      const answer = (await socket.next((message) => message.id === 'me')) as {
        payload?: { data?: { me?: { id: string } } };
      };
      expect(answer.payload?.data?.me?.id).toBe(member.accountId);
      return onlyBuilt();
    } finally {
      await socket.close();
    }
  }

  it('is built by the same function over HTTP and over a websocket', async () => {
    const http = await overHttp();
    const websocket = await overWebSocket();
    // Only HTTP has a response to write the session cookie on.
    expect(http.parameters.reply).toBeDefined();
    expect(websocket.parameters.reply).toBeUndefined();
    expect(http.parameters.request).not.toBe(websocket.parameters.request);
  });

  it('has the same shape and the same session, services and client on both', async () => {
    const http = await (await overHttp()).context;
    const websocket = await (await overWebSocket()).context;
    const { cookies, ...httpWithoutCookies } = http;
    expect(Object.keys(websocket).sort()).toEqual(Object.keys(httpWithoutCookies).sort());
    for (const context of [http, websocket]) {
      expect(context.services).toBe(server.services);
      expect(context.session?.id).toBe(member.sessionId);
      expect(context.sessionAccount?.id).toBe(member.accountId);
      expect(`sigil_session=${context.sessionToken}`).toBe(member.client.cookie);
      expect(context.origin).toBe(server.origin);
      expect(context.userAgent).toBe(USER_AGENT);
      expect(context.clientAddress).toBe('127.0.0.1');
      expect(context.clientIp).toBe('127.0.0.1');
    }
    expect(typeof cookies?.setSession).toBe('function');
    expect(typeof cookies?.clearSession).toBe('function');
    expect(websocket.cookies).toBeUndefined();
  });

  it('carries the HTTP request id, and a websocket operation its own', async () => {
    const http = await overHttp();
    expect((await http.context).requestId).toBe(http.requestId);
    const first = await (await overWebSocket()).context;
    const second = await (await overWebSocket()).context;
    expect(first.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.requestId).not.toBe(first.requestId);
  });
});
