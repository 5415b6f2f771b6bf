import { checkMessageFields, type MessageFieldsCheck } from './check-message-fields.js';
import { SIWS_GRAMMAR } from './siws-grammar.js';
import type { SiwsMessage } from './siws-message.js';

/**
 * A pasted Sign In With Solana message, field by field with the parser's own
 * rules (a base58 key for the address, a cluster for the chain id), then
 * whole by parseSiwsMessage, which alone decides whether it is a message.
 */
export function checkSiwsMessageFields(text: string): MessageFieldsCheck<SiwsMessage> {
  return checkMessageFields(SIWS_GRAMMAR, text);
}
