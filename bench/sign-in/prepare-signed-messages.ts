import { formatSiweMessage } from '@sigil/siwe';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describeErrors, graphqlRequest } from '../../testing/graphql-client.js';
import type { SignedMessage } from './signed-message.js';

/**
 * Does everything a wallet does before `signIn`, ahead of the timing: one
 * nonce per message from `createNonce`, the message built from
 * `signInParameters` exactly as a wallet is asked to sign it, and a signature
 * by a fresh key each, so every sign-in also creates its account.
 */
export type PrepareSignedMessagesParameters = {
  url: string;
  count: number;
  /** createNonce requests in flight at once. @default 16 */
  concurrency?: number;
};

type SignInParametersData = {
  signInParameters: { domain: string; uri: string; statement: string; chains: { id: number }[] };
};

async function createNonces(url: string, count: number, concurrency: number): Promise<string[]> {
  const nonces: string[] = [];
  const worker = async () => {
    while (nonces.length < count) {
      nonces.push(''); // reserve a slot before awaiting, so workers never overshoot
      const index = nonces.length - 1;
      const body = await graphqlRequest<{ createNonce: { value: string } }>({
        url,
        query: 'mutation CreateNonce { createNonce { value expiresAt } }',
        origin: new URL(url).origin,
      });
      if (!body.data) throw new Error(`createNonce failed: ${describeErrors(body)}`);
      nonces[index] = body.data.createNonce.value;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return nonces;
}

export async function prepareSignedMessages(
  parameters: PrepareSignedMessagesParameters,
): Promise<SignedMessage[]> {
  const { url, count, concurrency = 16 } = parameters;
  const parametersBody = await graphqlRequest<SignInParametersData>({
    url,
    query: 'query SignInParameters { signInParameters { domain uri statement chains { id } } }',
    origin: new URL(url).origin,
  });
  const signIn = parametersBody.data?.signInParameters;
  const chainId = signIn?.chains[0]?.id;
  if (!signIn || chainId === undefined) {
    throw new Error(`signInParameters failed: ${describeErrors(parametersBody)}`);
  }
  const nonces = await createNonces(url, count, concurrency);
  // Issued after every nonce exists, as a wallet signs after asking for one.
  const issuedAt = new Date().toISOString();
  return Promise.all(
    nonces.map(async (nonce) => {
      const account = privateKeyToAccount(generatePrivateKey());
      const message = formatSiweMessage({
        domain: signIn.domain,
        address: account.address,
        statement: signIn.statement,
        uri: signIn.uri,
        version: '1',
        chainId,
        nonce,
        issuedAt,
      });
      return {
        address: account.address,
        message,
        signature: await account.signMessage({ message }),
      };
    }),
  );
}
