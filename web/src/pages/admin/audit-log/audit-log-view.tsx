import { useQuery } from '@apollo/client';
import { Trans, useLingui } from '@lingui/react/macro';
import { createColumnHelper } from '@tanstack/react-table';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { describeUserAgent } from '../../../components/describe-user-agent';
import { shortAddress } from '../../../components/short-address';
import { AdminAuditLogDocument, type AdminAuditLogQuery } from '../../../graphql/generated/graphql';
import { AuditAction } from '../../../graphql/generated/schema-enums';
import { PageHeading } from '../../page-heading';
import { adminPath } from '../admin-paths';
import { ConsoleError } from '../console-error';
import { ConsoleTime } from '../console-time';
import { DataTable } from '../data-table';
import { Pager } from '../pager';
import { serverMessageOf } from '../read-admin-error';
import { shortId } from '../short-id';
import { useConnectionTable } from '../use-connection-table';
import { useCursorPages } from '../use-cursor-pages';
import { useDebouncedValue } from '../use-debounced-value';
import { describeAuditAction } from './audit-action-words';
import { AuditDetail } from './audit-detail';
import { auditLogExportHref } from './export-link';

export const AUDIT_PAGE_SIZE = 50;

/** The schema's actions (generated from `enum AuditAction`); the filter lists them by their words. */
const AUDIT_ACTIONS = Object.values(AuditAction);

type AuditRow = NonNullable<AdminAuditLogQuery['admin']>['auditLog']['edges'][number]['node'];

const column = createColumnHelper<AuditRow>();

const accountLink = (id: string | null | undefined) =>
  id ? (
    <Link to={adminPath('account', { id })} title={id}>
      <code>{shortId(id)}</code>
    </Link>
  ) : (
    <span className="muted">—</span>
  );

const columns = [
  column.accessor('at', {
    header: () => <Trans>When</Trans>,
    cell: ({ getValue }) => <ConsoleTime value={getValue()} />,
  }),
  column.accessor('action', {
    header: () => <Trans>Action</Trans>,
    // The action's name stays at hand (its title) for a search in the export.
    cell: ({ getValue }) => <ActionWords action={getValue()} />,
  }),
  column.accessor('accountId', {
    header: () => <Trans>Account</Trans>,
    cell: ({ getValue }) => accountLink(getValue()),
  }),
  column.accessor('actorId', {
    header: () => <Trans comment="Who acted: the administrator or the person">By</Trans>,
    cell: ({ getValue }) => accountLink(getValue()),
  }),
  column.accessor('address', {
    header: () => <Trans>Wallet</Trans>,
    cell: ({ getValue }) => {
      const address = getValue();
      return address ? <code title={address}>{shortAddress(address)}</code> : '—';
    },
  }),
  column.accessor('ip', {
    header: () => <Trans comment="The client's IP address">Client</Trans>,
    cell: ({ getValue }) => getValue() ?? '—',
  }),
  column.accessor('userAgent', {
    header: () => <Trans>Device</Trans>,
    cell: ({ getValue }) => {
      const userAgent = getValue();
      return userAgent ? (
        <span className="admin-cell-wrap" title={userAgent}>
          {describeUserAgent(userAgent)}
        </span>
      ) : (
        '—'
      );
    },
  }),
  column.accessor('detail', {
    header: () => <Trans>Detail</Trans>,
    cell: ({ getValue }) => <AuditDetail detail={getValue()} />,
  }),
];

/** The audit log, newest first, filtered by action and account, with its JSON Lines export. */
function ActionWords({ action }: { action: string }) {
  const { i18n } = useLingui();
  return (
    <span className="admin-cell-wrap" title={action}>
      {describeAuditAction(i18n, action)}
    </span>
  );
}

export function AuditLogView() {
  const { t, i18n } = useLingui();
  const actionId = useId();
  const accountId = useId();
  const sinceId = useId();
  const untilId = useId();
  const [action, setAction] = useState('');
  const [account, setAccount] = useState('');
  const [since, setSince] = useState('');
  const [until, setUntil] = useState('');
  const settledAccount = useDebouncedValue(account.trim(), 300);
  const pages = useCursorPages(`${action}|${settledAccount}`);
  const { data, previousData, error, loading } = useQuery(AdminAuditLogDocument, {
    variables: {
      first: AUDIT_PAGE_SIZE,
      after: pages.after ?? null,
      action: action || null,
      accountId: settledAccount || null,
    },
    fetchPolicy: 'no-cache',
  });
  const connection = (data ?? previousData)?.admin?.auditLog;
  const table = useConnectionTable(connection?.edges, columns);
  return (
    <section className="page" aria-labelledby="page-title">
      <PageHeading title={t`Administration: audit log`}>{t`Audit log`}</PageHeading>
      <form className="admin-filters" onSubmit={(event) => event.preventDefault()}>
        <div className="admin-field">
          <label htmlFor={actionId}>
            <Trans>Action</Trans>
          </label>
          <select id={actionId} value={action} onChange={(event) => setAction(event.target.value)}>
            <option value="">{t`Every action`}</option>
            {[...AUDIT_ACTIONS]
              .sort((a, b) =>
                describeAuditAction(i18n, a).localeCompare(
                  describeAuditAction(i18n, b),
                  i18n.locale,
                ),
              )
              .map((name) => (
                <option key={name} value={name}>
                  {describeAuditAction(i18n, name)}
                </option>
              ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor={accountId}>
            <Trans>Account id</Trans>
          </label>
          <input
            id={accountId}
            value={account}
            onChange={(event) => setAccount(event.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
      </form>
      <ConsoleError message={error && serverMessageOf(error)} />
      <DataTable
        table={table}
        caption={t`Audit events`}
        empty={t`No events match.`}
        loading={loading && !connection}
      />
      <Pager pages={pages} pageInfo={connection?.pageInfo ?? null} label={t`Audit log pages`} />
      <section className="card" aria-labelledby="audit-export">
        <h2 id="audit-export">
          <Trans>Export</Trans>
        </h2>
        <p className="muted">
          <Trans>
            Every event between two days (UTC, both included; empty: no limit), oldest first, one
            JSON object a line.
          </Trans>
        </p>
        <div className="admin-filters">
          <div className="admin-field">
            <label htmlFor={sinceId}>
              <Trans>From</Trans>
            </label>
            <input
              id={sinceId}
              type="date"
              value={since}
              onChange={(event) => setSince(event.target.value)}
            />
          </div>
          <div className="admin-field">
            <label htmlFor={untilId}>
              <Trans>To</Trans>
            </label>
            <input
              id={untilId}
              type="date"
              value={until}
              onChange={(event) => setUntil(event.target.value)}
            />
          </div>
        </div>
        <p>
          {/* A plain link: the server streams the file with the session cookie (not the app's router). */}
          <a className="button button-secondary" href={auditLogExportHref(since, until)} download>
            <Trans>Export (JSON Lines)</Trans>
          </a>
        </p>
      </section>
    </section>
  );
}
