/**
 * The fields of an EIP-4361 (Sign-In with Ethereum) message. Times are kept as
 * the exact RFC 3339 text of the message: re-serialising a Date could change
 * the text, and with it the bytes the wallet signed.
 */
export type SiweMessage = {
  /** RFC 3986 scheme the domain was offered under, when the message names one. */
  scheme?: string;
  /** RFC 3986 authority (host[:port], optionally userinfo@) asking for the sign-in. */
  domain: string;
  /** The signing account, EIP-55 checksummed. */
  address: `0x${string}`;
  /** One line of text for the user; never contains a line break. */
  statement?: string;
  /** RFC 3986 URI the sign-in is for. */
  uri: string;
  version: '1';
  /** EIP-155 chain id the session is bound to. */
  chainId: number;
  /** At least 8 letters or digits, issued by the server against replay. */
  nonce: string;
  /** RFC 3339 date-time. */
  issuedAt: string;
  /** RFC 3339 date-time after which the message is no longer valid. */
  expirationTime?: string;
  /** RFC 3339 date-time before which the message is not yet valid. */
  notBefore?: string;
  /** A sequence of RFC 3986 pchar chosen by the relying party. */
  requestId?: string;
  /** RFC 3986 URIs the user wishes to have resolved as part of the sign-in. */
  resources?: string[];
};

/**
 * The longest message, in characters, the server will read. Real messages are
 * well under 1 KiB; anything longer is refused before any parsing work so a
 * hostile client cannot make the server scan megabytes.
 */
export const MAX_SIWE_MESSAGE_LENGTH = 16 * 1024;
