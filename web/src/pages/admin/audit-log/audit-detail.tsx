import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useContext } from 'react';
import { Link } from 'wouter';
import { RuntimeConfigContext } from '../../../app/runtime-config-context';
import { describeChain } from '../../../components/describe-chain';
import { useFormatter } from '../../../format/use-formatter';
import type { WalletKind } from '../../../graphql/generated/graphql';
import { useSolanaClusters } from '../../../solana/use-solana-clusters';
import { SOLANA_KEY_LABEL, walletKindLabel } from '../../account/wallet-kind-label';
import { adminPath } from '../admin-paths';
import { shortId } from '../short-id';

/** The fields a profile update names (docs/administration.md, "Audit log"), in words. */
const profileFieldWords: Record<string, MessageDescriptor> = {
  displayName: msg`Display name`,
  bio: msg`Bio`,
  public: msg`Public profile`,
  avatar: msg`Avatar`,
};

type Present = (value: unknown) => ReactNode;

/**
 * The keys that say where a wallet or a sign-in is (docs/administration.md, "Audit log"):
 * `namespace`, `chainId`, `chain` (CAIP-2) and `caip10` say it four ways, so the detail
 * shows them as one field in words, "Chain", where the first of them was.
 */
const CHAIN_KEYS: ReadonlySet<string> = new Set(['namespace', 'chainId', 'chain', 'caip10']);

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

const list = (value: unknown, each: (item: string) => ReactNode = (item) => item): ReactNode => {
  if (!Array.isArray(value)) return text(value);
  if (value.length === 0) {
    return (
      <span className="muted">
        <Trans comment="An empty list of roles or scopes">none</Trans>
      </span>
    );
  }
  return value.map((item, index) => (
    <span key={String(item)}>
      {index > 0 ? ', ' : null}
      {each(String(item))}
    </span>
  ));
};

const code = (value: unknown) => <code title={text(value)}>{text(value)}</code>;
const shortCode = (value: unknown) => <code title={text(value)}>{shortId(text(value))}</code>;

/**
 * An audit event's `detail` (a small JSON object, docs/administration.md) as labelled
 * fields: the keys the server writes in words, never beside them as they are stored; any
 * other key as it came, so a field a newer server adds is still shown. Text that is not a
 * JSON object is shown as it came.
 */
export function AuditDetail({ detail }: { detail: string | null | undefined }) {
  const { t, i18n } = useLingui();
  const format = useFormatter();
  const config = useContext(RuntimeConfigContext);
  const solanaClusters = useSolanaClusters();
  if (!detail) return <span className="muted">—</span>;
  const fields = readObject(detail);
  if (!fields) return <code className="admin-detail">{detail}</code>;

  // An EVM chain by its name and id; a Solana cluster by its name (its `chainId` is null);
  // a wallet that signs on every chain (an EOA's key, a Solana key) as such.
  const chainWords = (): string => {
    const { chainId, chain, namespace } = fields;
    if (typeof chainId === 'number') {
      const name = config?.chains.find((item) => item.id === chainId)?.name;
      return name ? `${name} (${chainId})` : String(chainId);
    }
    if (typeof chain === 'string') {
      return describeChain({ chain, chainId: null }, String, solanaClusters);
    }
    if (namespace === 'solana') return 'Solana';
    return chainId === null || chainId === undefined ? t`Any chain` : text(chainId);
  };
  const describesChain = ['namespace', 'chainId', 'chain'].some((key) =>
    Object.hasOwn(fields, key),
  );
  const entries = Object.entries(fields).filter(
    ([key], index, all) =>
      !describesChain ||
      !CHAIN_KEYS.has(key) ||
      all.findIndex(([other]) => CHAIN_KEYS.has(other)) === index,
  );
  // A Solana key is stored as an EOA (signed by its key): said as what it is.
  const kind: Present = (value) =>
    fields.namespace === 'solana'
      ? i18n._(SOLANA_KEY_LABEL)
      : typeof value === 'string' && Object.hasOwn(walletKindLabel, value)
        ? i18n._(walletKindLabel[value as WalletKind])
        : text(value);
  const known: Record<string, { label: string; present: Present }> = {
    code: { label: t`Refused with`, present: code },
    reason: { label: t`Reason`, present: (value) => `“${text(value)}”` },
    until: {
      label: t({ message: 'Until', comment: 'When a suspension ends' }),
      present: (value) =>
        value === null
          ? t`An administrator lifts it`
          : typeof value === 'number' || typeof value === 'string'
            ? format.dateTime(value)
            : text(value),
    },
    role: { label: t`Role`, present: text },
    roles: { label: t`Roles now`, present: (value) => list(value) },
    granted: {
      label: t({ message: 'Granted', comment: 'Roles granted' }),
      present: (value) => list(value),
    },
    revoked: {
      label: t({ message: 'Revoked', comment: 'Roles taken back' }),
      present: (value) => list(value),
    },
    fields: {
      label: t({ message: 'Changed', comment: 'The profile fields a profile update changed' }),
      present: (value) =>
        list(value, (field) =>
          Object.hasOwn(profileFieldWords, field)
            ? i18n._(profileFieldWords[field] as MessageDescriptor)
            : field,
        ),
    },
    walletKind: { label: t`Wallet kind`, present: kind },
    kind: { label: t`Wallet kind`, present: kind },
    accountCreated: {
      label: t`New account`,
      present: (value) => (value === true ? t`Yes` : value === false ? t`No` : text(value)),
    },
    clientId: { label: t`App`, present: code },
    scopes: { label: t`Scopes`, present: (value) => list(value) },
    sessionId: { label: t`Session`, present: shortCode },
    endedSessionIds: {
      label: t`Sessions ended`,
      present: (value) =>
        Array.isArray(value) ? (
          <>
            {format.number(value.length)}
            {value.length > 0 ? <> ({list(value, (id) => shortCode(id))})</> : null}
          </>
        ) : (
          text(value)
        ),
    },
    deliveryId: { label: t`Delivery`, present: shortCode },
    accountId: {
      label: t`Account`,
      present: (value) => (
        <Link to={adminPath('account', { id: text(value) })}>{shortCode(value)}</Link>
      ),
    },
  };
  return (
    <dl className="admin-detail-fields">
      {entries.map(([key, value]) => {
        if (describesChain && CHAIN_KEYS.has(key)) {
          return (
            <div key="chain">
              <dt>{t`Chain`}</dt>
              <dd>{chainWords()}</dd>
            </div>
          );
        }
        const field = Object.hasOwn(known, key) ? known[key] : undefined;
        return (
          <div key={key}>
            <dt>{field ? field.label : key}</dt>
            <dd>{field ? field.present(value) : text(value)}</dd>
          </div>
        );
      })}
    </dl>
  );
}

function readObject(detail: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(detail);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
