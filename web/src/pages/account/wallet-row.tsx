import { useFormatter } from '../../format/use-formatter';
import type { WalletFieldsFragment } from '../../graphql/generated/graphql';
import { useEnsIdentity } from './use-ens-identity';

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

const kindLabel: Record<WalletFieldsFragment['kind'], string> = {
  EOA: 'Key-signed account (EOA), on every chain',
  CONTRACT: 'Contract wallet (EIP-1271)',
  COUNTERFACTUAL: 'Undeployed contract wallet (EIP-6492)',
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
  const kind =
    wallet.chainId === null || wallet.chainId === undefined
      ? kindLabel[wallet.kind]
      : `${kindLabel[wallet.kind]} on ${chainName(wallet.chainId)}`;
  return (
    <li
      className="row wallet-row"
      data-testid="wallet-item"
      data-address={wallet.address}
      data-primary={wallet.primary ? 'true' : undefined}
    >
      <div id={descriptionId} className="row-text">
        {name || wallet.primary || inUse ? (
          <p className="row-title">
            {name ? <span className="wallet-name">{name}</span> : null}
            {wallet.primary ? (
              <span className="tag tag-primary" data-testid="primary-badge">
                Primary
              </span>
            ) : null}
            {inUse ? <span className="tag">In your wallet now</span> : null}
          </p>
        ) : null}
        <p>
          <code className="address" data-testid="wallet-address">
            {wallet.address}
          </code>
        </p>
        <p className="row-meta">
          {kind} · linked {formatDateTime(wallet.linkedAt)} ·{' '}
          {wallet.lastSignInAt
            ? `last sign-in ${formatDateTime(wallet.lastSignInAt)}`
            : 'never signed in'}
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
          Show on public profile
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
            Make primary
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
            Unlink
          </button>
        )}
      </div>
    </li>
  );
}
