import { decodeSolanaSignature } from '@sigil/siwe';
import type { Signer } from './identify-signer';

export type IdentifySolanaSignerParameters = {
  /** The exact text that was signed. */
  message: string;
  /** Base58 of the 64-byte Ed25519 signature. */
  signature: string;
  /** The Solana key the message names. */
  address: string;
};

/**
 * Checks a Solana signature in the browser: Ed25519 over the exact UTF-8
 * bytes, with the key the message names, as the server checks it
 * (docs/sign-in.md, "Solana wallets"). The curve code is its own chunk
 * (`@sigil/siwe/solana-verify`), loaded only by a page that meets a Solana
 * proof, so no other page downloads it.
 */
export async function identifySolanaSigner({
  message,
  signature,
  address,
}: IdentifySolanaSignerParameters): Promise<Signer> {
  const bytes = decodeSolanaSignature(signature.trim());
  if (!bytes) return { kind: 'invalid', reason: 'NOT_BASE58' };
  const { verifySolanaSignature } = await import('@sigil/siwe/solana-verify');
  return verifySolanaSignature({ message, signature: bytes, address })
    ? { kind: 'ED25519', address }
    : { kind: 'invalid', reason: 'NOT_THE_KEY' };
}
