import { readMessage } from './read-message.js';
import { SIWE_GRAMMAR } from './siwe-grammar.js';
import type { SiweMessage } from './siwe-message.js';

/**
 * Reads an EIP-4361 message strictly: the exact grammar of the EIP's ABNF,
 * fields in the mandated order, no extra, duplicate or blank lines, LF line
 * endings, an EIP-55 checksummed address. The cost is linear in the length of
 * the text, and text longer than MAX_SIWE_MESSAGE_LENGTH is refused unread.
 *
 * @throws InvalidMessageError saying what is wrong.
 */
export function parseSiweMessage(text: string): SiweMessage {
  return readMessage(SIWE_GRAMMAR, text);
}
