import { SIWE_GRAMMAR } from './siwe-grammar.js';
import type { SiweMessage } from './siwe-message.js';
import { writeMessage } from './write-message.js';

/**
 * Sigil's server only reads messages; its tests, benches and the conformance
 * suite write them. This is the canonical EIP-4361 text of a set of fields,
 * the exact bytes a wallet is asked to sign. Every field is checked with the
 * parser's own rules first, so whatever this returns, parseSiweMessage reads
 * back to the same fields.
 *
 * @throws InvalidMessageError when the fields cannot make a message.
 */
export function formatSiweMessage(fields: SiweMessage): string {
  return writeMessage(SIWE_GRAMMAR, fields);
}
