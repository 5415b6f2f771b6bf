import type { MessageFields } from './message-fields.js';
import { MAX_SIWE_MESSAGE_LENGTH } from './siwe-message.js';

/**
 * The fields of a Sign In With Solana message (CAIP-122 as Phantom and the
 * Solana Wallet Standard write it). Sigil requires the fields its policy
 * checks; the Solana form has no scheme.
 */
export type SiwsMessage = MessageFields & {
  /** The signing key: base58 of 32 bytes. */
  address: string;
  /**
   * The cluster, as written: a name (`mainnet`, `devnet`, `testnet`,
   * `localnet`) or its `solana:` form, either the Wallet Standard's
   * (`solana:mainnet`) or CAIP-2's (`solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`).
   * solanaClusterOf tells which cluster Sigil knows it as.
   */
  chainId: string;
};

/** The longest Solana message, in characters, the server will read: as for EIP-4361. */
export const MAX_SIWS_MESSAGE_LENGTH = MAX_SIWE_MESSAGE_LENGTH;
