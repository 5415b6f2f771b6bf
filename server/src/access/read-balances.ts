import { type Address, type ContractFunctionParameters, type PublicClient, parseAbi } from 'viem';
import type { BalanceRead } from './balance-reads.js';
import type { ChainHealth } from './chain-health.js';

/** Multicall3's address on every chain that has it (https://www.multicall3.com). */
export const MULTICALL3_ADDRESS: Address = '0xcA11bde05977b3631167028862bE2a173976CA11';

/** The multicall batch of docs/access.md: calldata bytes per `aggregate3` call. */
export const MULTICALL_BATCH_BYTES = 1024;

const tokenAbi = parseAbi(['function balanceOf(address owner) view returns (uint256)']);
const erc1155Abi = parseAbi([
  'function balanceOf(address account, uint256 id) view returns (uint256)',
]);
const multicall3Abi = parseAbi(['function getEthBalance(address addr) view returns (uint256)']);

export type ReadBalancesParameters = {
  /** One client per enabled chain. */
  clients: ReadonlyMap<number, PublicClient>;
  reads: ReadonlyMap<number, readonly BalanceRead[]>;
  /** One deadline over every chain's round. */
  timeoutMs: number;
  /** What the checks have seen of each chain; every round is reported to it. */
  health: ChainHealth;
  /** Whether a chain that is down is left alone (counted failed, no request). */
  skipDown: boolean;
  now: () => number;
};

export type ReadBalancesReturnType = {
  /** The sum per balance key, for every read that was answered. */
  balances: Map<string, bigint>;
  /** The chains that did not answer in time, or answered a read with an error. */
  failedChains: Set<number>;
};

/**
 * Reads every balance the rules need: per chain, one Multicall3 `aggregate3`
 * (split by viem into 1024-byte batches, which the transport sends as one
 * JSON-RPC batch), every chain at once, all under one deadline. A chain that
 * is late or fails is reported, never guessed: its keys are absent from
 * `balances`, so no rule can be granted on a read that did not happen.
 */
export async function readBalances({
  clients,
  reads,
  timeoutMs,
  health,
  skipDown,
  now,
}: ReadBalancesParameters): Promise<ReadBalancesReturnType> {
  const balances = new Map<string, bigint>();
  const answered = new Set<number>();
  const unsettled = new Map<number, (succeeded: boolean, at: number) => void>();
  const rounds = [...reads].map(async ([chainId, chainReads]) => {
    const asks = chainReads.some((read) => read.holders.length > 0);
    if (asks && skipDown && health.isDown(chainId, now())) return;
    if (asks) unsettled.set(chainId, health.roundStarted(chainId, now()));
    const settle = (succeeded: boolean) => {
      unsettled.get(chainId)?.(succeeded, now());
      unsettled.delete(chainId);
    };
    try {
      const { sums, failedKeys } = await readChain(clients.get(chainId), chainReads);
      for (const [key, sum] of sums) balances.set(key, sum);
      if (failedKeys.size === 0) answered.add(chainId);
      settle(failedKeys.size === 0);
    } catch (error) {
      settle(false);
      throw error;
    }
  });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  try {
    // A chain's failure is reported through `answered`; nobody awaits a late round.
    await Promise.race([Promise.allSettled(rounds), deadline]);
  } finally {
    clearTimeout(timer);
  }
  // The rounds still out at the deadline failed, whatever they answer later.
  for (const settle of unsettled.values()) settle(false, now());
  unsettled.clear();
  const failedChains = new Set([...reads.keys()].filter((chainId) => !answered.has(chainId)));
  // Past the deadline a round may still answer: it must not change what was reported.
  return { balances: new Map(balances), failedChains };
}

async function readChain(
  client: PublicClient | undefined,
  reads: readonly BalanceRead[],
): Promise<{ sums: Map<string, bigint>; failedKeys: Set<string> }> {
  const sums = new Map<string, bigint>(reads.map((read) => [read.key, 0n]));
  const failedKeys = new Set<string>();
  const calls = reads.flatMap((read) =>
    read.holders.map((holder) => ({ key: read.key, contract: balanceCall(read, holder) })),
  );
  // No wallet counts on this chain: every sum is 0, and there is nothing to ask.
  if (calls.length === 0) return { sums, failedKeys };
  if (!client) throw new Error('no client for this chain');
  const results = await client.multicall({
    contracts: calls.map((call) => call.contract),
    allowFailure: true,
    batchSize: MULTICALL_BATCH_BYTES,
    multicallAddress: MULTICALL3_ADDRESS,
  });
  for (const [index, result] of results.entries()) {
    const { key } = calls[index] as { key: string };
    // A reverted balanceOf (no contract there, not a token) is a failed read, not a zero.
    if (result.status === 'success')
      sums.set(key, (sums.get(key) ?? 0n) + (result.result as bigint));
    else failedKeys.add(key);
  }
  for (const key of failedKeys) sums.delete(key);
  return { sums, failedKeys };
}

function balanceCall(read: BalanceRead, holder: Address): ContractFunctionParameters {
  const { requirement } = read;
  switch (requirement.type) {
    case 'native':
      return {
        address: MULTICALL3_ADDRESS,
        abi: multicall3Abi,
        functionName: 'getEthBalance',
        args: [holder],
      };
    case 'erc1155':
      return {
        address: requirement.contract as Address,
        abi: erc1155Abi,
        functionName: 'balanceOf',
        args: [holder, requirement.tokenId],
      };
    default:
      return {
        address: requirement.contract as Address,
        abi: tokenAbi,
        functionName: 'balanceOf',
        args: [holder],
      };
  }
}
