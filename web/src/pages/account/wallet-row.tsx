import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { shortAddress } from '../../components/short-address';
import { useFormatter } from '../../format/use-formatter';
import type { WalletFieldsFragment } from '../../graphql/generated/graphql';
import { useEnsIdentity } from './use-ens-identity';
import { namespaceLabel, SOLANA_KEY_LABEL } from './wallet-kind-label';

export type WalletRowProps = {
  wallet: WalletFieldsFragment;
  chainName(chainId: number): string;
  /** The wallet the connected wallet shows now. */
  inUse: boolean;
  /** The account's only wallet: it cannot be unlinked. */
  only: boolean;
  pending: boolean;
  disabled: boolean;
  onMakePrimary(): void;
  onUnlink(): void;
  onPublicChange(visible: boolean): void;
};

const kindLabel: Record<WalletFieldsFragment['kind'], MessageDescriptor> = {
  EOA: msg`Key-signed account (EOA), on every chain`,
  CONTRACT: msg`Contract wallet (EIP-1271)`,
  COUNTERFACTUAL: msg`Undeployed contract wallet (EIP-6492)`,
};

const MAINNET_ID = 1;

/** One wallet of the account: who it is, how it proves itself, and what can be done with it. */
export function WalletRow({
  wallet,
  chainName,
  inUse,
  only,
  pending,
  disabled,
  onMakePrimary,
  onUnlink,
  onPublicChange,
}: WalletRowProps) {
  const { dateTime: formatDateTime } = useFormatter();
  // Mainnet's name for the address means this wallet only if it is an EOA or lives on mainnet.
  const ensApplies =
    wallet.chainId === null || wallet.chainId === undefined || wallet.chainId === MAINNET_ID;
  const { name } = useEnsIdentity(wallet.address, { enabled: ensApplies });
  const descriptionId = `wallet-${wallet.address}-${wallet.chainId ?? 'any'}`;
  const { t, i18n } = useLingui();
  const solana = wallet.namespace === 'SOLANA';
  const kindName = i18n._(solana ? SOLANA_KEY_LABEL : kindLabel[wallet.kind]);
  const kind =
    solana || wallet.chainId === null || wallet.chainId === undefined
      ? kindName
      : t`${kindName} on ${chainName(wallet.chainId)}`;
  const linkedAt = formatDateTime(wallet.linkedAt);
  const lastSignIn = wallet.lastSignInAt ? formatDateTime(wallet.lastSignInAt) : null;
  return (
    <li
      className="row wallet-row"
      data-testid="wallet-item"
      data-address={wallet.address}
      data-namespace={wallet.namespace}
      data-primary={wallet.primary ? 'true' : undefined}
    >
      <div id={descriptionId} className="row-text">
        {name || wallet.primary || inUse ? (
          <p className="row-title">
            {name ? <span className="wallet-name">{name}</span> : null}
            {wallet.primary ? (
              <span className="tag tag-primary" data-testid="primary-badge">
                <Trans>Primary</Trans>
              </span>
            ) : null}
            {inUse ? (
              <span className="tag">
                <Trans>In your wallet now</Trans>
              </span>
            ) : null}
          </p>
        ) : null}
        <p>
          <span className="tag" data-testid="wallet-namespace">
            {i18n._(solana ? namespaceLabel.SOLANA : namespaceLabel.ETHEREUM)}
          </span>{' '}
          <code className="address" data-testid="wallet-address" title={wallet.address}>
            {solana ? shortAddress(wallet.address) : wallet.address}
          </code>
        </p>
        <p className="row-meta">
          {kind} · {t`linked ${linkedAt}`} ·{' '}
          {lastSignIn !== null ? t`last sign-in ${lastSignIn}` : t`never signed in`}
        </p>
      </div>
      <div className="row-actions">
        <label className="checkbox checkbox-inline">
          <input
            type="checkbox"
            checked={wallet.public}
            disabled={disabled}
            aria-describedby={descriptionId}
            data-testid="wallet-public-toggle"
            onChange={(event) => onPublicChange(event.currentTarget.checked)}
          />
          <Trans>Show on public profile</Trans>
        </label>
        {wallet.primary ? null : (
          <button
            type="button"
            className="button button-secondary"
            aria-describedby={descriptionId}
            disabled={disabled}
            aria-busy={pending}
            onClick={onMakePrimary}
          >
            <Trans>Make primary</Trans>
          </button>
        )}
        {only ? null : (
          <button
            type="button"
            className="button button-danger"
            aria-describedby={descriptionId}
            disabled={disabled}
            aria-busy={pending}
            onClick={onUnlink}
          >
            <Trans>Unlink</Trans>
          </button>
        )}
      </div>
    </li>
  );
}
