import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { refusal, renderConsole } from '../render-console.test-support';

vi.mock('uplot', () => import('../uplot-stand-in.test-support'));

const delivery = (id: string, status: 'PENDING' | 'DELIVERED' | 'FAILED') => ({
  id,
  endpoint: 'crm',
  eventType: 'account.suspended',
  webhookId: `msg_${id}`,
  status,
  attempts: status === 'FAILED' ? 8 : 1,
  lastAttemptAt: '2026-11-26T10:00:00.000Z',
  lastStatusCode: status === 'FAILED' ? 500 : 204,
  nextAttemptAt: status === 'PENDING' ? '2026-11-26T10:05:00.000Z' : null,
  createdAt: '2026-11-26T09:00:00.000Z',
});

describe('the webhook deliveries view', () => {
  it('filters by status and resends a delivery', async () => {
    const deliveries = [delivery('d1', 'FAILED'), delivery('d2', 'DELIVERED')];
    const resendWebhook = vi.fn(({ deliveryId }: { deliveryId: string }) => {
      const copy = delivery(`${deliveryId}-again`, 'PENDING');
      deliveries.unshift(copy);
      return copy;
    });
    const { operations } = renderConsole({
      path: '/admin/webhooks',
      rootValue: {
        admin: () => ({
          webhookDeliveries: ({ status }: { status: string | null }) => {
            const shown = deliveries.filter((entry) => !status || entry.status === status);
            return {
              edges: shown.map((node) => ({ cursor: node.id, node })),
              pageInfo: { hasNextPage: false, endCursor: null },
            };
          },
        }),
        resendWebhook,
      },
    });
    await waitFor(() => expect(screen.getAllByTestId('admin-row')).toHaveLength(2));
    const table = screen.getByRole('table', { name: 'Webhook deliveries' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Endpoint',
      'Type',
      'Status',
      'Attempts',
      'Last status code',
      'Last attempt',
      'Next attempt',
      'Actions',
    ]);
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), {
      target: { value: 'FAILED' },
    });
    await waitFor(() => expect(screen.getAllByTestId('admin-row')).toHaveLength(1));
    expect(operations('AdminWebhookDeliveries').at(-1)).toMatchObject({ status: 'FAILED' });
    const failed = screen.getByTestId('admin-row');
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(within(failed).getByText('500')).toBeTruthy();

    fireEvent.click(
      within(failed).getByRole('button', { name: 'Resend account.suspended to crm' }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('resend-outcome').textContent).toBe(
        'account.suspended to crm is queued again.',
      ),
    );
    expect(resendWebhook.mock.calls.map(([args]) => args)).toEqual([{ deliveryId: 'd1' }]);
  });

  it("shows the server's refusal of a resend", async () => {
    renderConsole({
      path: '/admin/webhooks',
      rootValue: {
        admin: () => ({
          webhookDeliveries: {
            edges: [{ cursor: 'd1', node: delivery('d1', 'FAILED') }],
            pageInfo: { hasNextPage: false, endCursor: null },
          },
        }),
        resendWebhook: () => {
          throw refusal('NOT_FOUND', 'No such delivery.');
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Resend/ }));
    await waitFor(() =>
      expect(screen.getByTestId('resend-outcome').textContent).toBe('No such delivery.'),
    );
    expect(screen.getByTestId('resend-outcome').className).toBe('inline-error');
  });
});
