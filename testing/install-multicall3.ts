import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { jsonRpc } from './json-rpc.js';

/**
 * Puts Multicall3 at its canonical address on a Hardhat node, as every public
 * chain has it. viem's Sepolia definition names that contract, so wagmi reads
 * balances through it; without it a node standing in for Sepolia answers `0x`
 * and the app shows "unavailable" where Sepolia would show a balance.
 */
export const MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11';

/** viem ships Multicall3's creation code for deployless calls but does not export it. */
async function multicall3CreationCode(): Promise<string> {
  const viemRoot = dirname(createRequire(import.meta.url).resolve('viem/package.json'));
  const contracts = (await import(
    pathToFileURL(join(viemRoot, '_esm/constants/contracts.js')).href
  )) as { multicall3Bytecode: string };
  return contracts.multicall3Bytecode;
}

export async function installMulticall3(rpcUrl: string): Promise<void> {
  // Running the creation code in an eth_call returns the runtime code, with no transaction.
  const runtime = await jsonRpc(rpcUrl, 'eth_call', [
    { data: await multicall3CreationCode() },
    'latest',
  ]);
  await jsonRpc(rpcUrl, 'hardhat_setCode', [MULTICALL3_ADDRESS, runtime]);
}
