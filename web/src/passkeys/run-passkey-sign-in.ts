import type { ApolloClient } from '@apollo/client';
import type { SessionActions } from '../auth/create-session-actions';
import { reportSignInRefusal } from '../auth/report-sign-in-refusal';
import type { SignInActivity } from '../auth/sign-in-activity';
import {
  BeginPasskeySignInDocument,
  SignInWithPasskeyDocument,
} from '../graphql/generated/graphql';
import { browserHasPasskeys } from './browser-has-passkeys';
import { loadWebAuthn } from './load-webauthn';
import { type PasskeyFailure, readPasskeyFailure } from './passkey-failure';

export type PasskeySignInOutcome = { ok: true } | { ok: false; failure: PasskeyFailure };

export type RunPasskeySignInParameters = {
  client: ApolloClient<unknown>;
  completeSignIn: SessionActions['completeSignIn'];
  activity?: SignInActivity;
  /**
   * The browser's passkey autofill (conditional mediation): the request waits,
   * silently, until the person picks a passkey in a field's suggestions.
   */
  autofill?: boolean;
};

/**
 * One passkey sign-in: a challenge from the server (beginPasskeySignIn), the
 * browser's ceremony (startAuthentication), the server's verification
 * (signInWithPasskey), then the same ending as a wallet's sign-in
 * (completeSignIn: the cache now belongs to the account, the socket reopens
 * as it). Never throws.
 */
export async function runPasskeySignIn({
  client,
  completeSignIn,
  activity,
  autofill = false,
}: RunPasskeySignInParameters): Promise<PasskeySignInOutcome> {
  if (!browserHasPasskeys()) return { ok: false, failure: { kind: 'unsupported' } };
  let challenge: { id: string; optionsJSON: string };
  let responseJSON: string;
  try {
    const [webAuthn, begun] = await Promise.all([
      loadWebAuthn(),
      client.mutate({ mutation: BeginPasskeySignInDocument, fetchPolicy: 'no-cache' }),
    ]);
    if (!begun.data) return { ok: false, failure: { kind: 'other' } };
    challenge = begun.data.beginPasskeySignIn;
    const response = await webAuthn.startAuthentication({
      optionsJSON: JSON.parse(challenge.optionsJSON),
      useBrowserAutofill: autofill,
    });
    responseJSON = JSON.stringify(response);
  } catch (error) {
    reportSignInRefusal(error, activity);
    return { ok: false, failure: readPasskeyFailure(error) };
  }

  activity?.setVerifying(true);
  let account: Parameters<typeof completeSignIn>[0];
  try {
    const { data } = await client.mutate({
      mutation: SignInWithPasskeyDocument,
      variables: { challengeId: challenge.id, responseJSON },
      fetchPolicy: 'no-cache',
    });
    if (!data) return { ok: false, failure: { kind: 'other' } };
    account = data.signInWithPasskey.account;
  } catch (error) {
    reportSignInRefusal(error, activity);
    return { ok: false, failure: readPasskeyFailure(error) };
  } finally {
    activity?.setVerifying(false);
  }
  activity?.clearRateLimit();
  activity?.clearSuspension();
  try {
    await completeSignIn(account);
  } catch {
    return { ok: false, failure: { kind: 'other' } };
  }
  return { ok: true };
}
