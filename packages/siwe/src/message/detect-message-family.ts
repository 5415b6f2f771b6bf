import { ETHEREUM_HEADER_SUFFIX, SOLANA_HEADER_SUFFIX } from './message-headers.js';

export type MessageFamily = 'eip155' | 'solana';

/**
 * Which parser reads a sign-in message, from its first line only: "… wants
 * you to sign in with your Ethereum account:" or "… Solana account:". The
 * rest of the message is the parser's to check, so a Solana first line over
 * an Ethereum address is a Solana message that its parser refuses.
 * Undefined for anything else.
 */
export function detectMessageFamily(text: string): MessageFamily | undefined {
  if (typeof text !== 'string') return undefined;
  const end = text.indexOf('\n');
  const firstLine = end === -1 ? text : text.slice(0, end);
  if (
    firstLine.length > ETHEREUM_HEADER_SUFFIX.length &&
    firstLine.endsWith(ETHEREUM_HEADER_SUFFIX)
  ) {
    return 'eip155';
  }
  if (firstLine.length > SOLANA_HEADER_SUFFIX.length && firstLine.endsWith(SOLANA_HEADER_SUFFIX)) {
    return 'solana';
  }
  return undefined;
}
