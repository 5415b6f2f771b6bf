import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jsonRpc } from '../../../testing/json-rpc.js';
import { repoRoot } from '../../../testing/repo-root.js';
import { newestServerRuntime } from '../../../testing/server-runtime.js';
import { type BuiltServer, startBuiltServer } from '../../../testing/start-built-server.js';
import { waitFor } from '../../../testing/wait-for.js';
import { graphql } from '../generated/index.js';
import { TEST_KEYS, TestClient } from '../support/graphql-client.js';

const LINK_STATEMENT = graphql(`
  query LocalChainCommandLinkStatement {
    me { linkStatement }
  }
`);

/**
 * docs/access.md, "Try it locally": `npm run chain` as a reader runs it, its
 * printed lines pasted into the server's environment, Alice's two wallets
 * signed in and linked, and the docs' query answering what the worked
 * example says. Then Ctrl-C stops the chains.
 */
const SLOW = 240_000;
const docs = readFileSync(join(repoRoot, 'docs/access.md'), 'utf8');
const ALICE_A1 = privateKeyToAccount(TEST_KEYS[1]);
const ALICE_A2 = privateKeyToAccount(TEST_KEYS[2]);

let command: ChildProcess;
let output = '';
let exited: Promise<number | null>;
let printed: Record<string, string>;
let server: BuiltServer;

/** The fenced block of docs/access.md in which `marker` occurs. */
function docsBlock(marker: string): string {
  const blocks = [...docs.matchAll(/```\w*\n([\s\S]*?)```/g)].map((match) => match[1] as string);
  const block = blocks.find((text) => text.includes(marker));
  if (!block) throw new Error(`docs/access.md has no block with ${marker}`);
  return block;
}

beforeAll(async () => {
  // Its own process group, so a Ctrl-C (SIGINT to the group) reaches npm and what it runs.
  command = spawn('npm', ['run', 'chain', '--', '--free-ports'], { cwd: repoRoot, detached: true });
  command.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  command.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  exited = new Promise((resolve) => command.once('exit', resolve));
  await waitFor(
    () => output.includes('Ctrl-C stops the chains.') || command.exitCode !== null,
    SLOW,
  );
  expect(output).toContain('Ctrl-C stops the chains.');
  printed = Object.fromEntries(
    [...output.matchAll(/^export (\w+)=(.*)$/gm)].map(([, name, value]) => [
      name as string,
      (value as string).replace(/^'(.*)'$/, '$1'),
    ]),
  );
  server = await startBuiltServer({ chains: [], env: printed, runtime: newestServerRuntime() });
}, SLOW);

afterAll(async () => {
  await server?.stop();
  // Still running (a test failed before Ctrl-C): the whole group, as a closed terminal would.
  const running = command?.exitCode === null && command.signalCode === null;
  if (running && command.pid) process.kill(-command.pid, 'SIGKILL');
}, SLOW);

it('prints the chains of the example and the rules of docs/access.md', () => {
  expect(printed.CHAINS).toBe('1,8453,137');
  expect(Object.keys(printed).filter((name) => name.startsWith('RPC_URL_'))).toEqual([
    'RPC_URL_1',
    'RPC_URL_8453',
    'RPC_URL_137',
  ]);
  expect(JSON.parse(printed.ACCESS_RULES as string)).toEqual(
    JSON.parse(docsBlock('"role": "holder"')),
  );
});

it('serves each chain id on its own node, Multicall3 at its canonical address', async () => {
  for (const id of [1, 8453, 137]) {
    const url = printed[`RPC_URL_${id}`] as string;
    expect(Number(await jsonRpc(url, 'eth_chainId'))).toBe(id);
    const code = await jsonRpc(url, 'eth_getCode', [
      '0xcA11bde05977b3631167028862bE2a173976CA11',
      'latest',
    ]);
    expect(String(code).length).toBeGreaterThan(2);
  }
});

it("answers the docs' query for Alice as the worked example says", async () => {
  const target = { url: `http://127.0.0.1:${server.port}`, origin: server.url };
  const client = new TestClient(target);
  const message = await client.prepareMessage(ALICE_A1, { chainId: 8453 });
  const signIn = await client.signIn(message, await ALICE_A1.signMessage({ message }));
  expect(signIn.errors).toBeUndefined();
  const { data } = await client.request(LINK_STATEMENT);
  const link = await client.prepareMessage(ALICE_A2, {
    statement: data?.me?.linkStatement as string,
    chainId: 8453,
  });
  const linked = await client.request(
    'mutation($m: String!, $s: String!) { linkWallet(message: $m, signature: $s) { address } }',
    { m: link, s: await ALICE_A2.signMessage({ message: link }) },
  );
  expect(linked.errors).toBeUndefined();
  // "Check again" on the account page: the chains are read now.
  expect((await client.request('mutation { refreshAccess { checkedAt } }')).errors).toBeUndefined();

  // The query as docs/access.md prints it, sent as the reader would: a
  // string, so the test fails when the docs' query does.
  const result = await client.request<{ me: { roles: string[]; access: unknown } }>(
    docsBlock('{ me { roles access {'),
  );
  expect(result.errors).toBeUndefined();
  expect(result.data?.me).toEqual({
    roles: ['holder'],
    access: {
      checkedAt: expect.any(String),
      stale: false,
      rules: [
        {
          role: 'holder',
          logic: 'ANY',
          granted: true,
          requirements: [
            {
              type: 'ERC20',
              chainId: 8453,
              contract: '0x1111111111111111111111111111111111111111',
              tokenId: null,
              minBalance: '100000000000000000000',
              balance: '110000000000000000000',
              met: true,
            },
          ],
        },
        {
          role: 'member',
          logic: 'ALL',
          granted: false,
          requirements: [
            {
              type: 'ERC721',
              chainId: 1,
              contract: '0x2222222222222222222222222222222222222222',
              tokenId: null,
              minBalance: '1',
              balance: '1',
              met: true,
            },
            {
              type: 'ERC1155',
              chainId: 137,
              contract: '0x3333333333333333333333333333333333333333',
              tokenId: '7',
              minBalance: '2',
              balance: '1',
              met: false,
            },
          ],
        },
        {
          role: 'friend',
          logic: 'ANY',
          granted: false,
          requirements: [
            {
              type: 'ALLOWLIST',
              chainId: null,
              contract: null,
              tokenId: null,
              minBalance: '1',
              balance: '0',
              met: false,
            },
          ],
        },
      ],
    },
  });
});

it(
  'stops the chains on Ctrl-C',
  async () => {
    const url = printed.RPC_URL_8453 as string;
    process.kill(-(command.pid as number), 'SIGINT');
    await exited;
    const answers = () =>
      jsonRpc(url, 'eth_chainId').then(
        () => true,
        () => false,
      );
    await waitFor(async () => !(await answers()), 30_000);
  },
  SLOW,
);
