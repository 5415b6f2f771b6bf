import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino, { type Logger } from 'pino';
import { inject } from 'vitest';
import { freePort } from '../../../testing/free-port.js';
import { POSTGRES_URL } from '../../../testing/services.js';
import { type BuildAppOptions, buildApp } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config/load-config.js';
import { createLogger } from '../../src/create-logger.js';
import { createServices } from '../../src/create-services.js';
import type { Services } from '../../src/services.js';

/** A clock the test moves by hand: sessions and nonces age without waiting. */
export function createTestClock(start = Date.now()) {
  let now = start;
  const clock = () => now;
  return Object.assign(clock, {
    advance(ms: number) {
      now += ms;
    },
    set(ms: number) {
      now = ms;
    },
  });
}

export type TestClock = ReturnType<typeof createTestClock>;

/**
 * A logger configured as production's (the same redaction) that keeps every
 * line in memory, for tests that read what the server logs.
 */
export function captureLogs(level: Config['logLevel'] = 'debug') {
  const lines: string[] = [];
  const logger = createLogger(
    { logLevel: level },
    { write: (line: string) => void lines.push(line) },
  );
  return {
    logger,
    text: () => lines.join(''),
    records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

export type LogCapture = ReturnType<typeof captureLogs>;

export type TestServer = {
  url: string;
  origin: string;
  app: FastifyInstance;
  services: Services;
  clock: TestClock;
  close(): Promise<void>;
};

export type StartTestServerOptions = {
  env?: Record<string, string>;
  database?: 'sqlite' | 'postgres';
  /** Share a database another test server uses (several instances); the caller owns it. */
  databaseUrl?: string;
  chainTimeoutMs?: number;
  /** Where the server logs; silent (or TEST_LOG_LEVEL) by default. A test that reads logs passes its own. */
  logger?: Logger;
  /** The housekeeping timer. @default every 5 minutes, as in production */
  housekeepingTimer?: BuildAppOptions['housekeepingTimer'];
  /** A web build to serve. @default none (the API only) */
  webRoot?: string;
  /**
   * Metrics on (`METRICS_PORT` set), read in process with `metricsOf`: the
   * listener is main.ts's and is not started here. @default false
   */
  metrics?: boolean;
};

/** A fresh PostgreSQL schema per server, so suites never see each other's rows. */
export type PostgresSchema = { url: string; drop(): Promise<void> };

export async function createPostgresSchema(): Promise<PostgresSchema> {
  // Under the suite's global set-up, schemas are dropped when the run ends
  // (postgres-schemas.global-setup.ts says why); alone, when the caller is done.
  const run = inject('postgresSchemaRun');
  const schema = `sigil_test_${run ? `${run}_` : ''}${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    async drop() {
      if (run) return;
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    },
  };
}

export async function startTestServer(options: StartTestServerOptions = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'sigil-test-'));
  const postgres = options.database === 'postgres' ? await createPostgresSchema() : undefined;
  const clock = createTestClock();
  for (let attempt = 1; ; attempt++) {
    try {
      const started = await listenOnFreePort(options, { dir, postgres, clock });
      return {
        ...started,
        async close() {
          await started.app.close();
          await postgres?.drop();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    } catch (error) {
      // The port was free when chosen, but something (another test file's
      // outgoing connection, say) took it before the server bound it: the
      // same start on another port. The database is the same; migrations
      // already applied are skipped.
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt === 5) {
        await postgres?.drop();
        rmSync(dir, { recursive: true, force: true });
        throw error;
      }
    }
  }
}

async function listenOnFreePort(
  options: StartTestServerOptions,
  p: { dir: string; postgres: PostgresSchema | undefined; clock: TestClock },
): Promise<Omit<TestServer, 'close'>> {
  const { dir, postgres, clock } = p;
  // The port is chosen first, so PUBLIC_URL can name it.
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const config = loadConfig({
    PORT: String(port),
    PUBLIC_URL: origin,
    DATABASE_URL:
      options.databaseUrl ?? (postgres ? postgres.url : `sqlite:${join(dir, 'sigil.sqlite')}`),
    CHAINS: '31337',
    RPC_URL_31337: 'http://127.0.0.1:9',
    RATE_LIMIT_PER_MINUTE: '100000',
    CHAIN_CHECKS_PER_MINUTE: '100000',
    RPC_CALLS_PER_MINUTE: '100000',
    LOG_LEVEL: 'silent',
    IMAGE_CACHE_DIR: join(dir, 'image-cache'),
    ...(options.metrics && { METRICS_PORT: String(await freePort()) }),
    ...options.env,
  });
  const services = await createServices(config, {
    clock,
    logger: options.logger ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    ...(options.chainTimeoutMs !== undefined && { chainTimeoutMs: options.chainTimeoutMs }),
  });
  const app = await buildApp(services, {
    webRoot: options.webRoot ?? join(dir, 'no-web-build'),
    ...(options.housekeepingTimer && { housekeepingTimer: options.housekeepingTimer }),
  });
  try {
    await app.listen({ port, host: '127.0.0.1' });
  } catch (error) {
    await app.close();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, origin, app, services, clock };
}
