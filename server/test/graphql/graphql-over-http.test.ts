import { type AuditResult, auditServer } from 'graphql-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';

const describeResult = (result: AuditResult) =>
  result.status === 'ok'
    ? `${result.id} ${result.name}`
    : `${result.id} ${result.name}: ${result.reason}`;

const isMust = (result: AuditResult) => result.name.startsWith('MUST');

/** The GraphQL-over-HTTP spec audit (graphql-http's auditServer) against the real server's /graphql. */
describe('GraphQL over HTTP on a development server (introspection on)', () => {
  let server: TestServer;
  let plain: AuditResult[];
  let withCsrfHeader: AuditResult[];

  beforeAll(async () => {
    server = await startTestServer({ env: { NODE_ENV: 'development' } });
    const url = `${server.url}/graphql`;
    plain = await auditServer({ url });
    // What the web app sends: a custom header, which forces a CORS preflight.
    const fetchWithCsrfHeader = (input: string, init: RequestInit = {}) =>
      fetch(input, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), 'x-graphql-yoga-csrf': '1' },
      });
    withCsrfHeader = await auditServer({ url, fetchFn: fetchWithCsrfHeader });
  });
  afterAll(() => server?.close());

  it('passes every MUST for a client that sends no extra header', () => {
    const musts = plain.filter(isMust);
    expect(musts.length).toBeGreaterThanOrEqual(13);
    expect(musts.filter((result) => result.status !== 'ok').map(describeResult)).toEqual([]);
  });

  it('misses only the GET audits without the CSRF header, and reports them', () => {
    const unmet = plain.filter((result) => result.status !== 'ok');
    for (const result of unmet)
      console.warn(`  graphql-http ${result.status}: ${describeResult(result)}`);
    // A GET without a custom header is a "simple" request browsers send cross-site without a preflight.
    expect(unmet.map((result) => result.id).sort()).toEqual(['5A70', '6A70', 'D6D5']);
  });

  it('passes every audit, SHOULDs and MAYs included, for a client that sends the CSRF header', () => {
    expect(withCsrfHeader.length).toBeGreaterThan(50);
    expect(withCsrfHeader.filter((result) => result.status !== 'ok').map(describeResult)).toEqual(
      [],
    );
  });
});

describe('GraphQL over HTTP on a production server (introspection off)', () => {
  let server: TestServer;
  let results: AuditResult[];

  beforeAll(async () => {
    server = await startTestServer();
    results = await auditServer({ url: `${server.url}/graphql` });
  });
  afterAll(() => server?.close());

  it('passes every MUST with introspection of the whole schema refused', async () => {
    for (const result of results.filter((r) => r.status !== 'ok')) {
      console.warn(`  graphql-http ${result.status}: ${describeResult(result)}`);
    }
    const musts = results.filter(isMust);
    expect(musts.length).toBeGreaterThanOrEqual(13);
    expect(musts.filter((result) => result.status !== 'ok').map(describeResult)).toEqual([]);
    const introspection = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __schema { types { name } } }' }),
    });
    const body = (await introspection.json()) as { errors?: { message: string }[] };
    expect(body.errors?.[0]?.message).toBe('GraphQL introspection is disabled on this server.');
  });

  it('allows a map of variables when accepting application/json (what that MUST checks)', async () => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        query:
          'query Parameters($skip: Boolean!) { signInParameters { domain uri @skip(if: $skip) } }',
        variables: { skip: true },
      }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({
      data: { signInParameters: { domain: new URL(server.origin).host } },
    });
  });
});
