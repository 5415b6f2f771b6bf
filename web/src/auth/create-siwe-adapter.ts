import type { ApolloClient } from '@apollo/client';
import { createAuthenticationAdapter } from '@rainbow-me/rainbowkit';
import {
  CreateNonceDocument,
  SignInDocument,
  SignInParametersDocument,
} from '../graphql/generated/graphql';
import { buildSignInMessage } from './build-sign-in-message';
import type { SessionActions } from './create-session-actions';
import { reportSignInRefusal } from './report-sign-in-refusal';
import type { SignInActivity } from './sign-in-activity';
import { SignInPreparationError } from './sign-in-errors';

export type CreateSiweAdapterParameters = {
  client: ApolloClient<unknown>;
  completeSignIn: SessionActions['completeSignIn'];
  /**
   * What RainbowKit's sign-out means here. RainbowKit calls it on every
   * disconnect and account change; Sigil decides whether that ends the session
   * (a switch to another wallet of the same account does not).
   */
  signOut: () => Promise<void>;
  /** Where verifying and rate-limit waits are reported. */
  activity?: SignInActivity;
  /**
   * Only measures how long a nonce has been held: the message's times come
   * from the server. @default Date.now
   */
  now?: () => number;
};

/** A nonce this close to expiry is replaced before it goes into a message the person must still sign. */
const NONCE_EXPIRY_MARGIN_MS = 30_000;

type HeldNonce = { expiresAt: string; receivedAt: number };

/**
 * RainbowKit's authentication adapter over Sigil's GraphQL API.
 *
 * RainbowKit asks for a nonce once, when its sign-in view opens, and reuses it for
 * every retry. The server consumes a nonce on its first sign-in attempt, so each
 * message gets a nonce no other message carried: the given one the first time, a
 * fresh one after that (or when it is about to expire).
 *
 * The message's issued-at is the nonce's issue time by the server's clock
 * (`serverIssuedAt`), never this device's: a clock minutes off must not matter.
 *
 * RainbowKit shows its own step messages from what each method does: a rejected
 * getNonce or createMessage is "Error preparing message, please retry!", a false or
 * rejected verify is "Error verifying signature, please retry!". A RATE_LIMITED
 * refusal also goes to `activity`, so the app can say when to try again, and an
 * ACCOUNT_SUSPENDED one, so it can say why and until when.
 */
export function createSiweAdapter({
  client,
  completeSignIn,
  signOut,
  activity,
  now = Date.now,
}: CreateSiweAdapterParameters) {
  const held = new Map<string, HeldNonce>();
  const placedInAMessage = new Set<string>();

  const reportRefusal = (error: unknown) => reportSignInRefusal(error, activity);

  const requestNonce = async (): Promise<string> => {
    try {
      const { data } = await client.mutate({
        mutation: CreateNonceDocument,
        fetchPolicy: 'no-cache',
      });
      if (!data) throw new SignInPreparationError('the server issued no nonce');
      held.set(data.createNonce.value, {
        expiresAt: data.createNonce.expiresAt,
        receivedAt: now(),
      });
      return data.createNonce.value;
    } catch (error) {
      reportRefusal(error);
      throw error;
    }
  };

  const signInParameters = async (fetchPolicy: 'network-only' | 'cache-first') => {
    const { data } = await client.query({ query: SignInParametersDocument, fetchPolicy });
    return data.signInParameters;
  };

  // Measured as time held since receipt, on this device's clock alone: its offset cancels out.
  const isUnspent = (nonce: string, ttlSeconds: number) => {
    const nonceHeld = held.get(nonce);
    return (
      nonceHeld !== undefined &&
      !placedInAMessage.has(nonce) &&
      ttlSeconds * 1000 - (now() - nonceHeld.receivedAt) > NONCE_EXPIRY_MARGIN_MS
    );
  };

  return createAuthenticationAdapter<string>({
    async getNonce() {
      // The parameters are fetched alongside, so the message is ready the moment it is asked for.
      const [nonce] = await Promise.all([requestNonce(), signInParameters('network-only')]);
      return nonce;
    },

    async createMessage({ nonce, address, chainId }) {
      const parameters = await signInParameters('cache-first');
      const usableNonce = isUnspent(nonce, parameters.nonceTtlSeconds)
        ? nonce
        : await requestNonce();
      const nonceHeld = held.get(usableNonce);
      if (!nonceHeld) throw new SignInPreparationError('the nonce was not issued by this server');
      const message = buildSignInMessage({
        parameters,
        statement: parameters.statement,
        address,
        chainId,
        nonce: { value: usableNonce, expiresAt: nonceHeld.expiresAt },
      });
      placedInAMessage.add(usableNonce);
      return message;
    },

    async verify({ message, signature }) {
      let account: Parameters<typeof completeSignIn>[0];
      activity?.setVerifying(true);
      try {
        const { data } = await client.mutate({
          mutation: SignInDocument,
          variables: { message, signature },
          fetchPolicy: 'no-cache',
        });
        if (!data) return false;
        account = data.signIn.account;
      } catch (error) {
        reportRefusal(error);
        // RainbowKit turns false into its verifying message; a retry gets a fresh nonce.
        return false;
      } finally {
        activity?.setVerifying(false);
      }
      activity?.clearRateLimit();
      activity?.clearSuspension();
      await completeSignIn(account);
      return true;
    },

    signOut,
  });
}
