import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { refusal, renderConsole } from '../render-console.test-support';

vi.mock('uplot', () => import('../uplot-stand-in.test-support'));

const id = '01936f0c-0000-7000-8000-000000000002';
const address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

type Suspension = { reason: string; at: string; until: string | null; by: string | null };

const passkey = {
  id: 'pk-1',
  name: 'Work laptop',
  createdAt: '2026-11-10T10:00:00.000Z',
  lastUsedAt: '2026-11-20T10:00:00.000Z',
  backedUp: true,
  authenticator: 'iCloud Keychain',
};

/** One account as the server holds it; the mutations change it as the server would. */
function server({ refuseSuspension }: { refuseSuspension?: string } = {}) {
  const state: { suspension: Suspension | null; roles: string[]; passkeys: (typeof passkey)[] } = {
    suspension: null,
    roles: ['holder'],
    passkeys: [passkey],
  };
  const account = () => ({
    id,
    address,
    createdAt: '2026-11-01T10:00:00.000Z',
    roles: state.roles,
    profile: { displayName: 'Mallory', public: true },
    suspension: state.suspension,
    wallets: [
      {
        address,
        kind: 'EOA',
        chainId: null,
        primary: true,
        public: true,
        linkedAt: '2026-11-01T10:00:00.000Z',
        lastSignInAt: '2026-11-20T10:00:00.000Z',
      },
    ],
    sessions: [
      {
        id: 'ses-1',
        createdAt: '2026-11-20T10:00:00.000Z',
        lastSeenAt: '2026-11-20T11:00:00.000Z',
        expiresAt: '2026-12-20T10:00:00.000Z',
        chainId: 31337,
        userAgent: null,
        address,
        method: 'WALLET',
        passkey: null,
      },
      ...state.passkeys.map((opener) => ({
        id: `ses-${opener.id}`,
        createdAt: '2026-11-20T10:00:00.000Z',
        lastSeenAt: '2026-11-20T11:00:00.000Z',
        expiresAt: '2026-12-20T10:00:00.000Z',
        chainId: null,
        userAgent: null,
        address: null,
        method: 'PASSKEY',
        passkey: opener,
      })),
    ],
    signIns: () => ({ edges: [], pageInfo: { hasNextPage: false, endCursor: null } }),
    connectedApps: [],
    passkeys: state.passkeys,
  });
  const suspendAccount = vi.fn((args: { id: string; reason: string; until: string | null }) => {
    if (refuseSuspension) throw refusal('BAD_USER_INPUT', refuseSuspension);
    state.suspension = {
      reason: args.reason,
      at: '2026-11-26T12:00:00.000Z',
      until: args.until,
      by: 'me',
    };
    return account();
  });
  const rootValue = {
    admin: () => ({ account: (args: { id: string }) => (args.id === id ? account() : null) }),
    grantRole: ({ role }: { role: string }) => {
      state.roles = [...state.roles, role].sort();
      return account();
    },
    revokeRole: ({ role }: { role: string }) => {
      if (role === 'holder')
        throw refusal('NOT_FOUND', 'The account was not granted the role holder.');
      state.roles = state.roles.filter((held) => held !== role);
      return account();
    },
    endSessions: () => 1,
    removeAccountPasskey: (args: { accountId: string; id: string }) => {
      const before = state.passkeys.length;
      state.passkeys = state.passkeys.filter((held) => held.id !== args.id);
      return state.passkeys.length < before;
    },
    suspendAccount,
    unsuspendAccount: () => {
      state.suspension = null;
      return account();
    },
  };
  return { rootValue, suspendAccount };
}

const dialog = () => screen.getByTestId('suspend-dialog') as HTMLDialogElement;

