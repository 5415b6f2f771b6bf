import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, describe, expect, it } from 'vitest';
import { startBuiltServer } from '../../../testing/start-built-server.js';
import { createDatabase } from '../../src/store/create-database.js';
import { TestClient } from '../support/graphql-client.js';

/**
 * `kill -9` in the middle of a burst of sign-ins: whatever the process had
 * committed must be whole. A sign-in writes its account, wallet, session and
 * sign-in record in one transaction, so no session may lack its record, no
 * record its session, no account its primary wallet.
 */
const SIGN_INS = 120;
/** Kill once this many have been answered: the rest are in flight or queued. */
const KILL_AFTER = 30;

describe('a server killed with SIGKILL during a burst of sign-ins', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sigil-crash-'));
  const databasePath = join(dir, 'sigil.sqlite');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('leaves every session with its sign-in record and every account with its primary wallet', async () => {
    const server = await startBuiltServer({
      chains: [{ id: 31337, rpcUrl: 'http://127.0.0.1:9' }],
      env: { DATABASE_URL: `sqlite:${databasePath}` },
      runtime: {
        kind: 'tsx',
        nodeArguments: ['--import', 'tsx', 'server/src/main.ts'],
        reason: 'sources',
      },
    });
    const target = { url: `http://127.0.0.1:${server.port}`, origin: server.url };
    const prepared = await Promise.all(
      Array.from({ length: SIGN_INS }, async () => {
        const key = privateKeyToAccount(generatePrivateKey());
        const client = new TestClient(target);
        const message = await client.prepareMessage(key);
        return { client, message, signature: await key.signMessage({ message }) };
      }),
    );

    let answered = 0;
    let killed!: () => void;
    const killing = new Promise<void>((resolve) => {
      killed = resolve;
    });
    const burst = prepared.map(({ client, message, signature }) =>
      client.signIn(message, signature).then(
        () => {
          answered += 1;
          if (answered === KILL_AFTER) killed();
        },
        () => {},
      ),
    );
    await killing;
    process.kill(server.pid, 'SIGKILL');
    await Promise.all(burst);
    await server.stop();

    const store = createDatabase({ kind: 'sqlite', path: databasePath });
    try {
      const count = async (query: ReturnType<typeof sql<{ n: number }>>) =>
        Number((await query.execute(store.db)).rows[0]?.n);
      expect(await count(sql`select count(*) as n from sessions`)).toBeGreaterThanOrEqual(
        KILL_AFTER,
      );
      expect(
        await count(sql`select count(*) as n from sessions s
          where (select count(*) from sign_ins i where i.session_id = s.id) <> 1`),
      ).toBe(0);
      expect(
        await count(sql`select count(*) as n from sign_ins i
          where not exists (select 1 from sessions s where s.id = i.session_id)`),
      ).toBe(0);
      expect(
        await count(sql`select count(*) as n from accounts a
          where (select count(*) from wallets w where w.account_id = a.id and w.is_primary = 1) <> 1`),
      ).toBe(0);
    } finally {
      await store.close();
    }
  }, 120_000);
});
