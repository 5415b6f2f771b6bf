import { getAddress } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import type { SignInParametersQuery } from '../graphql/generated/graphql';
import { serverIssuedAt } from './server-issued-at';
import { SignInPreparationError } from './sign-in-errors';

export type BuildSignInMessageParameters = {
  /** What the server said a message must carry (`Query.signInParameters`). */
  parameters: SignInParametersQuery['signInParameters'];
  /** The sign-in statement, or the account's link statement for a link. */
  statement: string;
  /** The wallet that will sign, in any case. */
  address: string;
  /** The wallet's current chain: the server must enable it. */
  chainId: number;
  /** A nonce this message alone carries, with the expiry the server gave it. */
  nonce: { value: string; expiresAt: string };
};

/**
 * The EIP-4361 message a wallet signs, for a sign-in (`createSiweAdapter`) and
 * for a link (`createLinkMessage`) alike: the server's domain and URI, the
 * statement, the checksummed address, the wallet's chain, the nonce, and the
 * nonce's issue time by the server's clock (`serverIssuedAt`), never this
 * device's. The server reads both with the same parser (docs/sign-in.md).
 *
 * @throws SignInPreparationError when the server does not enable the chain.
 */
export function buildSignInMessage({
  parameters,
  statement,
  address,
  chainId,
  nonce,
}: BuildSignInMessageParameters): string {
  if (!parameters.chains.some((chain) => chain.id === chainId)) {
    throw new SignInPreparationError(`chain ${chainId} is not enabled on this server`);
  }
  return createSiweMessage({
    domain: parameters.domain,
    address: getAddress(address),
    statement,
    uri: parameters.uri,
    version: '1',
    chainId,
    nonce: nonce.value,
    issuedAt: serverIssuedAt(nonce.expiresAt, parameters.nonceTtlSeconds),
  });
}
