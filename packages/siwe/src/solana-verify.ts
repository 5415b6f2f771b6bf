/**
 * @sigil/siwe/solana-verify: Ed25519 verification of Solana sign-in
 * messages, an entry of its own so that a bundle that never checks a Solana
 * proof does not carry the curve code (the main entry never imports it).
 */
export {
  type VerifySolanaSignatureParameters,
  verifySolanaSignature,
} from './solana/verify-solana-signature.js';
