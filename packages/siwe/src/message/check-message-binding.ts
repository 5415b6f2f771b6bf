import { DomainMismatchError, InvalidNonceError } from '../errors/siwe.js';
import type { SiweMessage } from './siwe-message.js';

export type MessageBinding = {
  /** The authorities (host[:port]) this service signs people in for. */
  domains: readonly string[];
  /** The nonce this sign-in was issued, when the caller knows which one it expects. */
  nonce?: string;
};

/**
 * Checks that a message was written for this service and this sign-in, so a
 * signature obtained by another site (phishing) or for another nonce (replay)
 * is refused. Comparisons are exact: the wallet showed the user these very
 * characters.
 *
 * @throws DomainMismatchError, InvalidNonceError
 */
export function checkMessageBinding(
  message: Pick<SiweMessage, 'domain' | 'nonce'>,
  binding: MessageBinding,
): void {
  if (!binding.domains.includes(message.domain)) {
    throw new DomainMismatchError('The message is for another domain.', {
      details: { domain: message.domain },
    });
  }
  if (binding.nonce !== undefined && message.nonce !== binding.nonce) {
    throw new InvalidNonceError('The message carries another nonce than the one issued.');
  }
}
