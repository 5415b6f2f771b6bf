import { useMutation, useQuery } from '@apollo/client';
import { createColumnHelper } from '@tanstack/react-table';
import { useId, useMemo, useState } from 'react';
import {
  AdminResendWebhookDocument,
  AdminWebhookDeliveriesDocument,
  type AdminWebhookDeliveryFieldsFragment,
  type WebhookDeliveryStatus,
} from '../../../graphql/generated/graphql';
import { PageHeading } from '../../page-heading';
import { ConsoleError } from '../console-error';
import { ConsoleTime } from '../console-time';
import { DataTable } from '../data-table';
import { Pager } from '../pager';
import { serverMessageOf } from '../read-admin-error';
import { useConnectionTable } from '../use-connection-table';
import { useCursorPages } from '../use-cursor-pages';

export const DELIVERIES_PAGE_SIZE = 50;

const STATUSES: { value: WebhookDeliveryStatus; label: string }[] = [
  { value: 'PENDING', label: 'Pending' },
  { value: 'DELIVERED', label: 'Delivered' },
  { value: 'FAILED', label: 'Failed' },
];

const statusLabel = (status: WebhookDeliveryStatus) =>
  STATUSES.find((entry) => entry.value === status)?.label ?? status;

const column = createColumnHelper<AdminWebhookDeliveryFieldsFragment>();

/** Webhook deliveries, newest first, by status; any one can be sent again. */
export function WebhooksView() {
  const statusId = useId();
  const [status, setStatus] = useState<WebhookDeliveryStatus | ''>('');
  const pages = useCursorPages(status);
  const { data, previousData, error, loading, refetch } = useQuery(AdminWebhookDeliveriesDocument, {
    variables: { first: DELIVERIES_PAGE_SIZE, after: pages.after ?? null, status: status || null },
    fetchPolicy: 'no-cache',
  });
  const [resend] = useMutation(AdminResendWebhookDocument, { fetchPolicy: 'no-cache' });
  const [resending, setResending] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const columns = useMemo(() => {
    const send = async (delivery: AdminWebhookDeliveryFieldsFragment) => {
      setResending(delivery.id);
      setOutcome(null);
      try {
        await resend({ variables: { deliveryId: delivery.id } });
        setOutcome({
          ok: true,
          text: `${delivery.eventType} to ${delivery.endpoint} is queued again.`,
        });
        await refetch();
      } catch (failure) {
        setOutcome({ ok: false, text: serverMessageOf(failure) });
      } finally {
        setResending(null);
      }
    };
    return [
      column.accessor('endpoint', {
        header: 'Endpoint',
        cell: ({ getValue }) => <code>{getValue()}</code>,
      }),
      column.accessor('eventType', {
        header: 'Type',
        cell: ({ getValue }) => <code>{getValue()}</code>,
      }),
      column.accessor('status', {
        header: 'Status',
        cell: ({ getValue }) => (
          <span className={`admin-tag admin-tag-${getValue().toLowerCase()}`}>
            {statusLabel(getValue())}
          </span>
        ),
      }),
      column.accessor('attempts', { header: 'Attempts' }),
      column.accessor('lastStatusCode', {
        header: 'Last status code',
        cell: ({ getValue }) => getValue() ?? '—',
      }),
      column.accessor('lastAttemptAt', {
        header: 'Last attempt',
        cell: ({ getValue }) => <ConsoleTime value={getValue()} />,
      }),
      column.accessor('nextAttemptAt', {
        header: 'Next attempt',
        cell: ({ getValue }) => <ConsoleTime value={getValue()} />,
      }),
      column.display({
        id: 'resend',
        header: () => <span className="visually-hidden">Actions</span>,
        cell: ({ row }) => (
          <button
            type="button"
            className="button button-secondary admin-row-button"
            disabled={resending !== null}
            onClick={() => send(row.original)}
            aria-label={`Resend ${row.original.eventType} to ${row.original.endpoint}`}
          >
            {resending === row.original.id ? 'Sending…' : 'Resend'}
          </button>
        ),
      }),
    ];
  }, [resend, refetch, resending]);

  const connection = (data ?? previousData)?.admin?.webhookDeliveries;
  const table = useConnectionTable(connection?.edges, columns);
  return (
    <section className="page" aria-labelledby="page-title">
      <PageHeading title="Administration: webhooks">Webhook deliveries</PageHeading>
      <form className="admin-filters" onSubmit={(event) => event.preventDefault()}>
        <div className="admin-field">
          <label htmlFor={statusId}>Status</label>
          <select
            id={statusId}
            value={status}
            onChange={(event) => setStatus(event.target.value as WebhookDeliveryStatus | '')}
          >
            <option value="">Any status</option>
            {STATUSES.map((entry) => (
              <option key={entry.value} value={entry.value}>
                {entry.label}
              </option>
            ))}
          </select>
        </div>
        {/* Deliveries change on their own (attempts, retries): look again without a reload. */}
        <button type="button" className="button button-secondary" onClick={() => refetch()}>
          Refresh
        </button>
      </form>
      <p
        className={outcome?.ok === false ? 'inline-error' : 'admin-done'}
        role="status"
        data-testid="resend-outcome"
      >
        {outcome?.text ?? ''}
      </p>
      <ConsoleError message={error && serverMessageOf(error)} />
      <DataTable
        table={table}
        caption="Webhook deliveries"
        empty="No deliveries."
        loading={loading && !connection}
      />
      <Pager pages={pages} pageInfo={connection?.pageInfo ?? null} label="Webhook delivery pages" />
    </section>
  );
}
