import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, TestClient } from '../support/graphql-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** Two attempts a minute per client: the third from the same bucket is refused. */
const LIMIT = 2;

/** One createNonce as a client behind `forwardedFor` (the header a proxy adds), or none. */
async function createNonceFrom(server: TestServer, forwardedFor?: string, requestId?: string) {
  const result = await new TestClient(server).request(
    'mutation { createNonce { value } }',
    {},
    {
      headers: {
        ...(forwardedFor && { 'x-forwarded-for': forwardedFor }),
        ...(requestId && { 'x-request-id': requestId }),
      },
    },
  );
  return { code: errorCode(result), requestId: result.headers.get('x-request-id') };
}

/** Spends a bucket's whole minute, then says whether one more attempt from `next` is refused. */
async function refusedAfterFilling(server: TestServer, fill: string, next: string) {
  for (let i = 0; i < LIMIT; i++)
    expect((await createNonceFrom(server, fill)).code).toBeUndefined();
  return (await createNonceFrom(server, next)).code === 'RATE_LIMITED';
}

describe('without TRUST_PROXY (the default)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: String(LIMIT) } });
  });
  afterAll(() => server?.close());

  it('ignores a spoofed X-Forwarded-For: every claimed client shares the peer’s bucket', async () => {
    expect(await refusedAfterFilling(server, '198.51.100.1', '198.51.100.2')).toBe(true);
    expect((await createNonceFrom(server)).code).toBe('RATE_LIMITED');
  });

  it('ignores an incoming x-request-id and answers with its own', async () => {
    const { requestId } = await createNonceFrom(server, undefined, 'forged-id-1');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('behind one trusted hop (TRUST_PROXY=1)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      env: { RATE_LIMIT_PER_MINUTE: String(LIMIT), TRUST_PROXY: '1' },
    });
  });
  afterAll(() => server?.close());

  it('gives two clients with different X-Forwarded-For separate buckets', async () => {
    expect(await refusedAfterFilling(server, '198.51.100.10', '198.51.100.10')).toBe(true);
    expect((await createNonceFrom(server, '198.51.100.11')).code).toBeUndefined();
  });

  it('believes only the hop it trusts: a client cannot prepend an address to escape its bucket', async () => {
    // The proxy appends the address it saw (203.0.113.7); what the client wrote before it is not believed.
    expect(
      await refusedAfterFilling(server, '192.0.2.1, 203.0.113.7', '192.0.2.2, 203.0.113.7'),
    ).toBe(true);
  });

  it('keys IPv6 clients by their /64: two addresses of one /64 share a bucket, another /64 does not', async () => {
    expect(
      await refusedAfterFilling(server, '2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:9'),
    ).toBe(true);
    expect((await createNonceFrom(server, '2001:db8:1:3::1')).code).toBeUndefined();
  });

  it('keeps the request id the proxy sent', async () => {
    const { requestId } = await createNonceFrom(server, '198.51.100.20', 'proxy-id-42');
    expect(requestId).toBe('proxy-id-42');
  });

  it('replaces a request id that is not a plain token', async () => {
    const { requestId } = await createNonceFrom(server, '198.51.100.21', 'x'.repeat(300));
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('behind a trusted proxy named by address (TRUST_PROXY=127.0.0.1/8, ::1)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      env: { RATE_LIMIT_PER_MINUTE: String(LIMIT), TRUST_PROXY: '127.0.0.1/8, ::1' },
    });
  });
  afterAll(() => server?.close());

  it('gives two clients separate buckets', async () => {
    expect(await refusedAfterFilling(server, '198.51.100.30', '198.51.100.30')).toBe(true);
    expect((await createNonceFrom(server, '198.51.100.31')).code).toBeUndefined();
  });

  it('stops at the first untrusted hop, whatever a client wrote before it', async () => {
    expect(
      await refusedAfterFilling(server, '192.0.2.9, 198.51.100.40', '192.0.2.10, 198.51.100.40'),
    ).toBe(true);
  });
});
