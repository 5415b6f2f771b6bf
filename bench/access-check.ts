// Access rules checks: how many checks per second the server's checker runs
// for one account with 4 wallets (2 EOAs, a contract wallet on each chain)
// against 10 rules on 2 chains, on local Hardhat nodes with Multicall3, and
// how many JSON-RPC requests each check sends per chain (target: 1).
//
//   npm run bench -- access                 (BENCH_ACCESS_SECONDS, default 5, per phase)
//
// Then the sign-in bench (bench/sign-in-throughput.ts) twice: plain, and with
// the 10 rules configured and every RPC endpoint hung (it accepts, never
// answers). An EOA sign-in must not wait on the check it starts: the ratio
// must not drop. BENCH_ACCESS_SIGN_IN=0 skips this part (minutes on 2 cores).
//
// In process: the checker (server/src/access) on a SQLite file, each chain
// behind testing/counting-rpc-proxy.ts, which counts HTTP requests and the
// JSON-RPC calls they carry.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createAccessChecker } from '../server/src/access/create-access-checker.js';
import { findOrCreateAccountForWallet } from '../server/src/accounts/account-store.js';
import { walletIdentity } from '../server/src/accounts/wallet-identity.js';
import { linkWalletToAccount } from '../server/src/accounts/wallet-store.js';
import { auditConsumer } from '../server/src/audit/audit-consumer.js';
import { createChangeCommitter } from '../server/src/changes/change-committer.js';
import { accessRule } from '../server/src/config/access-rule.js';
import { createAccountEvents } from '../server/src/events/account-events.js';
import { liveEventsConsumer } from '../server/src/events/live-events-consumer.js';
import { createDatabase } from '../server/src/store/create-database.js';
import { migrateToLatest } from '../server/src/store/migrate.js';
import { type CountingRpcProxy, startCountingRpcProxy } from '../testing/counting-rpc-proxy.js';
import { deployTestTokens, type TestTokens } from '../testing/deploy-test-tokens.js';
import { startHardhatNode } from '../testing/hardhat-node.js';
import { installMulticall3 } from '../testing/install-multicall3.js';
import { runSignInThroughput } from './sign-in-throughput.js';
import { percentile } from './support/percentile.js';

export const ACCESS_REQUESTS_PER_CHAIN_TARGET = 1;

export type AccessCheckResult = {
  bench: 'access-check';
  wallets: number;
  chains: number;
  rules: number;
  /** Balance calls per check, over both chains (reads × wallets that count). */
  callsPerCheck: number;
  checks: number;
  checksPerSecond: number;
  latencyMs: { p50: number; p95: number };
  /** Per check, per chain: HTTP requests, and the JSON-RPC calls in them. */
  httpRequestsPerChainPerCheck: number;
  jsonRpcCallsPerChainPerCheck: number;
  /** Same account, 8 checks in flight on 8 accounts: the checker's throughput under load. */
  concurrent: { accounts: number; checksPerSecond: number };
  /** The sign-in bench's ratios (sign-ins per recovery, per CPU-second), plain and with hung rules. */
  signIn?: {
    plain: { ratio: number; cpuRatio: number };
    hungRules: { ratio: number; cpuRatio: number; rpcRequestsHeld: number };
  };
  target: number;
  meetsTarget: boolean;
};

const CHAIN_A = 31337;
const CHAIN_B = 11155111;
const ETHER = 10n ** 18n;

/** Ten rules, five balance reads per chain and an allowlist: what a community might configure. */
function tenRules(a: TestTokens, b: TestTokens, listed: string) {
  const perChain = (chainId: number, t: TestTokens) => [
    { type: 'erc20', chainId, contract: t.erc20, minBalance: String(100n * ETHER) },
    { type: 'erc721', chainId, contract: t.erc721 },
    { type: 'erc1155', chainId, contract: t.erc1155, tokenId: '1', minBalance: '2' },
    { type: 'erc1155', chainId, contract: t.erc1155, tokenId: '2' },
    { type: 'native', chainId, minBalance: String(ETHER) },
  ];
  const [a1, a2, a3, a4, a5] = perChain(CHAIN_A, a);
  const [b1, b2, b3, b4, b5] = perChain(CHAIN_B, b);
  const raw = [
    { role: 'holder-a', any: [a1] },
    { role: 'holder-b', any: [b1] },
    { role: 'collector', all: [a2, b3] },
    { role: 'pass-a', any: [a3, a4] },
    { role: 'pass-b', any: [b2, b4] },
    { role: 'whale', any: [a5, b5] },
    { role: 'either', any: [a1, b1] },
    { role: 'everything', all: [a1, a2, a3, b1, b2, b3] },
    { role: 'friend', any: [{ type: 'allowlist', addresses: [listed] }] },
    { role: 'friend-or-holder', any: [{ type: 'allowlist', addresses: [listed] }, a1] },
  ];
  return raw.map((rule) => accessRule.parse(rule));
}

