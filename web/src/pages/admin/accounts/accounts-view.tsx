import { useQuery } from '@apollo/client';
import { Trans, useLingui } from '@lingui/react/macro';
import { createColumnHelper } from '@tanstack/react-table';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { shortAddress } from '../../../components/short-address';
import { AdminAccountsDocument, type AdminAccountsQuery } from '../../../graphql/generated/graphql';
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

export const ACCOUNTS_PAGE_SIZE = 25;

type AccountRow = NonNullable<AdminAccountsQuery['admin']>['accounts']['edges'][number]['node'];

const column = createColumnHelper<AccountRow>();

const columns = [
  column.accessor('id', {
    header: () => <Trans>Id</Trans>,
    cell: ({ getValue }) => (
      <Link to={adminPath('account', { id: getValue() })} title={getValue()}>
        <code>{shortId(getValue())}</code>
      </Link>
    ),
  }),
  column.accessor('address', {
    header: () => <Trans>Primary address</Trans>,
    cell: ({ getValue }) => <code title={getValue()}>{shortAddress(getValue())}</code>,
  }),
  column.accessor((row) => row.profile.displayName ?? '', {
    id: 'displayName',
    header: () => <Trans>Display name</Trans>,
    cell: ({ getValue }) => getValue() || <span className="muted">—</span>,
  }),
  column.accessor('createdAt', {
    header: () => <Trans>Created</Trans>,
    cell: ({ getValue }) => <ConsoleTime value={getValue()} />,
  }),
  column.accessor('roles', {
    header: () => <Trans>Roles</Trans>,
    cell: ({ getValue }) =>
      getValue().length > 0 ? (
        getValue().join(', ')
      ) : (
        <span className="muted">
          <Trans comment="No roles">none</Trans>
        </span>
      ),
  }),
  column.accessor('suspension', {
    header: () => <Trans>Suspended</Trans>,
    cell: ({ getValue }) => {
      const suspension = getValue();
      return suspension ? (
        <span className="admin-tag admin-tag-suspended" title={suspension.reason}>
          <Trans>Suspended</Trans>
        </span>
      ) : (
        <Trans comment="Not suspended">No</Trans>
      );
    },
  }),
];

/** Every account, newest first: a search box (id, address or its prefix, display name) and pages. */
export function AccountsView() {
  const { t } = useLingui();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), 300);
  // A new search starts at its first page.
  const pages = useCursorPages(query);
  const { data, previousData, error, loading } = useQuery(AdminAccountsDocument, {
    variables: {
      query: query === '' ? null : query,
      first: ACCOUNTS_PAGE_SIZE,
      after: pages.after ?? null,
    },
    fetchPolicy: 'no-cache',
  });
  // The previous page stays on screen while the next one loads.
  const connection = (data ?? previousData)?.admin?.accounts;
  const table = useConnectionTable(connection?.edges, columns);
  return (
    <section className="page" aria-labelledby="page-title">
      <PageHeading title={t`Administration: accounts`}>{t`Accounts`}</PageHeading>
      <form className="admin-filters" onSubmit={(event) => event.preventDefault()}>
        <div className="admin-field">
          <label htmlFor={searchId}>
            <Trans>Search</Trans>
          </label>
          <input
            id={searchId}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t`Id, address (0x and 6+ characters) or name`}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
      </form>
      <ConsoleError message={error && serverMessageOf(error)} />
      <DataTable
        table={table}
        caption={t`Accounts`}
        empty={query ? t`No account matches "${query}".` : t`No accounts yet.`}
        loading={loading && !connection}
      />
      <Pager pages={pages} pageInfo={connection?.pageInfo ?? null} label={t`Accounts pages`} />
    </section>
  );
}
