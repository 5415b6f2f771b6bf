import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KyselyPlugin } from 'kysely';
import type { LocalAccount } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../testing/wait-for.js';
import { auditEventId } from '../../src/audit/audit-event-id.js';
import type { AuditEventJson } from '../../src/audit/audit-event-json.js';
import { AuditLogExportStoppedError, auditLogJsonLines } from '../../src/audit/audit-log-export.js';
import type { AuditEventsTable } from '../../src/audit/audit-tables.js';
import { exportMayContinue } from '../../src/audit/export-may-continue.js';
import { runHousekeeping } from '../../src/housekeeping/run-housekeeping.js';
import { graphql } from '../generated/index.js';
import { databaseBackends } from '../support/each-database.js';
import { TestClient } from '../support/graphql-client.js';
import { signedIn } from '../support/signed-in.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const ME = graphql(`
  query AuditLogExportMe {
    me { id }
  }
`);

/**
 * GET /admin/audit-log.jsonl (docs/administration.md, "Audit log"): who may
 * export, the bounds, the format, that it streams a batch at a time, and
 * the retention housekeeping applies to the log.
 */
const DAY = 86_400_000;
const newKey = () => privateKeyToAccount(generatePrivateKey());

/** Events written straight to the table at chosen times, 500 rows a statement. */
async function seedEvents(server: TestServer, times: number[], accountId: string) {
  const rows: AuditEventsTable[] = times.map((at, index) => ({
    id: auditEventId(at),
    at,
    action: 'profile_updated',
    actor_id: accountId,
    account_id: accountId,
    address: null,
    ip: '192.0.2.1',
    user_agent: 'seed',
    detail: JSON.stringify({ fields: ['bio'], index }),
  }));
  for (let start = 0; start < rows.length; start += 500) {
    await server.services.db
      .insertInto('audit_events')
      .values(rows.slice(start, start + 500))
      .execute();
  }
}

function exportLog(
  server: TestServer,
  p: { cookie?: string | undefined; query?: string; headers?: Record<string, string> } = {},
) {
  return fetch(`${server.url}/admin/audit-log.jsonl${p.query ?? ''}`, {
    headers: { ...(p.cookie && { cookie: p.cookie }), ...p.headers },
  });
}

async function exportedEvents(response: Response): Promise<AuditEventJson[]> {
  const text = await response.text();
  expect(text.endsWith('\n') || text === '').toBe(true);
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as AuditEventJson);
}

const iso = (ms: number) => new Date(ms).toISOString();

describe.each(databaseBackends)('audit log export on $name', ({ name, kind, available }) => {
  describe.skipIf(!available)(name, () => {
    let server: TestServer;
    let webRoot: string;
    let admin: TestClient;
    let someone: TestClient;
    const adminKey = newKey();

    beforeAll(async () => {
      // A web build is served, so the app's page fallback is in place.
      webRoot = mkdtempSync(join(tmpdir(), 'sigil-audit-web-'));
      writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Sigil</title>');
      server = await startTestServer({
        database: kind,
        webRoot,
        env: { ADMIN_ADDRESSES: adminKey.address, AUDIT_RETENTION: '30d' },
      });
      admin = (await signedIn(server, adminKey)).client;
      someone = (await signedIn(server, newKey())).client;
    });
    afterAll(async () => {
      await server?.close();
      rmSync(webRoot, { recursive: true, force: true });
    });

    it('answers 401 UNAUTHENTICATED without a session and 403 FORBIDDEN to a non-administrator, as JSON', async () => {
      const anonymous = await exportLog(server);
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
      const forbidden = await exportLog(server, { cookie: someone.cookie });
      expect(forbidden.status).toBe(403);
      expect(forbidden.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await forbidden.json()).toMatchObject({ code: 'FORBIDDEN' });
    });

    it('answers 400 naming the parameter when since or until is not one RFC 3339 time', async () => {
      for (const [query, parameter] of [
        ['?since=yesterday', 'since'],
        ['?until=2026-13-01T00:00:00Z', 'until'],
        ['?since=2026-01-01', 'since'],
        ['?since=2026-01-01T00:00:00Z&since=2026-01-02T00:00:00Z', 'since'],
        [`?until=${'9'.repeat(5000)}`, 'until'],
        ['?since=2026-01-02T00:00:00Z&until=2026-01-01T00:00:00Z', 'until'],
      ] as const) {
        const response = await exportLog(server, { cookie: admin.cookie, query });
        expect(response.status, query).toBe(400);
        expect(await response.json(), query).toMatchObject({ code: 'BAD_USER_INPUT', parameter });
      }
    });

    it('exports every event since (inclusive) until (exclusive), oldest first, one AuditEvent a line, as an attachment', async () => {
      const base = server.clock() - 10 * DAY;
      const accountId = 'bounds-account';
      await seedEvents(server, [base, base + 1000, base + 2000, base + 3000].reverse(), accountId);
      const response = await exportLog(server, {
        cookie: admin.cookie,
        query: `?since=${iso(base + 1000)}&until=${iso(base + 3000)}`,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
      expect(response.headers.get('content-disposition')).toMatch(
        /^attachment; filename="sigil-audit-log-[^"/]+\.jsonl"$/,
      );
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      const events = await exportedEvents(response);
      expect(events.map((e) => e.at)).toEqual([iso(base + 1000), iso(base + 2000)]);
      expect(Object.keys(events[0] as object).sort()).toEqual(
        [
          'accountId',
          'action',
          'actorId',
          'address',
          'at',
          'detail',
          'id',
          'ip',
          'userAgent',
        ].sort(),
      );
      expect(events[0]).toMatchObject({
        action: 'profile_updated',
        actorId: accountId,
        accountId,
        ip: '192.0.2.1',
        userAgent: 'seed',
      });
      expect(JSON.parse(events[0]?.detail as string)).toEqual({ fields: ['bio'], index: 2 });
    });

    it('is not taken for a page of the web app, even by a browser asking for HTML', async () => {
      const response = await exportLog(server, {
        cookie: admin.cookie,
        headers: { accept: 'text/html' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
      const events = await exportedEvents(response);
      expect(events.some((e) => e.action === 'sign_in')).toBe(true);
    });

    it('exports 5,000 events whole and in order, compressed when the client accepts it', async () => {
      const base = server.clock() - 20 * DAY;
      const times = Array.from({ length: 5000 }, (_, i) => base + i * 7);
      await seedEvents(server, times, 'many-account');
      const query = `?since=${iso(base)}&until=${iso(base + 5000 * 7)}`;
      for (const encoding of ['identity', 'gzip', 'br']) {
        const response = await exportLog(server, {
          cookie: admin.cookie,
          query,
          headers: { 'accept-encoding': encoding },
        });
        expect(response.status).toBe(200);
        if (encoding !== 'identity') {
          expect(response.headers.get('content-encoding')).toBe(encoding);
        }
        const events = await exportedEvents(response);
        expect(events).toHaveLength(5000);
        expect(events.map((e) => Date.parse(e.at))).toEqual(times);
        expect(new Set(events.map((e) => e.id)).size).toBe(5000);
      }
    });

    it('reads the log a batch at a time, only as the reader takes it', async () => {
      // 5,000 events through the stream the route sends, with every
      // statement counted: the first bytes come after at most two batches
      // were read, though the whole export takes eleven.
      let statements = 0;
      const counting: KyselyPlugin = {
        transformQuery: (args) => {
          statements += 1;
          return args.node;
        },
        transformResult: async (args) => args.result,
      };
      const base = server.clock() - 25 * DAY;
      await seedEvents(
        server,
        Array.from({ length: 5000 }, (_, i) => base + i),
        'streamed-account',
      );
      const db = server.services.db.withPlugin(counting);
      const stream = auditLogJsonLines(db, { since: base, until: base + 5000, batchSize: 500 });
      const reader = stream[Symbol.asyncIterator]();
      const first = await reader.next();
      expect(first.done).toBe(false);
      const firstLine = JSON.parse(String(first.value).split('\n')[0] as string) as AuditEventJson;
      expect(JSON.parse(firstLine.detail as string)).toMatchObject({ index: 0 });
      // Once the stream holds the next batch it has read as far ahead as it
      // ever will while nobody reads: that batch, no further.
      await waitFor(() => stream.readableLength > 0);
      expect(statements).toBe(2);

      let lines = String(first.value).split('\n').length - 1;
      for (let next = await reader.next(); !next.done; next = await reader.next()) {
        lines += String(next.value).split('\n').length - 1;
      }
      expect(lines).toBe(5000);
      // Ten full batches, then one that finds nothing more.
      expect(statements).toBe(11);
    });

    /**
     * 5,000 events exported 500 at a time with the check the route asks
     * between batches (audit-log-route.ts); `end` runs once the first batch
     * has been read. Answers the lines read and how the stream ended.
     */
    async function exportEndedMidway(p: {
      key: LocalAccount;
      daysAgo: number;
      end: (exporter: TestClient) => Promise<void>;
    }) {
      const base = server.clock() - p.daysAgo * DAY;
      await seedEvents(
        server,
        Array.from({ length: 5000 }, (_, i) => base + i),
        `cut-short-${p.daysAgo}`,
      );
      // A session of its own: the export's, ended mid-way.
      const exporter = new TestClient(server);
      const signedIn = await exporter.signInAs(p.key, {
        issuedAt: new Date(server.clock()).toISOString(),
      });
      const sessionId = signedIn.data?.signIn.session.id as string;
      const stream = auditLogJsonLines(server.services.db, {
        since: base,
        until: base + 5000,
        batchSize: 500,
        mayContinue: () => exportMayContinue(server.services, { id: sessionId }),
      });
      const reader = stream[Symbol.asyncIterator]();
      let lines = 0;
      const first = await reader.next();
      lines += String(first.value).split('\n').length - 1;
      expect(lines).toBeGreaterThan(0);
      await p.end(exporter);
      const ended = await (async () => {
        for (let next = await reader.next(); !next.done; next = await reader.next()) {
          lines += String(next.value).split('\n').length - 1;
        }
      })().then(
        () => 'whole',
        (error: unknown) => error,
      );
      return { lines, ended };
    }

    it('stops between two batches once the session that opened it signs out, failing the download', async () => {
      const { lines, ended } = await exportEndedMidway({
        key: adminKey,
        daysAgo: 27,
        end: async (exporter) => {
          expect((await exporter.request('mutation { signOut }')).errors).toBeUndefined();
        },
      });
      expect(ended).toBeInstanceOf(AuditLogExportStoppedError);
      // What was already read ahead went out; nothing after the check did.
      expect(lines).toBeLessThan(5000);
      expect(lines).toBeLessThanOrEqual(3 * 500);
    });

    it('stops between two batches once the account that opened it loses admin', async () => {
      const deputyKey = newKey();
      const deputy = (await signedIn(server, deputyKey)).client;
      const { data } = await deputy.request(ME);
      const deputyId = data?.me?.id as string;
      const role = (verb: 'grantRole' | 'revokeRole') =>
        admin.request(`mutation($a: ID!) { ${verb}(accountId: $a, role: "admin") { id } }`, {
          a: deputyId,
        });
      expect((await role('grantRole')).errors).toBeUndefined();
      const { lines, ended } = await exportEndedMidway({
        key: deputyKey,
        daysAgo: 28,
        end: async () => {
          expect((await role('revokeRole')).errors).toBeUndefined();
        },
      });
      expect(ended).toBeInstanceOf(AuditLogExportStoppedError);
      expect(lines).toBeLessThanOrEqual(3 * 500);
    });

    it('housekeeping deletes events older than AUDIT_RETENTION, in batches, and keeps the rest', async () => {
      const now = server.clock();
      await seedEvents(server, [now - 31 * DAY, now - 40 * DAY, now - 400 * DAY], 'expired');
      await seedEvents(server, [now - 29 * DAY, now - DAY], 'kept');
      const report = await runHousekeeping(server.services, { batchSize: 2 });
      expect(report.audit_events).toBe(3);
      const left = await server.services.db
        .selectFrom('audit_events')
        .select(['account_id'])
        .where('account_id', 'in', ['expired', 'kept'])
        .execute();
      expect(left.map((row) => row.account_id)).toEqual(['kept', 'kept']);

      // The test clock moves on: what was kept ages out in its turn.
      server.clock.advance(30 * DAY);
      try {
        await runHousekeeping(server.services);
        const after = await server.services.db
          .selectFrom('audit_events')
          .select('id')
          .where('account_id', '=', 'kept')
          .execute();
        expect(after).toEqual([]);
      } finally {
        server.clock.advance(-30 * DAY);
      }
    });
  });
});
