import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { freePort, onFreePort } from './free-port.js';
import { jsonRpc } from './json-rpc.js';
import { spawnCapped } from './spawn-capped.js';

// Older imports name it here; it lives in free-port.ts.
export { freePort };

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

async function rpcAnswers(url: string): Promise<boolean> {
  try {
    await jsonRpc(url, 'eth_chainId', [], AbortSignal.timeout(1000));
    return true;
  } catch {
    return false;
  }
}

export function startHardhatNode(
  parameters: StartHardhatNodeParameters = {},
): Promise<HardhatNode> {
  const chainId = parameters.chainId ?? 31337;
  if (parameters.port !== undefined) return startOn(parameters.port, chainId);
  return onFreePort((port) => startOn(port, chainId));
}

async function startOn(port: number, chainId: number): Promise<HardhatNode> {
  const cli = require.resolve('hardhat/internal/cli/cli.js');
  const node = spawnCapped({
    command: process.execPath,
    args: [cli, 'node', '--hostname', '127.0.0.1', '--port', String(port), '--config', configPath],
    env: {
      ...process.env,
      SIGIL_HARDHAT_CHAIN_ID: String(chainId),
      HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true',
      // Hardhat's own update and analytics checks would reach the internet.
      DO_NOT_TRACK: '1',
    },
    killAfterMs: 3000,
  });
  const url = `http://127.0.0.1:${port}`;
  await node.waitUntilReady({ ready: () => rpcAnswers(url), what: `JSON-RPC on ${url}` });
  return { url, chainId, port, stop: node.stop };
}
