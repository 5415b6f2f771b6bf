import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server.js';

/** How /graphql hands Yoga's responses to the client over HTTP. */
describe('the /graphql route', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  const post = (accept: string) =>
    fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept, origin: server.origin },
      body: JSON.stringify({ query: '{ __typename }' }),
    });

  it('sends a JSON result whole, with its exact length', async () => {
    const response = await post('application/graphql-response+json');
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/graphql-response+json');
    expect(response.headers.get('transfer-encoding')).toBeNull();
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(JSON.parse(text)).toEqual({ data: { __typename: 'Query' } });
  });

  it('streams an event-stream result rather than buffering it', async () => {
    const response = await post('text/event-stream');
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(response.headers.get('content-length')).toBeNull();
    expect(text).toContain('event: next\ndata: {"data":{"__typename":"Query"}}');
    expect(text).toContain('event: complete');
  });
});
