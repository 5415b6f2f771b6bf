import { checkMessageFields, type MessageFieldsCheck } from './check-message-fields.js';
import { SIWE_GRAMMAR } from './siwe-grammar.js';
import type { SiweMessage } from './siwe-message.js';

/**
 * A pasted EIP-4361 message, field by field with the parser's own rules (a
 * person sees every problem at once), then whole by parseSiweMessage, which
 * alone decides whether it is a message.
 */
export function checkSiweMessageFields(text: string): MessageFieldsCheck<SiweMessage> {
  return checkMessageFields(SIWE_GRAMMAR, text);
}
