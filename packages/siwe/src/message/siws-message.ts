import { MAX_SIWE_MESSAGE_LENGTH } from './siwe-message.js';

/**
 * The fields of a Sign In With Solana message (CAIP-122 as Phantom and the
 * Solana Wallet Standard write it). Sigil requires the fields its policy
 * checks; the Solana form has no scheme. Times are kept as the exact text of
 * the message, the bytes the wallet signed.
 */
export type SiwsMessage = {
  /** RFC 3986 authority (host[:port], optionally userinfo@) asking for the sign-in. */
  domain: string;
  /** The signing key: base58 of 32 bytes. */
  address: string;
  /** One line of text for the user; never contains a line break. */
  statement?: string;
  /** RFC 3986 URI the sign-in is for. */
  uri: string;
  version: '1';
  /**
   * The cluster, as written: a name (`mainnet`, `devnet`, `testnet`,
   * `localnet`) or its `solana:` form, either the Wallet Standard's
   * (`solana:mainnet`) or CAIP-2's (`solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`).
   * solanaClusterOf tells which cluster Sigil knows it as.
   */
  chainId: string;
  /** At least 8 letters or digits, issued by the server against replay. */
  nonce: string;
  /** RFC 3339 date-time. */
  issuedAt: string;
  /** RFC 3339 date-time after which the message is no longer valid. */
  expirationTime?: string;
  /** RFC 3339 date-time before which the message is not yet valid. */
  notBefore?: string;
  /** A non-empty sequence of RFC 3986 pchar chosen by the relying party. */
  requestId?: string;
  /** RFC 3986 URIs the user wishes to have resolved as part of the sign-in. */
  resources?: string[];
};

/** The longest Solana message, in characters, the server will read: as for EIP-4361. */
export const MAX_SIWS_MESSAGE_LENGTH = MAX_SIWE_MESSAGE_LENGTH;
