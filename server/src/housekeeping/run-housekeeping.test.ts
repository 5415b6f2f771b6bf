import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { getAddress } from 'viem';
import { beforeEach, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/support/each-database.js';
import { manualTimer } from '../../test/support/manual-timer.js';
import { parsePrometheusText, sampleValue } from '../../test/support/parse-prometheus-text.js';
import { createTestClock } from '../../test/support/test-server.js';
import { findOrCreateAccountForWallet } from '../accounts/account-store.js';
import { recordSignIn } from '../accounts/sign-in-store.js';
import { walletIdentity } from '../accounts/wallet-identity.js';
import { consumeNonce, createNonce } from '../auth/nonce/nonce-store.js';
import { loadConfig } from '../config/load-config.js';
import { createMetrics } from '../metrics/create-metrics.js';
import { noMetrics } from '../metrics/metrics.js';
import { ENDED_SESSION_RETENTION_MS } from '../sessions/delete-ended-sessions.js';
import { createSession } from '../sessions/session-store.js';
import type { SessionsTable } from '../sessions/session-table.js';
import { createDatabase } from '../store/create-database.js';
import type { Db } from '../store/database.js';
import { runHousekeeping } from './run-housekeeping.js';
import { scheduleHousekeeping } from './schedule-housekeeping.js';

const MINUTE = 60_000;
const CONFIG_ENV = { SESSION_MAX_AGE: '1h', SESSION_IDLE_TIMEOUT: '10m' };
const config = loadConfig(CONFIG_ENV);
const IDLE = 10 * MINUTE;
const NOW = Date.UTC(2026, 2, 1, 12, 0, 0);
/** Sessions that ended before this instant are past their retention at NOW. */
const CUTOFF = NOW - ENDED_SESSION_RETENTION_MS;

type SessionTimes = Partial<Pick<SessionsTable, 'last_seen_at' | 'expires_at' | 'ended_at'>> & {
  created_at: number;
};

/**
 * One session of each way a session can be over, on either side of its
 * retention, plus a live one. `deleted` says what housekeeping at NOW must do.
 */
const SESSIONS: { name: string; times: SessionTimes; deleted: boolean }[] = [
  { name: 'live', times: { created_at: NOW - 5 * MINUTE }, deleted: false },
  {
    name: 'signed out an hour ago',
    times: { created_at: NOW - 2 * 60 * MINUTE, ended_at: NOW - 60 * MINUTE },
    deleted: false,
  },
  {
    name: 'signed out a day and a minute ago',
    times: { created_at: CUTOFF - 30 * MINUTE, ended_at: CUTOFF - MINUTE },
    deleted: true,
  },
  {
    // Seen to the end: its idle end is after the cutoff, its absolute end before.
    name: 'expired a day and a minute ago',
    times: {
      created_at: CUTOFF - 61 * MINUTE,
      last_seen_at: CUTOFF - 2 * MINUTE,
      expires_at: CUTOFF - MINUTE,
    },
    deleted: true,
  },
  {
    name: 'expires a minute short of a day ago',
    times: {
      created_at: CUTOFF - 59 * MINUTE,
      last_seen_at: CUTOFF - 2 * MINUTE,
      expires_at: CUTOFF + MINUTE,
    },
    deleted: false,
  },
  {
    name: 'went idle a day and a minute ago',
    times: {
      created_at: CUTOFF - IDLE - 2 * MINUTE,
      last_seen_at: CUTOFF - IDLE - MINUTE,
      expires_at: NOW + 60 * MINUTE,
    },
    deleted: true,
  },
  {
    name: 'went idle a minute short of a day ago',
    times: {
      created_at: CUTOFF - IDLE,
      last_seen_at: CUTOFF - IDLE + MINUTE,
      expires_at: NOW + 60 * MINUTE,
    },
    deleted: false,
  },
];

/** A session with the given times, and the sign-in record that opened it. */
async function seedSession(db: Db, times: SessionTimes): Promise<string> {
  const address = getAddress(`0x${randomBytes(20).toString('hex')}`);
  const { account, wallet } = await findOrCreateAccountForWallet(db, {
    identity: walletIdentity({ address, chainId: 31337, verifiedAs: 'EOA' }),
    now: times.created_at,
  });
  const { session } = await createSession(db, {
    accountId: account.id,
    wallet,
    chainId: 31337,
    userAgent: 'vitest',
    now: times.created_at,
    lifetimes: { maxAgeSeconds: 3600, idleTimeoutSeconds: 600 },
  });
  const { created_at: _, ...rest } = times;
  if (Object.keys(rest).length > 0) {
    await db.updateTable('sessions').set(rest).where('id', '=', session.id).execute();
  }
  await recordSignIn(db, {
    account_id: account.id,
    session_id: session.id,
    address,
    chain_id: 31337,
    wallet_kind: 'EOA',
    message: 'the signed message',
    signature: '0x00',
    user_agent: 'vitest',
    at: times.created_at,
  });
  return session.id;
}

/** A usable nonce, a used one and an expired one; returns the usable one's value. */
async function seedNonces(db: Db): Promise<string> {
  const usable = await createNonce(db, { now: NOW - MINUTE, ttlSeconds: 600 });
  const used = await createNonce(db, { now: NOW - MINUTE, ttlSeconds: 600 });
  await consumeNonce(db, { value: used.value, now: NOW - MINUTE / 2 });
  await createNonce(db, { now: NOW - 20 * MINUTE, ttlSeconds: 600 });
  return usable.value;
}

/** An expired and a live OpenID Connect provider row; returns the live one's id. */
async function seedOidcModels(db: Db): Promise<string> {
  const row = (id: string, expires_at: number) => ({
    kind: 'AccessToken',
    id,
    payload: '{}',
    expires_at,
  });
  await db
    .insertInto('oidc_models')
    .values([row('expired', NOW - MINUTE), row('live', NOW + MINUTE)])
    .execute();
  return 'live';
}

async function count(db: Db, table: 'sessions' | 'sign_ins' | 'nonces'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describeEachDatabase('housekeeping', (database) => {
  let db: Db;
  let ids: Map<string, string>;
  let usableNonce: string;
  let liveOidcModel: string;

  beforeEach(async () => {
    db = database.store.db;
    for (const table of [
      'sign_ins',
      'sessions',
      'wallets',
      'accounts',
      'nonces',
      'oidc_models',
    ] as const) {
      await db.deleteFrom(table).execute();
    }
    ids = new Map();
    for (const { name, times } of SESSIONS) ids.set(name, await seedSession(db, times));
    usableNonce = await seedNonces(db);
    liveOidcModel = await seedOidcModels(db);
  });

  const remainingSessions = async () =>
    new Set((await db.selectFrom('sessions').select('id').execute()).map((row) => row.id));

  it('deletes exactly the sessions that ended over a day ago and the used and expired nonces, keeping every sign-in', async () => {
    const report = await runHousekeeping(
      { db, clock: () => NOW, config, metrics: noMetrics },
      { batchSize: 2 },
    );

    expect(report).toMatchObject({ sessions: 3, nonces: 2, oidc_models: 1 });
    const kept = SESSIONS.filter((s) => !s.deleted).map((s) => ids.get(s.name));
    expect(await remainingSessions()).toEqual(new Set(kept));
    expect(await count(db, 'sign_ins')).toBe(SESSIONS.length);
    const nonces = await db.selectFrom('nonces').select('value').execute();
    expect(nonces).toEqual([{ value: usableNonce }]);
    const oidcModels = await db.selectFrom('oidc_models').select('id').execute();
    expect(oidcModels).toEqual([{ id: liveOidcModel }]);
  });

  it('deletes in batches of at most batchSize rows, until a batch deletes nothing', async () => {
    // Sessions 2 + 1 + 0, nonces 2 + 0, provider rows 1 + 0, webhook deliveries 0, refused
    // sign-ins 0, audit events 0: ten statements, none over two rows.
    const report = await runHousekeeping(
      { db, clock: () => NOW, config, metrics: noMetrics },
      { batchSize: 2 },
    );
    expect(report.batches).toBe(10);
  });

  it('finds nothing more to delete on a second run', async () => {
    const services = { db, clock: () => NOW, config, metrics: noMetrics };
    await runHousekeeping(services);
    expect(await runHousekeeping(services)).toEqual({
      sessions: 0,
      nonces: 0,
      oidc_models: 0,
      webhook_deliveries: 0,
      audit_events: 0,
      batches: 6,
    });
  });

  it('deletes each row once when two instances run it on one database at the same time', async () => {
    const old = { created_at: CUTOFF - 30 * MINUTE, ended_at: CUTOFF - MINUTE };
    for (let i = 0; i < 40; i++) await seedSession(db, old);
    const other = createDatabase(database.database);
    try {
      const reports = await Promise.all(
        [db, other.db].map((instanceDb) =>
          runHousekeeping(
            { db: instanceDb, clock: () => NOW, config, metrics: noMetrics },
            { batchSize: 7 },
          ),
        ),
      );
      expect(reports.reduce((sum, report) => sum + report.sessions, 0)).toBe(43);
      expect(reports.reduce((sum, report) => sum + report.nonces, 0)).toBe(2);
      expect((await remainingSessions()).size).toBe(SESSIONS.filter((s) => !s.deleted).length);
      expect(await count(db, 'sign_ins')).toBe(SESSIONS.length + 40);
    } finally {
      await other.close();
    }
  });

  it('deletes records of refused sign-ins past REFUSED_SIGN_IN_RETENTION, and keeps every other event to AUDIT_RETENTION', async () => {
    const DAY = 24 * 60 * MINUTE;
    const event = (name: string, action: string, at: number) => ({
      id: randomBytes(16).toString('hex'),
      at,
      action,
      actor_id: null,
      account_id: name,
      address: null,
      ip: '192.0.2.1',
      user_agent: 'vitest',
      detail: JSON.stringify({ chainId: 1, code: 'INVALID_SIGNATURE' }),
    });
    await db
      .insertInto('audit_events')
      .values([
        event('refused-31d', 'sign_in_refused', NOW - 31 * DAY),
        event('refused-300d', 'sign_in_refused', NOW - 300 * DAY),
        event('refused-29d', 'sign_in_refused', NOW - 29 * DAY),
        event('sign-in-300d', 'sign_in', NOW - 300 * DAY),
        event('sign-in-400d', 'sign_in', NOW - 400 * DAY),
      ])
      .execute();
    // The defaults: refused sign-ins 30 days, the log 365 days.
    const report = await runHousekeeping(
      { db, clock: () => NOW, config, metrics: noMetrics },
      { batchSize: 1 },
    );
    expect(report.audit_events).toBe(3);
    const left = await db.selectFrom('audit_events').select('account_id').orderBy('at').execute();
    expect(left.map((row) => row.account_id)).toEqual(['sign-in-300d', 'refused-29d']);

    // A retention of its own: a day.
    const shorter = loadConfig({ ...CONFIG_ENV, REFUSED_SIGN_IN_RETENTION: '1d' });
    await runHousekeeping({ db, clock: () => NOW, config: shorter, metrics: noMetrics });
    const after = await db.selectFrom('audit_events').select('account_id').execute();
    expect(after.map((row) => row.account_id)).toEqual(['sign-in-300d']);
    await db.deleteFrom('audit_events').execute();
  });

  describe('on its schedule', () => {
    it('runs at each tick by the injected clock, so what it deletes moves with the clock', async () => {
      const clock = createTestClock(NOW - ENDED_SESSION_RETENTION_MS);
      const metrics = createMetrics();
      const { timer, every } = manualTimer();
      const services = { db, clock, config, metrics, logger: silentLogger };
      const schedule = scheduleHousekeeping(services, { every, intervalMs: 5 * MINUTE });
      expect(timer.intervalMs).toBe(5 * MINUTE);

      // A day earlier no session has been over for a day, and of the nonces only the used one is spent.
      timer.fire();
      await schedule.idle();
      await schedule.stop();
      expect((await remainingSessions()).size).toBe(SESSIONS.length);
      expect(await count(db, 'nonces')).toBe(2);

      clock.set(NOW);
      const later = scheduleHousekeeping(services, { every, intervalMs: 5 * MINUTE });
      timer.fire();
      await later.idle();
      await later.stop();
      expect(timer.cancelled).toBe(true);
      expect((await remainingSessions()).size).toBe(SESSIONS.filter((s) => !s.deleted).length);

      const text = parsePrometheusText((await metrics.expose?.())?.text ?? '');
      expect(
        sampleValue(text, 'sigil_housekeeping_deleted_rows_total', { table: 'sessions' }),
      ).toBe(3);
      expect(sampleValue(text, 'sigil_housekeeping_deleted_rows_total', { table: 'nonces' })).toBe(
        2,
      );
      expect(sampleValue(text, 'sigil_housekeeping_failures_total')).toBe(0);
    });

    it('stops a run at its next batch when the server shuts down', async () => {
      const old = { created_at: CUTOFF - 30 * MINUTE, ended_at: CUTOFF - MINUTE };
      for (let i = 0; i < 10; i++) await seedSession(db, old);
      const { timer, every } = manualTimer();
      const schedule = scheduleHousekeeping(
        { db, clock: () => NOW, config, metrics: noMetrics, logger: silentLogger },
        { every, batchSize: 1 },
      );
      timer.fire();
      await schedule.stop();
      // The batch under way finished; none followed it.
      expect((await remainingSessions()).size).toBe(SESSIONS.length + 10 - 1);
      timer.fire();
      await schedule.idle();
      expect((await remainingSessions()).size).toBe(SESSIONS.length + 10 - 1);
    });

    it('counts and logs a failed run, and tries again at the next tick', async () => {
      // A connection that was used, then closed: every query fails (one never used reconnects).
      const closed = createDatabase(database.database);
      await closed.db.selectFrom('nonces').select('value').execute();
      await closed.close();
      const metrics = createMetrics();
      const warnings: unknown[] = [];
      const logger = { ...silentLogger, warn: (...args: unknown[]) => void warnings.push(args) };
      const { timer, every } = manualTimer();
      const schedule = scheduleHousekeeping(
        { db: closed.db, clock: () => NOW, config, metrics, logger },
        { every },
      );
      timer.fire();
      await schedule.idle();
      timer.fire();
      await schedule.stop();
      const text = parsePrometheusText((await metrics.expose?.())?.text ?? '');
      expect(sampleValue(text, 'sigil_housekeeping_failures_total')).toBe(2);
      expect(warnings).toHaveLength(2);
    });
  });
});

/** A logger that drops everything: these tests read metrics, not logs. */
const silentLogger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
} as unknown as Logger;
