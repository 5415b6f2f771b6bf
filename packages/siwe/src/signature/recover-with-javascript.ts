import { type Address, type Hex, recoverMessageAddress } from 'viem';

/**
 * The signer of an EIP-191 personal message by viem's recovery (noble,
 * JavaScript), or null when the bytes are not a recoverable signature: the
 * reference every faster recovery must agree with. It takes what viem takes
 * and nothing more: exactly 65 bytes, v of 0, 1, 27 or 28, r and s in [1, n).
 * Like ecrecover it does not refuse a high s: EIP-2's low-s rule is for
 * transactions, and a SIWE signature proves the key either way.
 */
export async function recoverWithJavaScript(
  message: string,
  signature: Hex,
): Promise<Address | null> {
  try {
    return await recoverMessageAddress({ message, signature });
  } catch {
    return null;
  }
}
