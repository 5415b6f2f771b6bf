import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderConsole } from '../render-console.test-support';
import { ACCOUNTS_PAGE_SIZE } from './accounts-view';

vi.mock('uplot', () => import('../uplot-stand-in.test-support'));

/** 30 accounts, newest first, answered a page at a time by cursor, as the server does. */
const everyone = Array.from({ length: 30 }, (_, index) => ({
  id: `01936f0c-0000-7000-8000-${String(index).padStart(12, '0')}`,
  address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  createdAt: new Date(Date.UTC(2026, 10, 30 - index)).toISOString(),
  roles: index === 0 ? ['admin', 'holder'] : [],
  profile: { displayName: index === 1 ? 'Alice' : null },
  suspension:
    index === 2 ? { reason: 'Spam', at: '2026-11-20T00:00:00.000Z', until: null, by: 'x' } : null,
  rank: index,
}));

function accounts({
  query,
  first,
  after,
}: {
  query: string | null;
  first: number;
  after: string | null;
}) {
  const matching = everyone.filter(
    (account) => !query || account.profile.displayName?.toLowerCase().includes(query.toLowerCase()),
  );
  const start = after === null ? 0 : Number(after.replace('cursor-', '')) + 1;
  const page = matching.slice(start, start + first);
  return {
    edges: page.map((node) => ({ cursor: `cursor-${node.rank}`, node })),
    pageInfo: {
      hasNextPage: start + first < matching.length,
      endCursor: page.length > 0 ? `cursor-${page.at(-1)?.rank}` : null,
    },
  };
}

const rows = () => screen.getAllByTestId('admin-row');
const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('the accounts view', () => {
  it('lists accounts in a table with column headers, and pages with Next and Previous', async () => {
    const { operations } = renderConsole({
      path: '/admin/accounts',
      rootValue: { admin: () => ({ accounts }) },
    });
    await waitFor(() => expect(rows()).toHaveLength(ACCOUNTS_PAGE_SIZE));
    const table = screen.getByRole('table', { name: 'Accounts' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => [header.textContent, header.getAttribute('scope')]),
    ).toEqual([
      ['Id', 'col'],
      ['Primary address', 'col'],
      ['Display name', 'col'],
      ['Created', 'col'],
      ['Roles', 'col'],
      ['Suspended', 'col'],
    ]);
    const [first, second, third] = rows() as [HTMLElement, HTMLElement, HTMLElement];
    expect(cellTexts(first)[0]).toBe('01936f0c…');
    expect(within(first).getByRole('link').getAttribute('href')).toBe(
      `/admin/accounts/${everyone[0]?.id}`,
    );
    expect(cellTexts(first)[1]).toBe('0x7099…79C8');
    expect(within(first).getByTitle('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBeTruthy();
    expect(cellTexts(first)[4]).toBe('admin, holder');
    expect(cellTexts(second)[2]).toBe('Alice');
    expect(cellTexts(third)[5]).toBe('Suspended');
    expect(cellTexts(first)[5]).toBe('No');

    const previous = screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(rows()).toHaveLength(30 - ACCOUNTS_PAGE_SIZE));
    expect(cellTexts(rows()[0] as HTMLElement)[0]).toBe('01936f0c…');
    expect(screen.getByText('Page 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    expect(operations('AdminAccounts').at(-1)).toMatchObject({
      first: ACCOUNTS_PAGE_SIZE,
      after: `cursor-${ACCOUNTS_PAGE_SIZE - 1}`,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(rows()).toHaveLength(ACCOUNTS_PAGE_SIZE));
    expect(operations('AdminAccounts').at(-1)).toMatchObject({ after: null });
    expect(screen.getByText('Page 1')).toBeTruthy();
  });

  it('sends what is typed in the search box as `query` once typing pauses, from the first page', async () => {
    const { operations } = renderConsole({
      path: '/admin/accounts',
      rootValue: { admin: () => ({ accounts }) },
    });
    await waitFor(() => expect(rows()).toHaveLength(ACCOUNTS_PAGE_SIZE));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2');
    const search = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(search, { target: { value: 'al' } });
    fireEvent.change(search, { target: { value: 'ali' } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(cellTexts(rows()[0] as HTMLElement)[2]).toBe('Alice');
    // One request for the settled text, none for the keystroke before it.
    const searches = operations('AdminAccounts').filter((variables) => variables.query !== null);
    expect(searches).toEqual([{ query: 'ali', first: ACCOUNTS_PAGE_SIZE, after: null }]);
    expect(screen.getByText('Page 1')).toBeTruthy();

    fireEvent.change(search, { target: { value: 'nobody' } });
    expect(await screen.findByText('No account matches "nobody".')).toBeTruthy();
  });
});
