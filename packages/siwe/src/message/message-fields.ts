/**
 * The fields both sign-in message families hold alike. Times are kept as the
 * exact RFC 3339 text of the message: re-serialising a Date could change the
 * text, and with it the bytes the wallet signed.
 */
export type MessageFields = {
  /** RFC 3986 authority (host[:port], optionally userinfo@) asking for the sign-in. */
  domain: string;
  /** One line of text for the user; never contains a line break. */
  statement?: string;
  /** RFC 3986 URI the sign-in is for. */
  uri: string;
  version: '1';
  /** At least 8 letters or digits, issued by the server against replay. */
  nonce: string;
  /** RFC 3339 date-time. */
  issuedAt: string;
  /** RFC 3339 date-time after which the message is no longer valid. */
  expirationTime?: string;
  /** RFC 3339 date-time before which the message is not yet valid. */
  notBefore?: string;
  /** A sequence of RFC 3986 pchar chosen by the relying party (never empty in a Solana message). */
  requestId?: string;
  /** RFC 3986 URIs the user wishes to have resolved as part of the sign-in. */
  resources?: string[];
};
