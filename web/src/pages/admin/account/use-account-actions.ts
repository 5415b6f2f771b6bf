import { useMutation } from '@apollo/client';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import {
  AdminEndSessionsDocument,
  AdminGrantRoleDocument,
  AdminRemoveAccountPasskeyDocument,
  AdminRevokeRoleDocument,
  AdminSuspendAccountDocument,
  AdminUnsuspendAccountDocument,
} from '../../../graphql/generated/graphql';
import { serverMessageOf } from '../read-admin-error';
import type { SuspendRequest } from './suspend-dialog';

/** The action waiting for the administrator's confirmation; null when no dialog is open. */
export type PendingAction =
  | { kind: 'suspend' }
  | { kind: 'unsuspend' }
  | { kind: 'grant-role' }
  | { kind: 'revoke-role'; role: string }
  | { kind: 'end-sessions' }
  | { kind: 'remove-passkey'; passkey: { id: string; name: string } };

export type AccountActions = {
  pending: PendingAction | null;
  busy: boolean;
  /** The server's refusal of the last attempt, shown in the open dialog. */
  error: string | null;
  /** What the last action did, for the live region. */
  done: string | null;
  ask(action: PendingAction): void;
  cancel(): void;
  suspend(request: SuspendRequest): Promise<void>;
  unsuspend(): Promise<void>;
  grantRole(role: string): Promise<void>;
  revokeRole(role: string): Promise<void>;
  endSessions(): Promise<void>;
  /** Removes one of the account's passkeys; the sessions it opened end. */
  removePasskey(passkey: { id: string; name: string }): Promise<void>;
};

/**
 * The administrator's actions on one account, each confirmed in a dialog first. A refusal
 * keeps the dialog open with the server's words; a success closes it, says what happened
 * and reads the account again (nothing of it is cached: `refresh`).
 */
export function useAccountActions(accountId: string, refresh: () => unknown): AccountActions {
  const { t } = useLingui();
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const options = { fetchPolicy: 'no-cache' as const };
  const [suspendAccount] = useMutation(AdminSuspendAccountDocument, options);
  const [unsuspendAccount] = useMutation(AdminUnsuspendAccountDocument, options);
  const [grant] = useMutation(AdminGrantRoleDocument, options);
  const [revoke] = useMutation(AdminRevokeRoleDocument, options);
  const [endAll] = useMutation(AdminEndSessionsDocument, options);
  const [removeAccountPasskey] = useMutation(AdminRemoveAccountPasskeyDocument, options);

  const run = async (action: () => Promise<string>) => {
    setBusy(true);
    setError(null);
    try {
      const message = await action();
      setPending(null);
      setDone(message);
      await refresh();
    } catch (failure) {
      setError(serverMessageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  return {
    pending,
    busy,
    error,
    done,
    ask(action) {
      setError(null);
      setDone(null);
      setPending(action);
    },
    cancel() {
      setError(null);
      setPending(null);
    },
    suspend: ({ reason, until }) =>
      run(async () => {
        await suspendAccount({ variables: { id: accountId, reason, until } });
        return t`The account is suspended.`;
      }),
    unsuspend: () =>
      run(async () => {
        await unsuspendAccount({ variables: { id: accountId } });
        return t`The suspension is lifted.`;
      }),
    grantRole: (role) =>
      run(async () => {
        await grant({ variables: { accountId, role } });
        return t`Role ${role} granted.`;
      }),
    revokeRole: (role) =>
      run(async () => {
        await revoke({ variables: { accountId, role } });
        return t`Role ${role} revoked.`;
      }),
    endSessions: () =>
      run(async () => {
        const { data } = await endAll({ variables: { accountId } });
        const ended = data?.endSessions ?? 0;
        return plural(ended, { one: '# session ended.', other: '# sessions ended.' });
      }),
    removePasskey: ({ id, name }) =>
      run(async () => {
        const { data } = await removeAccountPasskey({ variables: { accountId, id } });
        // False: the account holds no such passkey (any more): nothing was removed.
        return data?.removeAccountPasskey
          ? t`The passkey ${name} is removed; the sessions it opened have ended.`
          : t`The account holds no passkey ${name} any more.`;
      }),
  };
}
