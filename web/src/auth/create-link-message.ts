import type { ApolloClient } from '@apollo/client';
import { type Address, getAddress } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import {
  CreateNonceDocument,
  LinkStatementDocument,
  SignInParametersDocument,
} from '../graphql/generated/graphql';
import { serverIssuedAt } from './server-issued-at';
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
 * nonce, and the nonce's issue time by the server's clock.
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
  const { domain, uri, chains, nonceTtlSeconds } = parameters.data.signInParameters;
  const linkStatement = statement.data.me?.linkStatement;
  if (!linkStatement) throw new SignInPreparationError('no account is signed in');
  if (!nonce.data) throw new SignInPreparationError('the server issued no nonce');
  if (!chains.some((chain) => chain.id === chainId)) {
    throw new SignInPreparationError(`chain ${chainId} is not enabled on this server`);
  }
  return createSiweMessage({
    domain,
    address: getAddress(address),
    statement: linkStatement,
    uri,
    version: '1',
    chainId,
    nonce: nonce.data.createNonce.value,
    issuedAt: serverIssuedAt(nonce.data.createNonce.expiresAt, nonceTtlSeconds),
  });
}
