import { type AuditResult, auditServer } from 'graphql-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server.js';

const describeResult = (result: AuditResult) =>
  result.status === 'ok' ? `${result.id} ${result.name}` : `${result.id} ${result.name}: ${result.reason}`;

/**
 * The GraphQL-over-HTTP spec audit (graphql-http's auditServer) against the
 * real server's /graphql.
 */
describe('GraphQL over HTTP, as any client reaches the production server', () => {
  let server: TestServer;
  let results: AuditResult[];

  beforeAll(async () => {
    server = await startTestServer();
    results = await auditServer({ url: `${server.url}/graphql` });
  });
  afterAll(() => server?.close());

  it('passes every MUST of the spec', () => {
    const musts = results.filter((result) => result.name.startsWith('MUST'));
    expect(musts.length).toBeGreaterThanOrEqual(13);
    expect(musts.filter((result) => result.status !== 'ok').map(describeResult)).toEqual([]);
  });

  it('falls short only of SHOULDs and MAYs, which it reports', () => {
    const unmet = results.filter((result) => result.status !== 'ok');
    // Expected here: GETs without the CSRF header and the audit's `__type`
    // queries are refused on purpose (CSRF prevention, no introspection in
    // production); the next suite shows nothing else is missing.
    for (const result of unmet) console.warn(`  graphql-http ${result.status}: ${describeResult(result)}`);
    expect(unmet.filter((result) => result.name.startsWith('MUST'))).toEqual([]);
  });
});

describe('GraphQL over HTTP, with the CSRF header on a development server', () => {
  let server: TestServer;
  let results: AuditResult[];

  beforeAll(async () => {
    server = await startTestServer({ env: { NODE_ENV: 'development' } });
    // What the web app sends: a custom header that forces a CORS preflight.
    const fetchWithCsrfHeader = (input: string, init: RequestInit = {}) =>
      fetch(input, { ...init, headers: { ...(init.headers as Record<string, string>), 'x-graphql-yoga-csrf': '1' } });
    results = await auditServer({ url: `${server.url}/graphql`, fetchFn: fetchWithCsrfHeader });
  });
  afterAll(() => server?.close());

  it('passes every audit, SHOULDs and MAYs included', () => {
    expect(results.length).toBeGreaterThan(50);
    expect(results.filter((result) => result.status !== 'ok').map(describeResult)).toEqual([]);
  });
});
