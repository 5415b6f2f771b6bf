import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useRuntimeConfig } from '../../app/runtime-config-context';
import { isEvmAddress } from '../../components/is-evm-address';
import { useWalletProof } from '../../proof/use-wallet-proof';
import type { ProofCheckName, PublishedWallet } from '../../proof/verify-wallet-proof';
import { walletKindLabel as kindLabel, SOLANA_KEY_LABEL } from '../account/wallet-kind-label';

const checkLabel: Record<ProofCheckName, MessageDescriptor> = {
  domain: msg`Domain`,
  address: msg`Address`,
  chain: msg`Chain`,
  issuedAt: msg`Issued at`,
  signature: msg`Signature`,
};

/** The text "Copy proof" puts on the clipboard: enough for anyone to re-verify it (e.g. on /verify). */
export function proofText(wallet: PublishedWallet): string {
  return `${wallet.proof.message}\n\nSignature: ${wallet.proof.signature}`;
}

/** One published wallet and its proof, re-verified in this browser, field by field. */
export function WalletProofCard({ wallet }: { wallet: PublishedWallet }) {
  const { chains } = useRuntimeConfig();
  const state = useWalletProof(wallet);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const { t, i18n } = useLingui();
  const chainName = (id: number) => chains.find((chain) => chain.id === id)?.name ?? t`chain ${id}`;
  const solana = !isEvmAddress(wallet.address);
  const kindName = i18n._(solana ? SOLANA_KEY_LABEL : kindLabel[wallet.kind]);
  const kind =
    solana || wallet.chainId === null || wallet.chainId === undefined
      ? kindName
      : t`${kindName} on ${chainName(wallet.chainId)}`;
  const verdict =
    state.status === 'verifying'
      ? 'verifying'
      : state.status === 'done' && state.result.verified
        ? 'verified'
        : 'failed';
  return (
    <li
      className="row proof-card"
      data-testid="proof-card"
      data-address={wallet.address}
      data-verdict={verdict}
    >
      <div className="row-text">
        <p>
          <code className="address">{wallet.address}</code>
        </p>
        <p className="row-meta">{kind}</p>
        <p className={`proof-verdict proof-${verdict}`} role="status" data-testid="proof-verdict">
          {verdict === 'verifying'
            ? t`Verifying in your browser…`
            : verdict === 'verified'
              ? t`✓ Verified in your browser`
              : t`✗ Not verified: this proof does not hold`}
        </p>
        {state.status === 'done' ? (
          <ul className="proof-checks" aria-label={t`Checked fields`}>
            {state.result.checks.map((check) => (
              <li
                key={check.name}
                data-testid="proof-check"
                data-check={check.name}
                data-ok={check.ok}
              >
                <span className={check.ok ? 'check-ok' : 'check-failed'} aria-hidden="true">
                  {check.ok ? '✓' : '✗'}
                </span>{' '}
                <strong>{i18n._(checkLabel[check.name])}</strong>
                <span className="visually-hidden">{check.ok ? t` holds` : t` fails`}</span>:{' '}
                {check.detail}
              </li>
            ))}
          </ul>
        ) : null}
        {state.status === 'error' ? (
          <p className="inline-error">
            <Trans>The proof could not be checked. Reload to try again.</Trans>
          </p>
        ) : null}
      </div>
      <div className="row-actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            navigator.clipboard.writeText(proofText(wallet)).then(
              () => setCopied('yes'),
              () => setCopied('failed'),
            );
          }}
        >
          <Trans>Copy proof</Trans>
        </button>
        <span className="muted small" role="status">
          {copied === 'yes' ? t`Copied.` : copied === 'failed' ? t`Copying failed.` : ''}
        </span>
      </div>
    </li>
  );
}
