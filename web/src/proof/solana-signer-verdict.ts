import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Signer } from './identify-signer';

/** /verify's line about who signed, in words to translate when shown, and whether it is good news. */
export type SignerVerdictWords = { text: MessageDescriptor; ok: boolean };

/**
 * What /verify says of a Solana signer. Here, in the Solana chunk, rather than in the page:
 * an Ethereum visit to /verify downloads none of it (docs/web-app.md, "Solana wallets").
 */
export function solanaSignerVerdict(signer: Signer): SignerVerdictWords {
  if (signer.kind === 'ED25519') {
    const address = signer.address;
    return {
      text: msg`✓ Signed by the Solana key ${address} (Ed25519), checked in your browser without any network request.`,
      ok: true,
    };
  }
  if (signer.kind === 'invalid' && signer.reason === 'NOT_BASE58') {
    return { text: msg`✗ The signature is not the base58 text of 64 bytes.`, ok: false };
  }
  return {
    text: msg`✗ The signature is not the Solana key’s: it was not made by the key the message names.`,
    ok: false,
  };
}
