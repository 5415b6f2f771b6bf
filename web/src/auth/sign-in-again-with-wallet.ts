import type { ApolloClient } from '@apollo/client';
import type { Config } from 'wagmi';
import { getAccount, signMessage } from 'wagmi/actions';
import {
  CreateNonceDocument,
  SignInDocument,
  SignInParametersDocument,
} from '../graphql/generated/graphql';
import { buildSignInMessage } from './build-sign-in-message';
import type { SessionActions } from './create-session-actions';
import { SignInPreparationError } from './sign-in-errors';

export type SignInAgainOutcome = 'signed-in' | 'no-wallet' | 'rejected' | 'failed';

export type SignInAgainWithWalletParameters = {
  client: ApolloClient<unknown>;
  config: Config;
  completeSignIn: SessionActions['completeSignIn'];
};

/**
 * A fresh wallet sign-in while a session is open, for what only a recent
 * wallet signature may do (WALLET_SIGN_IN_REQUIRED: adding a passkey, and
 * what a passkey's session may not do; docs/passkeys.md). The same message,
 * nonce and `signIn` as RainbowKit's sign-in (create-siwe-adapter.ts), signed
 * by the wallet connected now: the server replaces this browser's session
 * with one the wallet opened. RainbowKit's own sign-in view only opens while
 * nobody is signed in, so it cannot be reused here. Never throws.
 */
export async function signInAgainWithWallet({
  client,
  config,
  completeSignIn,
}: SignInAgainWithWalletParameters): Promise<SignInAgainOutcome> {
  const wallet = getAccount(config);
  if (wallet.status !== 'connected' || !wallet.address) return 'no-wallet';
  let message: string;
  try {
    const [parameters, nonce] = await Promise.all([
      client.query({ query: SignInParametersDocument, fetchPolicy: 'network-only' }),
      client.mutate({ mutation: CreateNonceDocument, fetchPolicy: 'no-cache' }),
    ]);
    if (!nonce.data) throw new SignInPreparationError('the server issued no nonce');
    const { signInParameters } = parameters.data;
    message = buildSignInMessage({
      parameters: signInParameters,
      statement: signInParameters.statement,
      address: wallet.address,
      chainId: wallet.chainId ?? signInParameters.chains[0]?.id ?? 1,
      nonce: nonce.data.createNonce,
    });
  } catch {
    return 'failed';
  }
  let signature: `0x${string}`;
  try {
    signature = await signMessage(config, { account: wallet.address, message });
  } catch {
    return 'rejected';
  }
  try {
    const { data } = await client.mutate({
      mutation: SignInDocument,
      variables: { message, signature },
      fetchPolicy: 'no-cache',
    });
    if (!data) return 'failed';
    await completeSignIn(data.signIn.account);
  } catch {
    return 'failed';
  }
  return 'signed-in';
}
