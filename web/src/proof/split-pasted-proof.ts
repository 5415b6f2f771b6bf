// Hex for an Ethereum signature, base58 for a Solana one.
const SIGNATURE_LINE = /\n\nSignature: (0x[0-9a-fA-F]*|[1-9A-HJ-NP-Za-km-z]+)\s*$/;

/**
 * A proof copied from a public profile is the message, a blank line and
 * "Signature: 0x…" (or the base58 of a Solana one): pasted whole into the
 * message box, it is split back in two.
 */
export function splitPastedProof(text: string): { message: string; signature: string | null } {
  const match = SIGNATURE_LINE.exec(text);
  if (!match?.[1]) return { message: text, signature: null };
  return { message: text.slice(0, match.index), signature: match[1] };
}
