import { formatSiwsMessage, type SiwsMessage } from '@sigil/siwe';
import type { TestClient } from './graphql-client.js';
import type { SignedIn } from './signed-in.js';
import type { SolanaTestKey } from './solana-test-key.js';
import type { TestServer } from './test-server.js';

/**
 * A Sign In With Solana message as a wallet's `solana:signIn` writes it for
 * this server (formatSiwsMessage: byte for byte the Wallet Standard's text),
 * with a fresh nonce and the server's clock unless `fields` say otherwise.
 */
export async function prepareSolanaMessage(
  client: TestClient,
  key: SolanaTestKey,
  fields: Partial<SiwsMessage> = {},
): Promise<string> {
  const nonce = fields.nonce ?? (await client.createNonce());
  return formatSiwsMessage({
    domain: new URL(client.server.origin).host,
    address: key.address,
    statement: 'Sign in to Sigil with your wallet.',
    uri: client.server.origin,
    version: '1',
    chainId: 'mainnet',
    issuedAt: new Date().toISOString(),
    ...fields,
    nonce,
  });
}

/** The whole flow for a Solana key: nonce, message, signature, signIn. */
export async function signInWithSolana(
  client: TestClient,
  key: SolanaTestKey,
  fields: Partial<SiwsMessage> = {},
) {
  const message = await prepareSolanaMessage(client, key, fields);
  return client.signIn(message, key.signMessage(message));
}

/** `signedIn` (signed-in.ts) for a Solana key: throws unless the sign-in succeeds. */
export async function signedInWithSolana(
  server: TestServer,
  key: SolanaTestKey,
  client: TestClient,
  fields: Partial<SiwsMessage> = {},
): Promise<SignedIn> {
  const result = await signInWithSolana(client, key, {
    issuedAt: new Date(server.clock()).toISOString(),
    ...fields,
  });
  if (!result.data || result.errors) {
    throw new Error(`Solana sign-in failed: ${JSON.stringify(result.errors)}`);
  }
  return {
    client,
    accountId: result.data.signIn.account.id,
    sessionId: result.data.signIn.session.id,
    setCookie: result.headers.get('set-cookie'),
  };
}
