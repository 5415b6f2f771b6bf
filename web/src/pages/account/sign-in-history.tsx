import { Trans, useLingui } from '@lingui/react/macro';
import { describeUserAgent } from '../../components/describe-user-agent';
import { shortAddress } from '../../components/short-address';
import { useFormatter } from '../../format/use-formatter';
import type { AccountPageData } from './use-account-page';
import { namespaceLabel, SOLANA_KEY_LABEL, walletKindLabel } from './wallet-kind-label';

export type SignInHistoryProps = {
  signIns: AccountPageData['signIns'];
  /** The chain a sign-in named, in words (`describeChain`). */
  chainLabel(item: { chain: string; chainId?: number | null }): string;
  onLoadMore(): void;
  loadingMore: boolean;
};

/** Every sign-in of the account, newest first: which wallet signed, and how it was verified. */
// A Solana sign-in is a key's (the API says EOA): named as what it is.
const kindOf = (node: {
  namespace?: string | null;
  walletKind?: keyof typeof walletKindLabel | null;
}) => (node.namespace === 'SOLANA' ? SOLANA_KEY_LABEL : walletKindLabel[node.walletKind ?? 'EOA']);

export function SignInHistory({
  signIns,
  chainLabel,
  onLoadMore,
  loadingMore,
}: SignInHistoryProps) {
  const { dateTime: formatDateTime } = useFormatter();
  const { t, i18n } = useLingui();
  return (
    <section className="card" aria-labelledby="history-title">
      <h2 id="history-title">
        <Trans>Sign-in history</Trans>
      </h2>
      {signIns.edges.length === 0 ? (
        <p className="muted">
          <Trans>No sign-ins yet.</Trans>
        </p>
      ) : null}
      <ol className="rows" data-testid="sign-in-history">
        {signIns.edges.map(({ node }) => (
          <li
            key={node.id}
            className="row"
            data-testid="sign-in-item"
            data-wallet-kind={node.walletKind ?? undefined}
            data-method={node.method}
          >
            {node.method === 'PASSKEY' ? (
              // A passkey's sign-in has no wallet, chain or kind (docs/passkeys.md): its passkey instead.
              <div className="row-text">
                <p className="row-title">
                  {formatDateTime(node.at)}
                  <span className="tag">{t`Passkey`}</span>
                </p>
                <p className="row-meta">
                  <Trans>
                    Passkey <strong data-testid="sign-in-passkey">{node.passkey?.name}</strong>
                  </Trans>{' '}
                  · {describeUserAgent(node.userAgent)}
                </p>
              </div>
            ) : (
              <div className="row-text">
                <p className="row-title">
                  {formatDateTime(node.at)}
                  <span className="tag" title={i18n._(kindOf(node))}>
                    {node.namespace === 'SOLANA' ? i18n._(namespaceLabel.SOLANA) : node.walletKind}
                  </span>
                </p>
                <p className="row-meta">
                  <span title={node.address ?? undefined}>
                    {node.address ? shortAddress(node.address) : null}
                  </span>{' '}
                  · {i18n._(kindOf(node))} ·{' '}
                  {node.chain ? chainLabel({ ...node, chain: node.chain }) : null} ·{' '}
                  {describeUserAgent(node.userAgent)}
                </p>
              </div>
            )}
          </li>
        ))}
      </ol>
      {signIns.pageInfo.hasNextPage ? (
        <button
          type="button"
          className="button button-secondary"
          onClick={onLoadMore}
          disabled={loadingMore}
          aria-busy={loadingMore}
        >
          {loadingMore ? t`Loading…` : t`Show older sign-ins`}
        </button>
      ) : null}
    </section>
  );
}
