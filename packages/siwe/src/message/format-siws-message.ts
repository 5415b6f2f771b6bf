import { SIWS_GRAMMAR } from './siws-grammar.js';
import type { SiwsMessage } from './siws-message.js';
import { writeMessage } from './write-message.js';

/**
 * The Sign In With Solana text of a set of fields, byte for byte what the
 * Solana Wallet Standard's createSignInMessageText writes for them (what a
 * wallet's `solana:signIn` signs): the app writes it for a wallet that only
 * has `solana:signMessage`, and tests write it. Every field is checked with
 * the parser's own rules first, so parseSiwsMessage reads the text back to
 * the same fields.
 *
 * @throws InvalidMessageError when the fields cannot make a message.
 */
export function formatSiwsMessage(message: SiwsMessage): string {
  return writeMessage(SIWS_GRAMMAR, message);
}
