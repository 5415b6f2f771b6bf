import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, onFreePort, PortTakenError } from './free-port.js';
import { repoRoot } from './repo-root.js';
import { BUILT_SERVER, type ServerRuntime } from './server-runtime.js';
import { spawnCapped } from './spawn-capped.js';
import { withoutTestRunnerEnv } from './without-test-runner-env.js';

/**
 * Starts the real server as `npm start` runs it (`node server/dist/main.js`)
 * in a child process, on a free loopback port, with a fresh SQLite file of its
 * own (removed when it stops) and the given chains and environment, and
 * resolves once `/healthz` answers 200.
 * The end-to-end suite serves the app from it; the benches measure it.
 */
export type BuiltServer = {
  /** The public URL, e.g. `http://localhost:41234`: the origin a browser opens. */
  url: string;
  port: number;
  /** `METRICS_PORT`, when started with `metrics: true`. */
  metricsPort: number | undefined;
  /** The server's process id (`taskset` execs node, so it is node's). */
  pid: number;
  runtime: ServerRuntime;
  /** The server's stdout and stderr so far (its last 50 000 characters). */
  output(): string;
  /** Resolves with the exit code once the process has exited (null when killed by a signal). */
  exited: Promise<number | null>;
  /** SIGTERM, so a `--cpu-prof` profile is written as the process exits; then the database goes. */
  stop(): Promise<void>;
};

export type StartBuiltServerParameters = {
  /** Enabled chains and their RPC URLs (`CHAINS`, `RPC_URL_<id>`). */
  chains: { id: number; rpcUrl: string }[];
  /** More configuration, over the defaults below, e.g. `WALLETCONNECT_PROJECT_ID`. */
  env?: Record<string, string>;
  /** Pins the server to these CPUs with `taskset -c`. @default any CPU */
  cpus?: string;
  /** Node options before the script, e.g. `--cpu-prof`. @default none */
  nodeOptions?: string[];
  /** @default BUILT_SERVER */
  runtime?: ServerRuntime;
  /**
   * Starts it with this command instead of node and the runtime's arguments, e.g. `npm start`;
   * run in a process group of its own, which `stop()` signals whole. @default node
   */
  launch?: { command: string; args: string[] };
  /**
   * Turns the metrics listener on, on a port of its own chosen with PORT (so a
   * taken one is retried like a taken PORT). @default false
   */
  metrics?: boolean;
};

// Variables the server's config reads (NODE_ENV=development turns on GraphiQL): none may
// leak in from the shell, so the server runs exactly as configured here. A test
// (server-variable.test.ts) holds this list to the configuration schema.
const SERVER_VARIABLE =
  /^(PORT|HOST|PUBLIC_URL|ALLOWED_ORIGINS|DATABASE_URL|REDIS_URL|CHAINS|RPC_URL_\d+|PUBLIC_RPC_URL_\d+|RPC_CALLS_PER_MINUTE|CHAIN_CHECKS_PER_MINUTE|WALLETCONNECT_PROJECT_ID|SESSION_MAX_AGE|SESSION_IDLE_TIMEOUT|NONCE_TTL|RATE_LIMIT_PER_MINUTE|LOG_LEVEL|METRICS_PORT|TRUST_PROXY|SHUTDOWN_TIMEOUT|OIDC_CLIENTS|NODE_ENV|IMAGE_CACHE_DIR|IMAGE_CACHE_MAX_MB|ACCESS_RULES|ROLES_TTL|ADMIN_ADDRESSES|AUDIT_RETENTION|WEBHOOKS|WEBHOOK_RETRY_DELAYS|MAX_WALLETS_PER_ACCOUNT|MAX_SESSIONS_PER_ACCOUNT|MAX_ANONYMOUS_RESPONSE_BYTES|IMAGE_RENDERS_PER_MINUTE|REFUSED_SIGN_IN_RETENTION|SOLANA_CLUSTERS|DEVICE_CODE_TTL|PASSKEY_RP_ID|MAX_PASSKEYS_PER_ACCOUNT)$/;

/** Whether the built server reads `name` from its environment (`RPC_URL_1` included). */
export function isServerVariable(name: string): boolean {
  return SERVER_VARIABLE.test(name);
}

async function healthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) });
    return response.status === 200;
  } catch {
    return false;
  }
}

export function startBuiltServer(parameters: StartBuiltServerParameters): Promise<BuiltServer> {
  return onFreePort((port) => startOnce(port, parameters));
}

async function startOnce(
  port: number,
  parameters: StartBuiltServerParameters,
): Promise<BuiltServer> {
  const { chains, cpus, nodeOptions = [], runtime = BUILT_SERVER } = parameters;
  const metricsPort = parameters.metrics ? await freePort() : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'sigil-server-'));
  const url = `http://localhost:${port}`;
  const inherited = Object.fromEntries(
    Object.entries(withoutTestRunnerEnv(process.env)).filter(([name]) => !isServerVariable(name)),
  );
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATABASE_URL: `sqlite:${join(dataDir, 'sigil.sqlite')}`,
    IMAGE_CACHE_DIR: join(dataDir, 'image-cache'),
    CHAINS: chains.map((chain) => chain.id).join(','),
    ...Object.fromEntries(chains.map((chain) => [`RPC_URL_${chain.id}`, chain.rpcUrl])),
    // Every request comes from one loopback address: the limit is neither what is tested nor
    // what is measured. (The server accepts at most 1 000 000.)
    RATE_LIMIT_PER_MINUTE: '1000000',
    CHAIN_CHECKS_PER_MINUTE: '1000000',
    RPC_CALLS_PER_MINUTE: '1000000',
    LOG_LEVEL: 'warn',
    ...(metricsPort !== undefined && { METRICS_PORT: String(metricsPort) }),
    ...parameters.env,
  };
  const { launch } = parameters;
  const node = launch
    ? [launch.command, ...launch.args]
    : [process.execPath, ...nodeOptions, ...runtime.nodeArguments];
  const server = spawnCapped({
    command: cpus === undefined ? (node[0] as string) : 'taskset',
    args: cpus === undefined ? node.slice(1) : ['-c', cpus, ...node],
    cwd: repoRoot,
    processGroup: launch !== undefined,
    env,
    keepChars: 50_000,
    // Long enough for a CPU profile to be written.
    killAfterMs: 10_000,
  });
  const stop = async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await server.waitUntilReady({
      ready: () => healthy(`http://127.0.0.1:${port}`),
      what: '/healthz to answer 200',
    });
  } catch (error) {
    const portTaken = server.output().includes('EADDRINUSE');
    await stop();
    throw portTaken ? new PortTakenError(`port ${port} was taken`, { cause: error }) : error;
  }
  return {
    url,
    port,
    metricsPort,
    pid: server.child.pid as number,
    runtime,
    output: server.output,
    exited: server.exited,
    stop,
  };
}
