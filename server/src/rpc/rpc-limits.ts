/**
 * The bounds of /rpc/<chainId> (docs/operations.md, "Limits"): a batch is
 * what the web app sends in one tick (its transport splits larger ones), a
 * body holds such a batch of multicalls with room to spare.
 */
export const MAX_RPC_BATCH_CALLS = 100;
export const MAX_RPC_BODY_BYTES = 256 * 1024;
/** How long the chain's endpoint may take to answer a forwarded request. */
export const RPC_UPSTREAM_TIMEOUT_MS = 10_000;
