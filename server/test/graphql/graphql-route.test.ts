import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';

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

  describe('refusals before Yoga runs (docs/api.md#transport-errors)', () => {
    const send = (init: RequestInit & { headers?: Record<string, string> }) =>
      fetch(`${server.url}/graphql`, {
        method: 'POST',
        ...init,
        headers: { origin: server.origin, ...init.headers },
      });
    const refusal = (message: string | RegExp) => ({
      errors: [{ message, extensions: { code: 'BAD_REQUEST' } }],
    });

    it.each([
      ['application/graphql-response+json', 'application/graphql-response+json'],
      ['application/json', 'application/json'],
      [undefined, 'application/json'],
      ['application/json, application/graphql-response+json', 'application/json'],
      [
        'application/graphql-response+json;q=0.9, application/json',
        'application/graphql-response+json',
      ],
    ])('answers malformed JSON with 400 and BAD_REQUEST (Accept %s: %s)', async (accept, type) => {
      const response = await send({
        headers: { 'content-type': 'application/json', ...(accept && { accept }) },
        body: '{ "not a JSON',
      });
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toBe(`${type}; charset=utf-8`);
      expect(await response.json()).toEqual(refusal('request body is not valid JSON.'));
    });

    it('answers an empty JSON body with 400 and BAD_REQUEST', async () => {
      const response = await send({ headers: { 'content-type': 'application/json' }, body: '' });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(
        refusal('request body is empty: send a JSON object { query, variables, operationName }.'),
      );
    });

    it('answers a content type it does not read with 415 and BAD_REQUEST', async () => {
      const response = await send({
        headers: { 'content-type': 'application/xml', 'x-graphql-yoga-csrf': '1' },
        body: '<query/>',
      });
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual(
        refusal(
          'content type "application/xml" is not accepted: send application/json (multipart/form-data for an upload).',
        ),
      );
    });

    it('answers a JSON body over 64 KiB with 413 and BAD_REQUEST', async () => {
      const response = await send({
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: `{ __typename }${' '.repeat(65 * 1024)}` }),
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual(refusal('request body must be at most 64 KiB.'));
    });

    it.each(['PUT', 'PATCH', 'DELETE'])(
      'answers %s with 405, Allow and BAD_REQUEST',
      async (method) => {
        const response = await send({
          method,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: '{ __typename }' }),
        });
        expect(response.status).toBe(405);
        expect(response.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
        expect(await response.json()).toEqual(
          refusal(`${method} is not a method of /graphql: use GET, HEAD, POST, OPTIONS.`),
        );
      },
    );
  });
});