describe('one account in the console', () => {
  it('shows the account, its wallets and sessions, and says it is not suspended', async () => {
    renderConsole({ path: `/admin/accounts/${id}`, rootValue: server().rootValue });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mallory' })).toBeTruthy();
    expect(screen.getByTestId('admin-account-id').textContent).toBe(id);
    expect(screen.getByTestId('admin-suspension').textContent).toBe('Not suspended');
    expect(within(screen.getByRole('table', { name: 'Wallets' })).getByText(address)).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Sessions' })).toBeTruthy();
    expect(screen.getByText('No connected apps.')).toBeTruthy();
  });

  it('will not suspend without a reason, then sends the reason and the end day', async () => {
    const { rootValue, suspendAccount } = server();
    const { operations } = renderConsole({ path: `/admin/accounts/${id}`, rootValue });
    const suspend = await screen.findByRole('button', { name: 'Suspend' });
    suspend.focus();
    fireEvent.click(suspend);
    expect(dialog().open).toBe(true);
    const reason = within(dialog()).getByLabelText('Reason (required)');
    // Focus starts in the field the dialog asks for.
    expect(document.activeElement).toBe(reason);

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Suspend account' }));
    expect(within(dialog()).getByText(/^Give a reason/).className).toBe('inline-error');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(operations('AdminSuspendAccount')).toEqual([]);

    fireEvent.change(reason, { target: { value: '  Spam links  ' } });
    fireEvent.change(within(dialog()).getByLabelText('Ends on (optional)'), {
      target: { value: '2030-12-03' },
    });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Suspend account' }));
    await waitFor(() => expect(dialog().open).toBe(false));
    expect(operations('AdminSuspendAccount')).toEqual([
      { id, reason: 'Spam links', until: '2030-12-03T00:00:00.000Z' },
    ]);
    expect(suspendAccount).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(screen.getByTestId('admin-suspension').textContent).toContain('until Dec 3, 2030'),
    );
    expect(screen.getByTestId('admin-suspension').textContent).toContain('Reason: “Spam links”');
    expect(screen.getByRole('status').textContent).toBe('The account is suspended.');
    expect(screen.getByRole('button', { name: 'Lift suspension' })).toBeTruthy();
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    renderConsole({
      path: `/admin/accounts/${id}`,
      rootValue: server({ refuseSuspension: 'An administrator cannot suspend their own account.' })
        .rootValue,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend' }));
    fireEvent.change(within(dialog()).getByLabelText('Reason (required)'), {
      target: { value: 'Testing' },
    });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Suspend account' }));
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(
      'An administrator cannot suspend their own account.',
    );
    expect(dialog().open).toBe(true);
    expect(screen.getByTestId('admin-suspension').textContent).toBe('Not suspended');
  });

  it('closes on Escape without sending anything, and gives focus back to the button that opened it', async () => {
    const { operations } = renderConsole({
      path: `/admin/accounts/${id}`,
      rootValue: server().rootValue,
    });
    const suspend = await screen.findByRole('button', { name: 'Suspend' });
    suspend.focus();
    fireEvent.click(suspend);
    fireEvent.change(within(dialog()).getByLabelText('Reason (required)'), {
      target: { value: 'Not sure yet' },
    });
    // What the browser fires on Escape for a modal dialog.
    fireEvent(dialog(), new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(dialog().open).toBe(false));
    expect(document.activeElement).toBe(suspend);
    expect(operations('AdminSuspendAccount')).toEqual([]);
  });

  it('grants a role by name, and shows why revoking a role of the rules is refused', async () => {
    const { operations } = renderConsole({
      path: `/admin/accounts/${id}`,
      rootValue: server().rootValue,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Grant role' }));
    const grant = screen.getByTestId('grant-role-dialog');
    fireEvent.change(within(grant).getByLabelText('Role'), { target: { value: 'Not A Role' } });
    fireEvent.click(within(grant).getByRole('button', { name: 'Grant role' }));
    expect(operations('AdminGrantRole')).toEqual([]);
    fireEvent.change(within(grant).getByLabelText('Role'), { target: { value: 'moderator' } });
    fireEvent.click(within(grant).getByRole('button', { name: 'Grant role' }));
    await screen.findByRole('button', { name: 'Revoke role moderator' });
    expect(operations('AdminGrantRole')).toEqual([{ accountId: id, role: 'moderator' }]);

    fireEvent.click(screen.getByRole('button', { name: 'Revoke role holder' }));
    fireEvent.click(screen.getByRole('button', { name: 'Revoke role' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The account was not granted the role holder.',
    );
  });

  it('ends every session after confirmation and says how many', async () => {
    const { operations } = renderConsole({
      path: `/admin/accounts/${id}`,
      rootValue: server().rootValue,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'End all sessions' }));
    expect(operations('AdminEndSessions')).toEqual([]);
    // Focus starts on the harmless choice.
    expect(document.activeElement?.textContent).toBe('Cancel');
    const dialogs = screen.getAllByRole('dialog');
    const confirm = dialogs.find((dialog) => (dialog as HTMLDialogElement).open) as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: 'End all sessions' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('1 session ended.'));
    expect(operations('AdminEndSessions')).toEqual([{ accountId: id }]);
  });

  it('says so when no account has the id', async () => {
    renderConsole({ path: '/admin/accounts/nobody', rootValue: server().rootValue });
    expect(await screen.findByText('There is no account with this id.')).toBeTruthy();
  });

  it("lists the account's passkeys and the session each opened, and removes one after confirmation", async () => {
    const { operations } = renderConsole({
      path: `/admin/accounts/${id}`,
      rootValue: server().rootValue,
    });
    const passkeys = await screen.findByRole('table', { name: 'Passkeys' });
    expect(within(passkeys).getByText('Work laptop')).toBeTruthy();
    expect(within(passkeys).getByText('Synced')).toBeTruthy();
    expect(within(passkeys).getByText('iCloud Keychain')).toBeTruthy();
    const sessions = screen.getByRole('table', { name: 'Sessions' });
    expect(within(sessions).getByText('Passkey: Work laptop')).toBeTruthy();

    fireEvent.click(within(passkeys).getByRole('button', { name: 'Remove' }));
    expect(operations('AdminRemoveAccountPasskey')).toEqual([]);
    expect(document.activeElement?.textContent).toBe('Cancel');
    const dialogs = screen.getAllByRole('dialog');
    const confirm = dialogs.find((dialog) => (dialog as HTMLDialogElement).open) as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove passkey' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'The passkey Work laptop is removed; the sessions it opened have ended.',
      ),
    );
    expect(operations('AdminRemoveAccountPasskey')).toEqual([{ accountId: id, id: 'pk-1' }]);
    await waitFor(() => expect(screen.getByText('No passkeys.')).toBeTruthy());
  });
});
