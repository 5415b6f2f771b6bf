import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderConsole } from '../render-console.test-support';
import { AUDIT_PAGE_SIZE } from './audit-log-view';
import { auditLogExportHref } from './export-link';

vi.mock('uplot', () => import('../uplot-stand-in.test-support'));

const event = (index: number, action: string) => ({
  id: `evt-${index}`,
  at: new Date(Date.UTC(2026, 10, 26, 12, 0, index)).toISOString(),
  action,
  actorId: action === 'account_suspended' ? 'admin-1' : null,
  accountId: 'acc-7',
  address: null,
  ip: '127.0.0.1',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  detail:
    action === 'account_suspended'
      ? '{"reason":"Spam","until":null,"endedSessionIds":["5f0e2c4a-0000-4000-8000-000000000001"]}'
      : null,
});

describe('the audit log view', () => {
  it('filters by action and account id, and sends each filter from the first page', async () => {
    const auditLog = vi.fn((args: { action: string | null; accountId: string | null }) => {
      const events = [event(1, 'sign_in'), event(2, 'account_suspended')].filter(
        (entry) => !args.action || entry.action === args.action,
      );
      return {
        edges: events.map((node) => ({ cursor: node.id, node })),
        pageInfo: { hasNextPage: false, endCursor: null },
      };
    });
    const { operations } = renderConsole({
      path: '/admin/audit-log',
      rootValue: { admin: () => ({ auditLog }) },
    });
    await waitFor(() => expect(screen.getAllByTestId('admin-row')).toHaveLength(2));
    fireEvent.change(screen.getByRole('combobox', { name: 'Action' }), {
      target: { value: 'account_suspended' },
    });
    await waitFor(() => expect(screen.getAllByTestId('admin-row')).toHaveLength(1));
    const row = screen.getByTestId('admin-row');
    // The action in words, its name kept as the title; the detail as labelled fields.
    expect(within(row).getByTitle('account_suspended').textContent).toBe('Account suspended');
    const fields = within(row)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(fields).toEqual([
      'Reason: “Spam”',
      'Until: An administrator lifts it',
      'Sessions ended: 1 (5f0e2c4a…)',
    ]);
    expect(within(row).getByRole('cell', { name: 'Firefox on Linux' })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Account id' }), {
      target: { value: 'acc-7' },
    });
    await waitFor(() =>
      expect(operations('AdminAuditLog').at(-1)).toEqual({
        first: AUDIT_PAGE_SIZE,
        after: null,
        action: 'account_suspended',
        accountId: 'acc-7',
      }),
    );
    const options = within(screen.getByRole('combobox', { name: 'Action' })).getAllByRole('option');
    // Every action by its words, each sent by its name.
    const refused = options.find((option) => option.textContent === 'Sign-in refused');
    expect(refused?.getAttribute('value')).toBe('sign_in_refused');
    const approved = options.find((option) => option.textContent === 'Device sign-in approved');
    expect(approved?.getAttribute('value')).toBe('oidc_device_approved');
    // Every action (the schema's 22, with the three of passkeys) and "any".
    expect(options).toHaveLength(23);
  });

  it('links the JSON Lines export with the chosen days', async () => {
    renderConsole({
      path: '/admin/audit-log',
      rootValue: {
        admin: () => ({
          auditLog: { edges: [], pageInfo: { hasNextPage: false, endCursor: null } },
        }),
      },
    });
    const link = await screen.findByRole('link', { name: 'Export (JSON Lines)' });
    expect(link.getAttribute('href')).toBe('/admin/audit-log.jsonl');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    expect(link.getAttribute('href')).toBe(
      '/admin/audit-log.jsonl?since=2026-11-01T00%3A00%3A00.000Z&until=2026-12-01T00%3A00%3A00.000Z',
    );
  });
});

describe('auditLogExportHref', () => {
  it('leaves an empty end open', () => {
    expect(auditLogExportHref('', '2026-11-30')).toBe(
      '/admin/audit-log.jsonl?until=2026-12-01T00%3A00%3A00.000Z',
    );
    expect(auditLogExportHref('2026-11-01', '')).toBe(
      '/admin/audit-log.jsonl?since=2026-11-01T00%3A00%3A00.000Z',
    );
  });
});
