import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../../../testing/hardhat-node.js';
import { withoutTestRunnerEnv } from './without-test-runner-env.js';

/**
 * Starts the built server the way `npm start` does (`node server/dist/main.js`)
 * on a free loopback port, with a fresh SQLite file, and resolves once
 * `/healthz` answers 200.
 */
export type SigilServer = {
  /** The public URL, e.g. `http://localhost:41234`: the origin pages open. */
  url: string;
  port: number;
  /** The server's stdout and stderr so far (its last 50 000 characters). */
  output(): string;
  stop(): Promise<void>;
};

export type StartSigilServerParameters = {
  repoRoot: string;
  /** Where the SQLite database file goes. */
  dataDir: string;
  chains: { id: number; rpcUrl: string }[];
  /** Extra environment, e.g. `WALLETCONNECT_PROJECT_ID`. */
  env?: Record<string, string>;
};

// Variables the server's config reads: none may leak in from the shell.
const CONFIG_VARIABLE =
  /^(PORT|HOST|PUBLIC_URL|ALLOWED_ORIGINS|DATABASE_URL|REDIS_URL|CHAINS|RPC_URL_\d+|WALLETCONNECT_PROJECT_ID|SESSION_MAX_AGE|SESSION_IDLE_TIMEOUT|NONCE_TTL|RATE_LIMIT_PER_MINUTE|LOG_LEVEL)$/;

async function healthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) });
    return response.status === 200;
  } catch {
    return false;
  }
}

export async function startSigilServer(
  parameters: StartSigilServerParameters,
): Promise<SigilServer> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const inherited = Object.fromEntries(
    Object.entries(withoutTestRunnerEnv(process.env)).filter(
      ([name]) => !CONFIG_VARIABLE.test(name),
    ),
  );
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATABASE_URL: `sqlite:${join(parameters.dataDir, 'e2e.sqlite')}`,
    CHAINS: parameters.chains.map((chain) => chain.id).join(','),
    ...Object.fromEntries(parameters.chains.map((chain) => [`RPC_URL_${chain.id}`, chain.rpcUrl])),
    LOG_LEVEL: 'warn',
    // Every test signs in from the same loopback address.
    RATE_LIMIT_PER_MINUTE: '1000',
    ...parameters.env,
  };
  const child: ChildProcess = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: parameters.repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-50_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + 30_000;
  while (!(await healthy(`http://127.0.0.1:${port}`))) {
    if (child.exitCode !== null) {
      throw new Error(
        `the server exited with ${child.exitCode} before /healthz answered:\n${output}`,
      );
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer /healthz within 30 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, port, output: () => output, stop };
}
