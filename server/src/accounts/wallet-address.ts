import { isSolanaAddress } from '@sigil/siwe';
import { getAddress, isAddress } from 'viem';

/**
 * A wallet address as Sigil stores and shows it, or undefined for text that
 * is none: an Ethereum address in any case comes out EIP-55 checksummed; a
 * Solana address (base58 of a 32-byte key) comes out exactly as written:
 * base58 is case-sensitive, so changing its case would name another key. The
 * two never overlap: `0` is not a base58 digit.
 */
export function walletAddressOf(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined;
  if (isAddress(text, { strict: false })) return getAddress(text);
  return isSolanaAddress(text) ? text : undefined;
}
