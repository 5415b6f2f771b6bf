import { useMutation, useQuery } from '@apollo/client';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useId, useMemo, useState } from 'react';
import { useFormatter } from '../../../format/use-formatter';
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

/** Each status in words: a record over the generated enum, so a new status needs its words. */
const STATUS_WORDS: Record<WebhookDeliveryStatus, MessageDescriptor> = {
  PENDING: msg`Pending`,
  DELIVERED: msg`Delivered`,
  FAILED: msg`Failed`,
};

const STATUSES = Object.keys(STATUS_WORDS) as WebhookDeliveryStatus[];

const column = createColumnHelper<AdminWebhookDeliveryFieldsFragment>();

/** Webhook deliveries, newest first, by status; any one can be sent again. */
export function WebhooksView() {
  const { t, i18n } = useLingui();
  const format = useFormatter();
  const statusLabel = useCallback(
    (status: WebhookDeliveryStatus) =>
      Object.hasOwn(STATUS_WORDS, status) ? i18n._(STATUS_WORDS[status]) : status,
    [i18n],
  );
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
          text: t`${delivery.eventType} to ${delivery.endpoint} is queued again.`,
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
        header: t`Endpoint`,
        cell: ({ getValue }) => <code>{getValue()}</code>,
      }),
      column.accessor('eventType', {
        header: t`Type`,
        cell: ({ getValue }) => <code>{getValue()}</code>,
      }),
      column.accessor('status', {
        header: t`Status`,
        cell: ({ getValue }) => (
          <span className={`admin-tag admin-tag-${getValue().toLowerCase()}`}>
            {statusLabel(getValue())}
          </span>
        ),
      }),
      column.accessor('attempts', {
        header: t`Attempts`,
        cell: ({ getValue }) => format.number(getValue()),
      }),
      column.accessor('lastStatusCode', {
        header: t`Last status code`,
        cell: ({ getValue }) => getValue() ?? '—',
      }),
      column.accessor('lastAttemptAt', {
        header: t`Last attempt`,
        cell: ({ getValue }) => <ConsoleTime value={getValue()} />,
      }),
      column.accessor('nextAttemptAt', {
        header: t`Next attempt`,
        cell: ({ getValue }) => <ConsoleTime value={getValue()} />,
      }),
      column.display({
        id: 'resend',
        header: () => (
          <span className="visually-hidden">
            <Trans>Actions</Trans>
          </span>
        ),
        cell: ({ row }) => (
          <button
            type="button"
            className="button button-secondary admin-row-button"
            disabled={resending !== null}
            onClick={() => send(row.original)}
            aria-label={t`Resend ${row.original.eventType} to ${row.original.endpoint}`}
          >
            {resending === row.original.id ? <Trans>Sending…</Trans> : <Trans>Resend</Trans>}
          </button>
        ),
      }),
    ];
  }, [resend, refetch, resending, t, format, statusLabel]);

  const connection = (data ?? previousData)?.admin?.webhookDeliveries;
  const table = useConnectionTable(connection?.edges, columns);
  return (
    <section className="page" aria-labelledby="page-title">
      <PageHeading title={t`Administration: webhooks`}>{t`Webhook deliveries`}</PageHeading>
      <form className="admin-filters" onSubmit={(event) => event.preventDefault()}>
        <div className="admin-field">
          <label htmlFor={statusId}>
            <Trans>Status</Trans>
          </label>
          <select
            id={statusId}
            value={status}
            onChange={(event) => setStatus(event.target.value as WebhookDeliveryStatus | '')}
          >
            <option value="">{t`Any status`}</option>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {statusLabel(value)}
              </option>
            ))}
          </select>
        </div>
        {/* Deliveries change on their own (attempts, retries): look again without a reload. */}
        <button type="button" className="button button-secondary" onClick={() => refetch()}>
          <Trans>Refresh</Trans>
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
        caption={t`Webhook deliveries`}
        empty={t`No deliveries.`}
        loading={loading && !connection}
      />
      <Pager
        pages={pages}
        pageInfo={connection?.pageInfo ?? null}
        label={t`Webhook delivery pages`}
      />
    </section>
  );
}
