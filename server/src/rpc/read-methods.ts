/**
 * The JSON-RPC methods /rpc/<chainId> forwards: what the web app reads
 * (docs/web-app.md), nothing that writes, signs, reads the node's own state
 * or asks it for unbounded work.
 *
 * - balances: `eth_getBalance`; ENS names and avatars, token facts, access
 *   reports and contract-wallet proofs: `eth_call` (Multicall3 included),
 *   `eth_getCode`;
 * - a tip followed to its end (wagmi's `waitForTransactionReceipt`):
 *   `eth_blockNumber`, `eth_getTransactionReceipt`,
 *   `eth_getTransactionByHash`, `eth_getBlockByNumber`;
 * - what viem asks before a wallet sends (fees, gas, nonce) when it fills a
 *   transaction through the app's transport: `eth_chainId`, `eth_estimateGas`,
 *   `eth_gasPrice`, `eth_maxPriorityFeePerGas`, `eth_feeHistory`,
 *   `eth_getTransactionCount`.
 *
 * `eth_getLogs` is left out: nothing in the app reads logs, and a wide block
 * range is the costliest request an endpoint serves.
 */
export const READ_METHODS: ReadonlySet<string> = new Set([
  'eth_chainId',
  'eth_blockNumber',
  'eth_call',
  'eth_getBalance',
  'eth_getCode',
  'eth_getTransactionCount',
  'eth_estimateGas',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_getBlockByNumber',
  'eth_getTransactionReceipt',
  'eth_getTransactionByHash',
]);
