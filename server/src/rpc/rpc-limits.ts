/**
 * The bounds of /rpc/<chainId> (docs/operations.md, "Limits"): a batch is
 * what the web app sends in one tick (its transport splits larger ones), a
 * body holds such a batch of multicalls with room to spare.
 */
export const MAX_RPC_BATCH_CALLS = 100;
export const MAX_RPC_BODY_BYTES = 256 * 1024;
/**
 * The largest answer taken from the chain's endpoint for one request: a
 * mainnet block with its transactions is 1 to 2 MiB, and nothing the web app
 * reads comes near it.
 */
export const MAX_RPC_ANSWER_BYTES = 8 * 1024 * 1024;
/** How long the chain's endpoint may take to answer a forwarded request. */
export const RPC_UPSTREAM_TIMEOUT_MS = 10_000;
