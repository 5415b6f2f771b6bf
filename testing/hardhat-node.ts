import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * Starts a real Hardhat 2 node (`hardhat node`) on a free loopback port and
 * resolves once it answers JSON-RPC. Tests use one node per chain id they
 * enable, so no chain ever falls back to a public endpoint.
 */
export type HardhatNode = {
  url: string;
  chainId: number;
  port: number;
  stop(): Promise<void>;
};

export type StartHardhatNodeParameters = {
  /** @default 31337 */
  chainId?: number;
  /** @default a free port */
  port?: number;
};

const require = createRequire(import.meta.url);
const configPath = fileURLToPath(new URL('./hardhat/hardhat.config.cjs', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function rpcAnswers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1000),
    });
    return response.ok;
  } catch {
    return false;
  }
}

export async function startHardhatNode(
  parameters: StartHardhatNodeParameters = {},
): Promise<HardhatNode> {
  const chainId = parameters.chainId ?? 31337;
  const port = parameters.port ?? (await freePort());
  const cli = require.resolve('hardhat/internal/cli/cli.js');
  const child: ChildProcess = spawn(
    process.execPath,
    [cli, 'node', '--hostname', '127.0.0.1', '--port', String(port), '--config', configPath],
    {
      env: {
        ...process.env,
        SIGIL_HARDHAT_CHAIN_ID: String(chainId),
        HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true',
        // Hardhat's own update and analytics checks would reach the internet.
        DO_NOT_TRACK: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    if (output.length < 20_000) output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    if (output.length < 20_000) output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (!(await rpcAnswers(url))) {
    if (child.exitCode !== null) {
      throw new Error(`hardhat node exited with ${child.exitCode}:\n${output}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`hardhat node did not answer on ${url} within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    url,
    chainId,
    port,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}
