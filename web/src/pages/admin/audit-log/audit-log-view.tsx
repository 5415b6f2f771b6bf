import { useQuery } from '@apollo/client';
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

/** The schema's actions (generated from `enum AuditAction`), in its order: alphabetical. */
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
    header: 'When',
    cell: ({ getValue }) => <ConsoleTime value={getValue()} />,
  }),
  column.accessor('action', {
    header: 'Action',
    // The action's name stays at hand (its title) for a search in the export.
    cell: ({ getValue }) => <span title={getValue()}>{describeAuditAction(getValue())}</span>,
  }),
  column.accessor('accountId', {
    header: 'Account',
    cell: ({ getValue }) => accountLink(getValue()),
  }),
  column.accessor('actorId', { header: 'By', cell: ({ getValue }) => accountLink(getValue()) }),
  column.accessor('address', {
    header: 'Wallet',
    cell: ({ getValue }) => {
      const address = getValue();
      return address ? <code title={address}>{shortAddress(address)}</code> : '—';
    },
  }),
  column.accessor('ip', { header: 'Client', cell: ({ getValue }) => getValue() ?? '—' }),
  column.accessor('userAgent', {
    header: 'Device',
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
    header: 'Detail',
    cell: ({ getValue }) => <AuditDetail detail={getValue()} />,
  }),
];

/** The audit log, newest first, filtered by action and account, with its JSON Lines export. */
export function AuditLogView() {
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
      <PageHeading title="Administration: audit log">Audit log</PageHeading>
      <form className="admin-filters" onSubmit={(event) => event.preventDefault()}>
        <div className="admin-field">
          <label htmlFor={actionId}>Action</label>
          <select id={actionId} value={action} onChange={(event) => setAction(event.target.value)}>
            <option value="">Every action</option>
            {[...AUDIT_ACTIONS]
              .sort((a, b) => describeAuditAction(a).localeCompare(describeAuditAction(b)))
              .map((name) => (
                <option key={name} value={name}>
                  {describeAuditAction(name)}
                </option>
              ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor={accountId}>Account id</label>
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
        caption="Audit events"
        empty="No events match."
        loading={loading && !connection}
      />
      <Pager pages={pages} pageInfo={connection?.pageInfo ?? null} label="Audit log pages" />
      <section className="card" aria-labelledby="audit-export">
        <h2 id="audit-export">Export</h2>
        <p className="muted">
          Every event between two days (UTC, both included; empty: no limit), oldest first, one JSON
          object a line.
        </p>
        <div className="admin-filters">
          <div className="admin-field">
            <label htmlFor={sinceId}>From</label>
            <input
              id={sinceId}
              type="date"
              value={since}
              onChange={(event) => setSince(event.target.value)}
            />
          </div>
          <div className="admin-field">
            <label htmlFor={untilId}>To</label>
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
            Export (JSON Lines)
          </a>
        </p>
      </section>
    </section>
  );
}
