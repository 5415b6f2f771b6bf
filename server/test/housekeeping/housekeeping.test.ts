import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceAvailable } from '../../../testing/services.js';
import { ENDED_SESSION_RETENTION_MS } from '../../src/sessions/delete-ended-sessions.js';
import { TestClient, testAccount } from '../support/graphql-client.js';
import { manualTimer } from '../support/manual-timer.js';
import { metricsOf } from '../support/metrics-of.js';
import { sampleValue } from '../support/parse-prometheus-text.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

describe.each([
  { database: 'sqlite' as const, available: true },
  { database: 'postgres' as const, available: await serviceAvailable('PostgreSQL') },
])('housekeeping in the running server on $database', ({ database, available }) => {
  describe.skipIf(!available)(database, () => {
    let server: TestServer;
    const { timer, every } = manualTimer();

    beforeAll(async () => {
      server = await startTestServer({
        database,
        metrics: true,
        housekeepingTimer: every,
      });
    });
    afterAll(() => server?.close());

    /** What the runs so far deleted, by table, as the metrics count it. */
    const deleted = async () => {
      const exposition = await metricsOf(server);
      const rows = (table: string) =>
        sampleValue(exposition, 'sigil_housekeeping_deleted_rows_total', { table });
      return { sessions: rows('sessions'), nonces: rows('nonces') };
    };

    it('every five minutes deletes sessions a day after they ended, keeping live ones and every sign-in', async () => {
      expect(timer.intervalMs).toBe(5 * 60_000);
      const issuedAt = () => new Date(server.clock()).toISOString();
      const leaving = new TestClient(server);
      const staying = new TestClient(server);
      const left = await leaving.signInAs(testAccount(0), { issuedAt: issuedAt() });
      const stays = await staying.signInAs(testAccount(1), { issuedAt: issuedAt() });
      expect(left.errors ?? stays.errors).toBeUndefined();
      expect((await leaving.request('mutation { signOut }')).errors).toBeUndefined();

      // A day and a minute on, the signed-out session is past its retention; the other
      // was used a minute ago and lives on (SESSION_IDLE_TIMEOUT is 7 days).
      server.clock.advance(ENDED_SESSION_RETENTION_MS);
      expect((await staying.request('{ me { id } }')).errors).toBeUndefined();
      server.clock.advance(60_000);
      // The tick hands back the run it started: awaited, the run is over.
      await timer.fire();
      expect(await deleted()).toEqual({ sessions: 1, nonces: 2 });

      const { db } = server.services;
      const sessions = await db.selectFrom('sessions').select('id').execute();
      expect(sessions).toEqual([{ id: stays.data?.signIn.session.id }]);
      const signIns = await db.selectFrom('sign_ins').select('session_id').orderBy('seq').execute();
      expect(signIns.map((row) => row.session_id)).toEqual([
        left.data?.signIn.session.id,
        stays.data?.signIn.session.id,
      ]);
      expect(await db.selectFrom('nonces').select('value').execute()).toEqual([]);
      expect((await staying.request('{ me { id } }')).data).toMatchObject({
        me: { id: expect.any(String) },
      });
    });

    it('stops its schedule when the server closes', async () => {
      await server.app.close();
      expect(timer.cancelled).toBe(true);
    });
  });
});
