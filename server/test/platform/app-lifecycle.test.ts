import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceAvailable } from '../../../testing/services.js';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/load-config.js';
import { createServices } from '../../src/create-services.js';
import {
  captureLogs,
  createPostgresSchema,
  type LogCapture,
  type PostgresSchema,
  startTestServer,
} from '../support/test-server.js';

/** What createServices opens, in the order it opens them. */
const OPENED = [
  'database',
  'signature verifier',
  'account events',
  'rate limiter',
  'chain check limiter',
  'rpc call limiter',
  'image render limiter',
  'access checker',
];

/** The resources the disposal stack reported closed, in the order it closed them. */
function closedResources(logs: LogCapture): unknown[] {
  return logs
    .records()
    .filter((record) => typeof record.msg === 'string' && record.msg.startsWith('closed '))
    .map((record) => record.resource);
}

/**
 * The services are opened on a disposal stack and closed last opened first,
 * once, after every plugin (docs/architecture.md, "Plugins and lifecycle");
 * a start that fails half-way leaves nothing open.
 */
describe.each([
  { database: 'sqlite' as const, available: true },
  { database: 'postgres' as const, available: await serviceAvailable('PostgreSQL') },
])('the lifecycle on $database', ({ database, available }) => {
  describe.skipIf(!available)(database, () => {
    let dir: string;
    let postgres: PostgresSchema | undefined;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'sigil-lifecycle-'));
      postgres = database === 'postgres' ? await createPostgresSchema() : undefined;
    });

    afterAll(async () => {
      await postgres?.drop();
      rmSync(dir, { recursive: true, force: true });
    });

    function configWith(env: Record<string, string>) {
      return loadConfig({
        PUBLIC_URL: 'http://localhost:3000',
        DATABASE_URL: postgres?.url ?? `sqlite:${join(dir, 'sigil.sqlite')}`,
        CHAINS: '31337',
        RPC_URL_31337: 'http://127.0.0.1:9',
        IMAGE_CACHE_DIR: join(dir, 'image-cache'),
        ...env,
      });
    }

    it('closes every service once, last opened first, when the app closes', async () => {
      const logs = captureLogs('debug');
      const server = await startTestServer({
        logger: logs.logger,
        ...(postgres && { databaseUrl: postgres.url }),
      });
      expect(closedResources(logs)).toEqual([]);
      await server.app.close();
      await server.app.close();
      await server.services.close();
      expect(closedResources(logs)).toEqual([...OPENED].reverse());
      // The shutdown's first line comes before any of them.
      const messages = logs.records().map((record) => record.msg);
      expect(
        messages.indexOf('closing: new requests are refused, sockets and event streams are ending'),
      ).toBeLessThan(messages.indexOf('closed access checker'));
      await server.close();
    });

    it('closes what createServices had opened when it fails half-way, and says why', async () => {
      // A file where the image cache's folder should be: the cache cannot open.
      const notAFolder = join(dir, 'not-a-folder');
      writeFileSync(notAFolder, '');
      const logs = captureLogs('debug');
      const started = createServices(configWith({ IMAGE_CACHE_DIR: join(notAFolder, 'cache') }), {
        logger: logs.logger,
      });
      await expect(started).rejects.toMatchObject({ code: 'ENOTDIR' });
      // Everything opened before the image cache, closed in reverse.
      expect(closedResources(logs)).toEqual(OPENED.slice(0, -1).reverse());
    });

    it('closes the services when a plugin fails while the app starts', async () => {
      // An index.html that is a folder: the web app's plugin cannot read it.
      const webRoot = join(dir, 'broken-web-build');
      mkdirSync(join(webRoot, 'index.html'), { recursive: true });
      const logs = captureLogs('debug');
      const services = await createServices(configWith({}), { logger: logs.logger });
      await expect(buildApp(services, { webRoot })).rejects.toMatchObject({ code: 'EISDIR' });
      expect(closedResources(logs)).toEqual([...OPENED].reverse());
    });
  });
});
