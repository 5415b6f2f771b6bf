import { type ReactNode, useContext } from 'react';
import { Link } from 'wouter';
import { RuntimeConfigContext } from '../../../app/runtime-config-context';
import { useFormatter } from '../../../format/use-formatter';
import type { WalletKind } from '../../../graphql/generated/graphql';
import { walletKindLabel } from '../../account/wallet-kind-label';
import { adminPath } from '../admin-paths';
import { shortId } from '../short-id';

/** The fields a profile update names (docs/administration.md, "Audit log"), in words. */
const profileFieldWords: Record<string, string> = {
  displayName: 'Display name',
  bio: 'Bio',
  public: 'Public profile',
  avatar: 'Avatar',
};

type Present = (value: unknown) => ReactNode;

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

const list = (value: unknown, each: (item: string) => ReactNode = (item) => item): ReactNode => {
  if (!Array.isArray(value)) return text(value);
  if (value.length === 0) return <span className="muted">none</span>;
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
 * fields: the keys the server writes in words, any other key as it came, so a field a
 * newer server adds is still shown. Text that is not a JSON object is shown as it came.
 */
export function AuditDetail({ detail }: { detail: string | null | undefined }) {
  const format = useFormatter();
  const config = useContext(RuntimeConfigContext);
  if (!detail) return <span className="muted">—</span>;
  const fields = readObject(detail);
  if (!fields) return <code className="admin-detail">{detail}</code>;

  const chain: Present = (value) => {
    if (value === null) return 'Any chain';
    const name = config?.chains.find((item) => item.id === value)?.name;
    return name ? `${name} (${text(value)})` : text(value);
  };
  const kind: Present = (value) => walletKindLabel[value as WalletKind] ?? text(value);
  const known: Record<string, { label: string; present: Present }> = {
    code: { label: 'Refused with', present: code },
    reason: { label: 'Reason', present: (value) => `“${text(value)}”` },
    until: {
      label: 'Until',
      present: (value) =>
        value === null
          ? 'An administrator lifts it'
          : typeof value === 'number' || typeof value === 'string'
            ? format.dateTime(value)
            : text(value),
    },
    role: { label: 'Role', present: text },
    roles: { label: 'Roles now', present: (value) => list(value) },
    granted: { label: 'Granted', present: (value) => list(value) },
    revoked: { label: 'Revoked', present: (value) => list(value) },
    fields: {
      label: 'Changed',
      present: (value) => list(value, (field) => profileFieldWords[field] ?? field),
    },
    walletKind: { label: 'Wallet kind', present: kind },
    kind: { label: 'Wallet kind', present: kind },
    chainId: { label: 'Chain', present: chain },
    accountCreated: {
      label: 'New account',
      present: (value) => (value === true ? 'Yes' : value === false ? 'No' : text(value)),
    },
    clientId: { label: 'App', present: code },
    scopes: { label: 'Scopes', present: (value) => list(value) },
    sessionId: { label: 'Session', present: shortCode },
    endedSessionIds: {
      label: 'Sessions ended',
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
    deliveryId: { label: 'Delivery', present: shortCode },
    accountId: {
      label: 'Account',
      present: (value) => (
        <Link to={adminPath('account', { id: text(value) })}>{shortCode(value)}</Link>
      ),
    },
  };
  return (
    <dl className="admin-detail-fields">
      {Object.entries(fields).map(([key, value]) => {
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
