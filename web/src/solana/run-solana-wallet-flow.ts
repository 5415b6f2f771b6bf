import type { ApolloClient } from '@apollo/client';
import type { SessionActions } from '../auth/create-session-actions';
import { type LinkFailure, preparingFailure, verifyingFailure } from '../auth/link-failure';
import { reportSignInRefusal } from '../auth/report-sign-in-refusal';
import { serverIssuedAt } from '../auth/server-issued-at';
import type { SignInActivity } from '../auth/sign-in-activity';
import { SignInPreparationError } from '../auth/sign-in-errors';
import {
  AccountPageDocument,
  CreateNonceDocument,
  LinkStatementDocument,
  LinkWalletDocument,
  MeDocument,
  SignInDocument,
  SignInParametersDocument,
} from '../graphql/generated/graphql';
import { signWithSolanaWallet } from './sign-with-solana-wallet';
import { SolanaSigningError } from './solana-signing-error';
import type { SolanaSigningWallet } from './solana-wallet-features';

/** Why a Solana sign-in or link failed: a link's reasons, or a fault of the app's own. */
export type SolanaFailure = LinkFailure | { kind: 'unexpected' };

/** Where a flow stands; each step is shown to the person (docs/sign-in.md, "Solana wallets"). */
export type SolanaStep =
  | { step: 'preparing' }
  | { step: 'signing' }
  | { step: 'verifying' }
  | { step: 'failed'; failure: SolanaFailure }
  | { step: 'done'; address: string };

export type RunSolanaWalletFlowParameters = {
  client: ApolloClient<unknown>;
  wallet: SolanaSigningWallet;
  /** A sign-in opens (or creates) the account; a link adds the wallet to the signed-in one. */
  purpose: 'sign-in' | 'link';
  completeSignIn: SessionActions['completeSignIn'];
  activity?: SignInActivity;
  /** Told each step as it starts, and the outcome. */
  onStep(step: SolanaStep): void;
};

/**
 * One attempt, from a fresh nonce to the server's answer, through the same
 * steps as the Ethereum sign-in: preparing the message (a nonce, the server's
 * parameters, and for a link the account's statement), waiting for the
 * signature, verifying it (`signIn` or `linkWallet`). Each attempt takes a
 * new nonce: the server spends one on every attempt, refused or not.
 * Resolves with the last step it reported; it never throws.
 */
export async function runSolanaWalletFlow({
  client,
  wallet,
  purpose,
  completeSignIn,
  activity,
  onStep,
}: RunSolanaWalletFlowParameters): Promise<SolanaStep> {
  const report = (step: SolanaStep) => {
    onStep(step);
    return step;
  };
  const fail = (failure: SolanaFailure) => report({ step: 'failed', failure });

  report({ step: 'preparing' });
  let prepared: Awaited<ReturnType<typeof prepare>>;
  try {
    prepared = await prepare(client, purpose);
  } catch (error) {
    reportSignInRefusal(error, activity);
    return fail(preparingFailure(error));
  }

  report({ step: 'signing' });
  let signed: Awaited<ReturnType<typeof signWithSolanaWallet>>;
  try {
    signed = await signWithSolanaWallet({ wallet, ...prepared });
  } catch (error) {
    if (!(error instanceof SolanaSigningError)) return fail({ kind: 'unexpected' });
    return fail(error.rejected ? { kind: 'rejected' } : { kind: 'signing' });
  }

  report({ step: 'verifying' });
  const variables = { message: signed.message, signature: signed.signature };
  if (purpose === 'link') {
    try {
      await client.mutate({
        mutation: LinkWalletDocument,
        variables,
        // The account page and the session rule read the wallets: they must include this one.
        refetchQueries: [MeDocument, AccountPageDocument],
        awaitRefetchQueries: true,
      });
    } catch (error) {
      return fail(verifyingFailure(error));
    }
    return report({ step: 'done', address: signed.address });
  }

  activity?.setVerifying(true);
  let account: Parameters<typeof completeSignIn>[0];
  try {
    const { data } = await client.mutate({
      mutation: SignInDocument,
      variables,
      fetchPolicy: 'no-cache',
    });
    if (!data) return fail({ kind: 'verifying' });
    account = data.signIn.account;
  } catch (error) {
    reportSignInRefusal(error, activity);
    return fail(verifyingFailure(error));
  } finally {
    activity?.setVerifying(false);
  }
  activity?.clearRateLimit();
  activity?.clearSuspension();
  try {
    await completeSignIn(account);
  } catch {
    return fail({ kind: 'unexpected' });
  }
  return report({ step: 'done', address: signed.address });
}

/** The message's fields: the server's domain, URI, cluster and nonce, and the statement. */
async function prepare(client: ApolloClient<unknown>, purpose: 'sign-in' | 'link') {
  const [parameters, nonce, linkStatement] = await Promise.all([
    client.query({ query: SignInParametersDocument, fetchPolicy: 'network-only' }),
    client.mutate({ mutation: CreateNonceDocument, fetchPolicy: 'no-cache' }),
    purpose === 'link'
      ? client.query({ query: LinkStatementDocument, fetchPolicy: 'network-only' })
      : undefined,
  ]);
  const { domain, uri, statement, nonceTtlSeconds, solanaClusters } =
    parameters.data.signInParameters;
  // The first cluster the server lists: Phantom signs in on mainnet unless told otherwise.
  const cluster = solanaClusters[0];
  if (!cluster) throw new SignInPreparationError('this server accepts no Solana cluster');
  if (!nonce.data) throw new SignInPreparationError('the server issued no nonce');
  const chosenStatement = linkStatement ? linkStatement.data.me?.linkStatement : statement;
  if (!chosenStatement) throw new SignInPreparationError('no account is signed in');
  return {
    domain,
    uri,
    statement: chosenStatement,
    chainId: cluster.name,
    nonce: nonce.data.createNonce.value,
    issuedAt: serverIssuedAt(nonce.data.createNonce.expiresAt, nonceTtlSeconds),
  };
}
