import { readMessage } from './read-message.js';
import { SIWS_GRAMMAR } from './siws-grammar.js';
import type { SiwsMessage } from './siws-message.js';

/**
 * Reads a Sign In With Solana message strictly: exactly the text that
 * Phantom's grammar describes and the Solana Wallet Standard's
 * createSignInMessageText writes, with the fields Sigil's policy needs
 * (URI, Version 1, Chain ID, Nonce, Issued At) required; fields in order, no
 * extra, duplicate or blank lines, LF line endings, no trailing line break, a
 * base58 address of 32 bytes and a Solana chain id. The cost is linear in
 * the length of the text, and text longer than MAX_SIWS_MESSAGE_LENGTH is
 * refused unread.
 *
 * @throws InvalidMessageError saying what is wrong.
 */
export function parseSiwsMessage(text: string): SiwsMessage {
  return readMessage(SIWS_GRAMMAR, text);
}
