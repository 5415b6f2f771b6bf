import { useMutation, useQuery } from '@apollo/client';
import { useState } from 'react';
import type { SignInAgainOutcome } from '../../auth/sign-in-again-with-wallet';
import {
  AccountPageDocument,
  AccountPasskeysDocument,
  AddPasskeyDocument,
  BeginPasskeyRegistrationDocument,
  type PasskeyFieldsFragment,
  RemovePasskeyDocument,
  RenamePasskeyDocument,
} from '../../graphql/generated/graphql';
import { browserHasPasskeys } from '../../passkeys/browser-has-passkeys';
import { loadWebAuthn } from '../../passkeys/load-webauthn';
import { type PasskeyFailure, readPasskeyFailure } from '../../passkeys/passkey-failure';
import { useWalletSignInAgain } from './use-wallet-sign-in-again';

/** What failed last, to say where, and to try again after a fresh wallet sign-in. */
export type PasskeyAction =
  | { kind: 'add'; name: string }
  | { kind: 'rename'; id: string; name: string }
  | { kind: 'remove'; passkey: PasskeyFieldsFragment };

export type PasskeysState = {
  passkeys: readonly PasskeyFieldsFragment[];
  loaded: boolean;
  /** The action in flight (adding: the browser's prompt is open, or the server verifies). */
  busy: PasskeyAction['kind'] | null;
  failure: { action: PasskeyAction; failure: PasskeyFailure } | null;
  add(name: string): Promise<boolean>;
  rename(id: string, name: string): Promise<boolean>;
  /** The passkey whose removal waits for the person's confirmation. */
  confirming: PasskeyFieldsFragment | null;
  askToRemove(passkey: PasskeyFieldsFragment): void;
  cancelRemove(): void;
  confirmRemove(): Promise<void>;
  /** After WALLET_SIGN_IN_REQUIRED: the wallet signs in again. */
  signInAgain(): Promise<void>;
  signingInAgain: boolean;
  /** How the last wallet sign-in went; 'signed-in' offers to retry the refused action. */
  signInAgainOutcome: SignInAgainOutcome | null;
  /** The refused action, again (after the wallet signed in). */
  retry(): Promise<void>;
};

/**
 * The account's passkeys (docs/passkeys.md): adding one through the
 * browser's prompt, renaming, removing after a confirmation. What only a
 * recent wallet sign-in may do is refused with WALLET_SIGN_IN_REQUIRED: the
 * wallet is then asked to sign in again, and the action can be retried.
 */
export function usePasskeys(): PasskeysState {
  const walletSignIn = useWalletSignInAgain();
  const query = useQuery(AccountPasskeysDocument, { fetchPolicy: 'cache-and-network' });
  const [beginRegistration] = useMutation(BeginPasskeyRegistrationDocument);
  const [addPasskey] = useMutation(AddPasskeyDocument);
  const [renamePasskey] = useMutation(RenamePasskeyDocument);
  const [removePasskey] = useMutation(RemovePasskeyDocument);
  const [busy, setBusy] = useState<PasskeyAction['kind'] | null>(null);
  const [failure, setFailure] = useState<PasskeysState['failure']>(null);
  const [confirming, setConfirming] = useState<PasskeyFieldsFragment | null>(null);

  // Sessions list the passkey that opened each: they change with the passkeys. They ask
  // only its name (no id: at 200 sessions an id each would take the account page past the
  // query cost limit, docs/api.md), so a rename reaches them by this refetch, not the cache.
  const refetchQueries = [AccountPasskeysDocument, AccountPageDocument];

  const perform = async (action: PasskeyAction, work: () => Promise<unknown>) => {
    setBusy(action.kind);
    setFailure(null);
    walletSignIn.reset();
    try {
      await work();
      return true;
    } catch (error) {
      setFailure({ action, failure: readPasskeyFailure(error) });
      return false;
    } finally {
      setBusy(null);
    }
  };

  const add = (name: string) =>
    perform({ kind: 'add', name }, async () => {
      if (!browserHasPasskeys()) throw Object.assign(new Error(), { name: 'NotSupportedError' });
      const [webAuthn, begun] = await Promise.all([
        loadWebAuthn(),
        beginRegistration({ fetchPolicy: 'no-cache' }),
      ]);
      if (!begun.data) throw new Error('no challenge');
      const challenge = begun.data.beginPasskeyRegistration;
      const response = await webAuthn.startRegistration({
        optionsJSON: JSON.parse(challenge.optionsJSON),
      });
      await addPasskey({
        variables: {
          challengeId: challenge.id,
          responseJSON: JSON.stringify(response),
          // Empty: the server names it after its authenticator, when known.
          name: name.trim() === '' ? null : name.trim(),
        },
        refetchQueries,
        awaitRefetchQueries: true,
      });
    });

  const rename = (id: string, name: string) =>
    perform({ kind: 'rename', id, name }, () =>
      renamePasskey({
        variables: { id, name: name.trim() },
        refetchQueries,
        awaitRefetchQueries: true,
      }),
    );

  const remove = (passkey: PasskeyFieldsFragment) =>
    perform({ kind: 'remove', passkey }, () =>
      removePasskey({ variables: { id: passkey.id }, refetchQueries, awaitRefetchQueries: true }),
    );

  return {
    passkeys: query.data?.me?.passkeys ?? [],
    loaded: query.data !== undefined,
    busy,
    failure,
    add,
    rename,
    confirming,
    askToRemove(passkey) {
      setFailure(null);
      setConfirming(passkey);
    },
    cancelRemove: () => setConfirming(null),
    async confirmRemove() {
      const passkey = confirming;
      if (!passkey) return;
      setConfirming(null);
      await remove(passkey);
    },
    signInAgain: walletSignIn.signInAgain,
    signingInAgain: walletSignIn.signingInAgain,
    signInAgainOutcome: walletSignIn.outcome,
    async retry() {
      const action = failure?.action;
      if (!action) return;
      if (action.kind === 'add') await add(action.name);
      else if (action.kind === 'rename') await rename(action.id, action.name);
      else await remove(action.passkey);
    },
  };
}
