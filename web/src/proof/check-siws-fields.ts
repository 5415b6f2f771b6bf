import { checkSiwsMessageFields, type MessageFieldsCheck, type SiwsMessage } from '@sigil/siwe';

export type SiwsFieldsCheck = MessageFieldsCheck<SiwsMessage> & {
  standard: 'Sign In With Solana';
};

/**
 * A pasted Sign In With Solana message, field by field, as `checkSiweFields`
 * does an EIP-4361 one: the same layout, a base58 key for the address and a
 * cluster for the chain id; then the server's strict parser decides.
 */
export function checkSiwsFields(text: string): SiwsFieldsCheck {
  return { standard: 'Sign In With Solana', ...checkSiwsMessageFields(text) };
}
