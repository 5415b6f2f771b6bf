import type { ApolloClient } from '@apollo/client';
import { createAuthenticationAdapter } from '@rainbow-me/rainbowkit';
import { getAddress } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import {
  CreateNonceDocument,
  SignInDocument,
  SignInParametersDocument,
} from '../graphql/generated/graphql';
import type { SessionActions } from './create-session-actions';
import { SignInPreparationError } from './sign-in-errors';

export type CreateSiweAdapterParameters = {
  client: ApolloClient<unknown>;
  completeSignIn: SessionActions['completeSignIn'];
  signOut: SessionActions['signOut'];
  /** @default () => new Date() */
  now?: () => Date;
};

/** A nonce this close to expiry is replaced before it goes into a message the person must still sign. */
const NONCE_EXPIRY_MARGIN_MS = 30_000;

/**
 * RainbowKit's authentication adapter over Sigil's GraphQL API.
 *
 * RainbowKit asks for a nonce once, when its sign-in view opens, and reuses it for
 * every retry. The server consumes a nonce on its first sign-in attempt, so each
 * message gets a nonce no other message carried: the given one the first time, a
 * fresh one after that (or when it is about to expire).
 *
 * RainbowKit shows its own step messages from what each method does: a rejected
 * getNonce or createMessage is "Error preparing message, please retry!", a false or
 * rejected verify is "Error verifying signature, please retry!".
 */
export function createSiweAdapter({
  client,
  completeSignIn,
  signOut,
  now = () => new Date(),
}: CreateSiweAdapterParameters) {
  const expiryOf = new Map<string, number>();
  const placedInAMessage = new Set<string>();

  const requestNonce = async (): Promise<string> => {
    const { data } = await client.mutate({
      mutation: CreateNonceDocument,
      fetchPolicy: 'no-cache',
    });
    if (!data) throw new SignInPreparationError('the server issued no nonce');
    expiryOf.set(data.createNonce.value, Date.parse(data.createNonce.expiresAt));
    return data.createNonce.value;
  };

  const signInParameters = async (fetchPolicy: 'network-only' | 'cache-first') => {
    const { data } = await client.query({ query: SignInParametersDocument, fetchPolicy });
    return data.signInParameters;
  };

  const isUnspent = (nonce: string) => {
    const expiry = expiryOf.get(nonce);
    return (
      expiry !== undefined &&
      !placedInAMessage.has(nonce) &&
      expiry - now().getTime() > NONCE_EXPIRY_MARGIN_MS
    );
  };

  return createAuthenticationAdapter<string>({
    async getNonce() {
      // The parameters are fetched alongside, so the message is ready the moment it is asked for.
      const [nonce] = await Promise.all([requestNonce(), signInParameters('network-only')]);
      return nonce;
    },

    async createMessage({ nonce, address, chainId }) {
      const [usableNonce, parameters] = await Promise.all([
        isUnspent(nonce) ? nonce : requestNonce(),
        signInParameters('cache-first'),
      ]);
      if (!parameters.chains.some((chain) => chain.id === chainId)) {
        throw new SignInPreparationError(`chain ${chainId} is not enabled on this server`);
      }
      placedInAMessage.add(usableNonce);
      return createSiweMessage({
        domain: parameters.domain,
        address: getAddress(address),
        statement: parameters.statement,
        uri: parameters.uri,
        version: '1',
        chainId,
        nonce: usableNonce,
        issuedAt: now(),
      });
    },

    async verify({ message, signature }) {
      let account: Parameters<typeof completeSignIn>[0];
      try {
        const { data } = await client.mutate({
          mutation: SignInDocument,
          variables: { message, signature },
          fetchPolicy: 'no-cache',
        });
        if (!data) return false;
        account = data.signIn.account;
      } catch {
        // RainbowKit turns false into its verifying message; a retry gets a fresh nonce.
        return false;
      }
      await completeSignIn(account);
      return true;
    },

    signOut,
  });
}