export async function runAccessCheck(
  log: (line: string) => void = (line) => console.log(line),
): Promise<AccessCheckResult> {
  const seconds = Number(process.env.BENCH_ACCESS_SECONDS ?? 5);
  const dir = mkdtempSync(join(tmpdir(), 'sigil-bench-access-'));
  const nodes = await Promise.all([
    startHardhatNode({ chainId: CHAIN_A }),
    startHardhatNode({ chainId: CHAIN_B }),
  ]);
  const proxies: CountingRpcProxy[] = [];
  const store = createDatabase({ kind: 'sqlite', path: join(dir, 'bench.sqlite') });
  const events = createAccountEvents({ logger: pino({ level: 'silent' }) });
  try {
    const [nodeA, nodeB] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
    await Promise.all([installMulticall3(nodeA.url), installMulticall3(nodeB.url)]);
    log('  deploying ERC-20, ERC-721 and ERC-1155 on two Hardhat nodes…');
    const [tokensA, tokensB] = await Promise.all([
      deployTestTokens({ rpcUrl: nodeA.url, chainId: CHAIN_A }),
      deployTestTokens({ rpcUrl: nodeB.url, chainId: CHAIN_B }),
    ]);
    const [proxyA, proxyB] = await Promise.all([
      startCountingRpcProxy(nodeA.url),
      startCountingRpcProxy(nodeB.url),
    ]);
    proxies.push(proxyA, proxyB);
    await migrateToLatest(store);

    const eoas = [0, 1].map(() => privateKeyToAccount(generatePrivateKey()).address);
    const contracts = [0, 1].map(() => privateKeyToAccount(generatePrivateKey()).address);
    const rules = tenRules(tokensA, tokensB, eoas[0] as string);
    await tokensA.mintErc20(eoas[0] as `0x${string}`, 60n * ETHER);
    await tokensA.mintErc20(contracts[0] as `0x${string}`, 50n * ETHER);
    await tokensB.mintErc1155(eoas[1] as `0x${string}`, 1n, 2n);

    /** An account with the bench's 4 wallets: 2 EOAs, a contract wallet on each chain. */
    const createAccount = async (wallets: { eoas: string[]; contracts: string[] }) => {
      const now = Date.now();
      const identities = [
        ...wallets.eoas.map((address) =>
          walletIdentity({ address, chainId: CHAIN_A, verifiedAs: 'EOA' }),
        ),
        walletIdentity({
          address: wallets.contracts[0] as string,
          chainId: CHAIN_A,
          verifiedAs: 'CONTRACT',
        }),
        walletIdentity({
          address: wallets.contracts[1] as string,
          chainId: CHAIN_B,
          verifiedAs: 'CONTRACT',
        }),
      ];
      const [first, ...rest] = identities;
      if (!first) throw new Error('an account needs a wallet');
      const { account } = await findOrCreateAccountForWallet(store.db, { identity: first, now });
      const proof = {
        message: 'bench',
        signature: '0x',
        chainId: CHAIN_A,
        chain: `eip155:${CHAIN_A}`,
        at: now,
      };
      for (const identity of rest) {
        await linkWalletToAccount(store.db, {
          accountId: account.id,
          identity,
          proof,
          now,
          maxWallets: identities.length,
          dialect: store.dialect,
        });
      }
      return account.id;
    };
    const fresh = () => [0, 1].map(() => privateKeyToAccount(generatePrivateKey()).address);
    const accountId = await createAccount({ eoas, contracts });

    const checker = createAccessChecker({
      db: store.db,
      rules,
      chains: [
        { id: CHAIN_A, rpcUrl: proxyA.url },
        { id: CHAIN_B, rpcUrl: proxyB.url },
      ],
      rolesTtlSeconds: 300,
      timeoutMs: 10_000,
      clock: Date.now,
      // What app.ts gives it: the change of roles audited, then published.
      changes: createChangeCommitter({
        db: store.db,
        consumers: [auditConsumer(), liveEventsConsumer(events)],
        logger: pino({ level: 'silent' }),
      }),
      logger: pino({ level: 'silent' }),
    });

    // Warm-up: connections, V8, SQLite's page cache.
    for (let i = 0; i < 20; i += 1) await checker.refresh(accountId);
    const first = await checker.refresh(accountId);
    if (first.stale) throw new Error('a chain did not answer the warm-up check');
    log(
      `  one account, 4 wallets, ${rules.length} rules on 2 chains: sequential checks for ${seconds} s…`,
    );
    const before = {
      requests: proxyA.httpRequests + proxyB.httpRequests,
      calls: proxyA.methods.length + proxyB.methods.length,
    };
    const latencies: number[] = [];
    const started = performance.now();
    while (performance.now() - started < seconds * 1000) {
      const t0 = performance.now();
      await checker.refresh(accountId);
      latencies.push(performance.now() - t0);
    }
    const elapsed = (performance.now() - started) / 1000;
    const checks = latencies.length;
    const requests = proxyA.httpRequests + proxyB.httpRequests - before.requests;
    const calls = proxyA.methods.length + proxyB.methods.length - before.calls;

    log('  8 accounts checked at once…');
    const others: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      others.push(await createAccount({ eoas: fresh(), contracts: fresh() }));
    }
    const all = [accountId, ...others];
    let concurrentChecks = 0;
    const concurrentStarted = performance.now();
    await Promise.all(
      all.map(async (id) => {
        while (performance.now() - concurrentStarted < seconds * 1000) {
          await checker.refresh(id);
          concurrentChecks += 1;
        }
      }),
    );
    const concurrentElapsed = (performance.now() - concurrentStarted) / 1000;

    latencies.sort((x, y) => x - y);
    const httpRequestsPerChainPerCheck = requests / checks / 2;
    const result: AccessCheckResult = {
      bench: 'access-check',
      wallets: 4,
      chains: 2,
      rules: rules.length,
      // Chain A: 5 reads × 3 wallets (2 EOAs, its contract wallet); chain B the same.
      callsPerCheck: 30,
      checks,
      checksPerSecond: checks / elapsed,
      latencyMs: { p50: percentile(latencies, 50), p95: percentile(latencies, 95) },
      httpRequestsPerChainPerCheck,
      jsonRpcCallsPerChainPerCheck: calls / checks / 2,
      concurrent: { accounts: all.length, checksPerSecond: concurrentChecks / concurrentElapsed },
      target: ACCESS_REQUESTS_PER_CHAIN_TARGET,
      meetsTarget: httpRequestsPerChainPerCheck <= ACCESS_REQUESTS_PER_CHAIN_TARGET,
    };
    await checker.close();
    if (process.env.BENCH_ACCESS_SIGN_IN !== '0') {
      result.signIn = await signInWithHungRules(rules, log);
    }
    log(
      `  ${result.checksPerSecond.toFixed(1)} checks/s (p50 ${result.latencyMs.p50.toFixed(1)} ms, p95 ${result.latencyMs.p95.toFixed(1)} ms); ` +
        `${result.httpRequestsPerChainPerCheck.toFixed(2)} HTTP requests and ${result.jsonRpcCallsPerChainPerCheck.toFixed(2)} JSON-RPC calls per chain per check; ` +
        `${result.concurrent.checksPerSecond.toFixed(1)} checks/s over ${all.length} accounts at once`,
    );
    return result;
  } finally {
    await Promise.all(proxies.map((proxy) => proxy.close()));
    await events.close();
    await store.close();
    await Promise.all(nodes.map((node) => node.stop()));
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The sign-in bench plain, then with the rules and every chain's endpoint hung. */
async function signInWithHungRules(
  rules: ReturnType<typeof tenRules>,
  log: (line: string) => void,
): Promise<NonNullable<AccessCheckResult['signIn']>> {
  log('  sign-in bench, plain…');
  const plain = await runSignInThroughput({ log });
  const [hungA, hungB] = await Promise.all([
    startCountingRpcProxy('http://127.0.0.1:9'),
    startCountingRpcProxy('http://127.0.0.1:9'),
  ]);
  hungA.hang();
  hungB.hang();
  try {
    log('  sign-in bench, 10 rules configured, every RPC endpoint hung…');
    // The rules as ACCESS_RULES spells them: bigints as decimal strings.
    const written = rules.map(({ role, logic, requirements }) => ({
      role,
      [logic === 'ANY' ? 'any' : 'all']: requirements,
    }));
    const hung = await runSignInThroughput({
      log,
      chains: [
        { id: CHAIN_A, rpcUrl: hungA.url },
        { id: CHAIN_B, rpcUrl: hungB.url },
      ],
      env: {
        ACCESS_RULES: JSON.stringify(written, (_key, value) =>
          typeof value === 'bigint' ? String(value) : value,
        ),
      },
    });
    return {
      plain: { ratio: plain.ratio, cpuRatio: plain.cpu.ratio },
      hungRules: {
        ratio: hung.ratio,
        cpuRatio: hung.cpu.ratio,
        rpcRequestsHeld: hungA.httpRequests + hungB.httpRequests,
      },
    };
  } finally {
    await Promise.all([hungA.close(), hungB.close()]);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runAccessCheck();
}
