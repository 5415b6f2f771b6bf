import { checkSiweMessageFields, type MessageFieldsCheck, type SiweMessage } from '@sigil/siwe';

export type SiweFieldsCheck = MessageFieldsCheck<SiweMessage> & { standard: 'EIP-4361' };

/**
 * A pasted EIP-4361 message checked field by field with the server's own rules,
 * so a person sees every problem at once rather than the first, then read whole
 * by the server's strict parser, which alone decides whether it is a message.
 */
export function checkSiweFields(text: string): SiweFieldsCheck {
  return { standard: 'EIP-4361', ...checkSiweMessageFields(text) };
}
