import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { refusal, renderConsole } from './render-console.test-support';

vi.mock('uplot', () => import('./uplot-stand-in.test-support'));

const stats = {
  accounts: 1234,
  activeSessions: 56,
  signInsLast24Hours: 78,
  suspendedAccounts: 2,
  signInsByDay: () => [
    { day: '2026-11-25', count: 3 },
    { day: '2026-11-26', count: 5 },
  ],
};

describe('the console at /admin', () => {
  it('shows a signed-in viewer the server refuses (FORBIDDEN) only "Not allowed"', async () => {
    const admin = vi.fn(() => {
      throw refusal('FORBIDDEN', 'Only administrators may do this.');
    });
    renderConsole({ path: '/admin/accounts', rootValue: { admin } });
    expect(
      (await screen.findByRole('heading', { level: 1, name: 'Not allowed' })).nextElementSibling
        ?.textContent,
    ).toBe('This page is only for the administrators of this Sigil.');
    expect(screen.queryByRole('navigation', { name: 'Administration' })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(admin).toHaveBeenCalledTimes(1);
  });

  it('asks a viewer whose session the server no longer knows (UNAUTHENTICATED) to sign in', async () => {
    renderConsole({
      path: '/admin',
      rootValue: {
        admin: () => {
          throw refusal('UNAUTHENTICATED');
        },
      },
    });
    expect(await screen.findByRole('button', { name: 'Connect and sign in' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Administration');
    expect(screen.queryByRole('navigation', { name: 'Administration' })).toBeNull();
  });

  it('asks a viewer who is not signed in to sign in, without asking the server', async () => {
    const admin = vi.fn(() => ({ stats }));
    renderConsole({ path: '/admin', rootValue: { admin }, status: 'unauthenticated' });
    expect(await screen.findByRole('button', { name: 'Connect and sign in' })).toBeTruthy();
    expect(admin).not.toHaveBeenCalled();
  });

  it('shows an administrator the four figures and the views', async () => {
    renderConsole({ path: '/admin', rootValue: { admin: () => ({ stats }) } });
    const figures = await screen.findAllByTestId('admin-figure');
    expect(figures.map((figure) => figure.textContent)).toEqual([
      'Accounts1,234',
      'Active sessions56',
      'Sign-ins, last 24 hours78',
      'Suspended accounts2',
    ]);
    const nav = screen.getByRole('navigation', { name: 'Administration' });
    expect(
      Array.from(nav.querySelectorAll('a')).map((link) => [
        link.textContent,
        link.getAttribute('href'),
        link.getAttribute('aria-current'),
      ]),
    ).toEqual([
      ['Overview', '/admin', 'page'],
      ['Accounts', '/admin/accounts', null],
      ['Audit log', '/admin/audit-log', null],
      ['Webhooks', '/admin/webhooks', null],
    ]);
  });
});
