import { useLingui } from '@lingui/react/macro';
import type { SignerState } from '../../proof/use-verify-tool';

/** Who signed the message, as the browser found out. */
export function SignerVerdict({
  state,
  chainName,
}: {
  state: SignerState;
  chainName(id: number): string;
}) {
  const { t, i18n } = useLingui();
  let text: string;
  let ok: boolean | null = null;
  switch (state.status) {
    case 'waiting':
      text = t`Paste the signature to find out who signed the message.`;
      break;
    case 'checking':
      text = t`Checking the signature…`;
      break;
    case 'error':
      text = t`The signature could not be checked. Please try again.`;
      ok = false;
      break;
    case 'done': {
      const { signer, verdict } = state;
      // A Solana signer's words come with its check (proof/solana-signer-verdict.ts).
      if (verdict) {
        text = i18n._(verdict.text);
        ok = verdict.ok;
        break;
      }
      const address = 'address' in signer ? signer.address : '';
      const chain = 'chainId' in signer ? chainName(signer.chainId) : '';
      ok = signer.kind === 'EOA' || signer.kind === 'CONTRACT' || signer.kind === 'COUNTERFACTUAL';
      if (signer.kind === 'EOA') {
        text = t`✓ Signed by ${address}: a key-signed account (EOA), recovered in your browser without any network request.`;
      } else if (signer.kind === 'CONTRACT') {
        text = t`✓ Signed by the contract wallet ${address} on ${chain} (EIP-1271), asked through that chain.`;
      } else if (signer.kind === 'COUNTERFACTUAL') {
        text = t`✓ Signed by the not-yet-deployed contract wallet ${address} on ${chain} (EIP-6492).`;
      } else if (signer.kind === 'unverifiable') {
        const chainId = signer.chainId;
        text = t`? Not a key signature of the address; a contract wallet would need chain ${chainId}, which this site does not enable.`;
        ok = false;
      } else if (signer.kind === 'invalid' && signer.reason === 'CHAIN_UNAVAILABLE') {
        text = t`✗ The chain did not answer in time, so a contract-wallet signature could not be checked. Try again.`;
      } else if (signer.kind === 'invalid' && signer.reason === 'NOT_HEX') {
        text = t`✗ The signature is not hexadecimal (0x…).`;
      } else {
        text = t`✗ The signature does not prove the address: it was not made by its key, nor accepted by a contract wallet at it.`;
      }
    }
  }
  return (
    <p
      className={`proof-verdict ${ok === true ? 'proof-verified' : ok === false ? 'proof-failed' : ''}`}
      role="status"
      data-testid="signer-verdict"
      data-ok={ok === null ? undefined : String(ok)}
    >
      {text}
    </p>
  );
}
