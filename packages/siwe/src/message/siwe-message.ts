import type { MessageFields } from './message-fields.js';

/** The fields of an EIP-4361 (Sign-In with Ethereum) message. */
export type SiweMessage = MessageFields & {
  /** RFC 3986 scheme the domain was offered under, when the message names one. */
  scheme?: string;
  /** The signing account, EIP-55 checksummed. */
  address: `0x${string}`;
  /** EIP-155 chain id the session is bound to. */
  chainId: number;
};

/**
 * The longest message, in characters, the server will read. Real messages are
 * well under 1 KiB; anything longer is refused before any parsing work so a
 * hostile client cannot make the server scan megabytes.
 */
export const MAX_SIWE_MESSAGE_LENGTH = 16 * 1024;
