import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../../testing/hardhat-node.js';
import { repoRoot } from './repo-root.js';
import { type ServerRuntime, serverRuntime } from './server-runtime.js';

/**
 * Starts the real Sigil server as a child process pinned to some CPUs, on a
 * free port with a fresh SQLite file, and resolves once `/healthz` answers.
 */
export type BenchServer = {
  /** The public URL, e.g. `http://localhost:41234`: the origin a browser opens. */
  url: string;
  /** The server's process id (`taskset` execs node, so it is node's). */
  pid: number;
  runtime: ServerRuntime;
  /** The server's stdout and stderr so far (its last 20 000 characters). */
  output(): string;
  /** SIGTERM, so a `--cpu-prof` profile is written as the process exits. */
  stop(): Promise<void>;
};

export type StartBenchServerParameters = {
  /** The CPU list for `taskset -c`. */
  cpus: string;
  dataDir: string;
  chains: { id: number; rpcUrl: string }[];
  /** When set, the server runs with `--cpu-prof` and writes its profile here. */
  cpuProfileDir?: string | undefined;
  /** `WALLETCONNECT_PROJECT_ID`: WalletConnect and Ledger are offered only when it is set. @default unset */
  walletConnectProjectId?: string | undefined;
};

// Variables the server's config reads (NODE_ENV=development turns on GraphiQL): none may
// leak in from the shell, so the server runs exactly as `npm start` runs it.
const CONFIG_VARIABLE =
  /^(PORT|HOST|PUBLIC_URL|ALLOWED_ORIGINS|DATABASE_URL|REDIS_URL|CHAINS|RPC_URL_\d+|WALLETCONNECT_PROJECT_ID|SESSION_MAX_AGE|SESSION_IDLE_TIMEOUT|NONCE_TTL|RATE_LIMIT_PER_MINUTE|LOG_LEVEL|NODE_ENV)$/;

async function healthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) });
    return response.status === 200;
  } catch {
    return false;
  }
}

export async function startBenchServer(
  parameters: StartBenchServerParameters,
): Promise<BenchServer> {
  const { cpus, dataDir, chains, cpuProfileDir, walletConnectProjectId } = parameters;
  const runtime = serverRuntime();
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !CONFIG_VARIABLE.test(name)),
  );
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATABASE_URL: `sqlite:${join(dataDir, 'bench.sqlite')}`,
    CHAINS: chains.map((chain) => chain.id).join(','),
    ...Object.fromEntries(chains.map((chain) => [`RPC_URL_${chain.id}`, chain.rpcUrl])),
    // Every request comes from one loopback address: the limit must not be what is measured.
    // (The server accepts at most 1 000 000.)
    RATE_LIMIT_PER_MINUTE: '1000000',
    LOG_LEVEL: 'warn',
    ...(walletConnectProjectId && { WALLETCONNECT_PROJECT_ID: walletConnectProjectId }),
  };
  const profiling = cpuProfileDir ? ['--cpu-prof', '--cpu-prof-dir', cpuProfileDir] : [];
  const child: ChildProcess = spawn(
    'taskset',
    ['-c', cpus, process.execPath, ...profiling, ...runtime.nodeArguments],
    { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + 60_000;
  while (!(await healthy(`http://127.0.0.1:${port}`))) {
    if (child.exitCode !== null) {
      throw new Error(
        `the server exited with ${child.exitCode} before /healthz answered:\n${output}`,
      );
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer /healthz within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, pid: child.pid as number, runtime, output: () => output, stop };
}
