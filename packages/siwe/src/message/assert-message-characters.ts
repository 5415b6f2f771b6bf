import type { InvalidMessage } from './line-reader.js';

/**
 * Every character of the EIP-4361 grammar, and of Sign In With Solana's,
 * which copies it, is printable ASCII or LF. Checking that first turns CRLF,
 * tabs, control characters and Unicode lookalikes ("Ⅰssued At", a Cyrillic
 * "а" in the domain) into one plain error.
 */
export function assertMessageCharacters(text: string, invalid: InvalidMessage): void {
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x0a) {
      line++;
    } else if (code === 0x0d) {
      throw invalid(`line ${line} ends with CR; lines must end with LF only`);
    } else if (code < 0x20 || code > 0x7e) {
      throw invalid(`line ${line} contains a character outside printable ASCII`);
    }
  }
}
