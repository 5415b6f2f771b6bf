import type { Signer } from './identify-signer';
import {
  type IdentifySolanaSignerParameters,
  identifySolanaSigner,
} from './identify-solana-signer';
import { type SignerVerdictWords, solanaSignerVerdict } from './solana-signer-verdict';

/** /verify's check of a Solana signature and its words, one chunk loaded only for a Solana message. */
export async function checkSolanaSigner(
  parameters: IdentifySolanaSignerParameters,
): Promise<{ signer: Signer; verdict: SignerVerdictWords }> {
  const signer = await identifySolanaSigner(parameters);
  return { signer, verdict: solanaSignerVerdict(signer) };
}
