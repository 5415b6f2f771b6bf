import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { buildIfStale } from '../../testing/build-if-stale.js';
import { type HardhatNode, startHardhatNode } from '../../testing/hardhat-node.js';
import { installMulticall3 } from '../../testing/install-multicall3.js';
import { type BuiltServer, startBuiltServer } from '../../testing/start-built-server.js';
import type { E2eChain, E2eEnvironment } from './e2e-environment.js';
import { FAILURES_DIR } from './harness/save-screenshot.js';

/** Sepolia's id, served here by a local Hardhat node: no test may reach the real one. */
const ENABLED_CHAIN_IDS = [31337, 11155111];
/** A chain the server does not enable, for the wrong-network flow. */
const STRAY_CHAIN_ID = 1337;

function describeChain(node: HardhatNode): E2eChain {
  return { id: node.chainId, rpcUrl: node.url, port: node.port };
}

/**
 * Once per run: build if sources changed, start one Hardhat node per chain and
 * the server against them; tear all of it down at the end.
 */
export default async function setup(project: TestProject) {
  const started = Date.now();
  // Failure screenshots describe the last run only.
  rmSync(FAILURES_DIR, { recursive: true, force: true });
  const nodes: HardhatNode[] = [];
  let server: BuiltServer | undefined;

  const teardown = async () => {
    const output = server?.output().trim();
    if (output) console.warn(`\n[e2e] server output (warn and above):\n${output.slice(-5000)}\n`);
    await server?.stop();
    await Promise.all(nodes.map((node) => node.stop()));
  };

  try {
    const building = buildIfStale();
    // Settled, not raced: on a failure every node that did start must be there to stop.
    const starts = await Promise.allSettled([
      building,
      ...[...ENABLED_CHAIN_IDS, STRAY_CHAIN_ID].map(async (chainId) => {
        const node = await startHardhatNode({ chainId });
        nodes.push(node);
        await installMulticall3(node.url);
      }),
    ]);
    const failed = starts.find((start) => start.status === 'rejected');
    if (failed) throw failed.reason;
    const build = await building;
    const chainNode = (id: number) => {
      const node = nodes.find((candidate) => candidate.chainId === id);
      if (!node) throw new Error(`no Hardhat node for chain ${id}`);
      return describeChain(node);
    };
    const chains = ENABLED_CHAIN_IDS.map(chainNode);
    server = await startBuiltServer({ chains });
    const environment: E2eEnvironment = {
      appUrl: server.url,
      appPort: server.port,
      chains,
      strayChain: chainNode(STRAY_CHAIN_ID),
    };
    project.provide('sigil', environment);
    console.info(
      `[e2e] ${build === 'built' ? 'built, ' : ''}server ${server.url}, chains ${[...chains, environment.strayChain].map((chain) => `${chain.id}@${chain.port}`).join(' ')} ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
