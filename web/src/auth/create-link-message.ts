import type { ApolloClient } from '@apollo/client';
import type { Address } from 'viem';
import {
  CreateNonceDocument,
  LinkStatementDocument,
  SignInParametersDocument,
} from '../graphql/generated/graphql';
import { buildSignInMessage } from './build-sign-in-message';
import { SignInPreparationError } from './sign-in-errors';

export type CreateLinkMessageParameters = {
  client: ApolloClient<unknown>;
  /** The wallet being linked, which will sign. */
  address: Address;
  /** The wallet's current chain: a contract wallet is linked on this chain only. */
  chainId: number;
};

/**
 * The EIP-4361 message a wallet signs to be linked to the signed-in account:
 * the server's domain and URI, the account's link statement (it names the
 * account, so the signature cannot link the wallet anywhere else), a fresh
 * nonce, and the nonce's issue time by the server's clock: built by
 * `buildSignInMessage`, as a sign-in's is.
 */
export async function createLinkMessage({
  client,
  address,
  chainId,
}: CreateLinkMessageParameters): Promise<string> {
  const [parameters, statement, nonce] = await Promise.all([
    client.query({ query: SignInParametersDocument, fetchPolicy: 'cache-first' }),
    client.query({ query: LinkStatementDocument, fetchPolicy: 'network-only' }),
    client.mutate({ mutation: CreateNonceDocument, fetchPolicy: 'no-cache' }),
  ]);
  const linkStatement = statement.data.me?.linkStatement;
  if (!linkStatement) throw new SignInPreparationError('no account is signed in');
  if (!nonce.data) throw new SignInPreparationError('the server issued no nonce');
  return buildSignInMessage({
    parameters: parameters.data.signInParameters,
    statement: linkStatement,
    address,
    chainId,
    nonce: nonce.data.createNonce,
  });
}
