import type { SiweMessage } from '@sigil/siwe';
import type { LocalAccount } from 'viem';
import { TestClient, testAccount } from './graphql-client.js';
import type { TestServer } from './test-server.js';

/** A client with a live session, and what the sign-in answered. */
export type SignedIn = {
  client: TestClient;
  accountId: string;
  sessionId: string;
  /** The sign-in answer's `set-cookie` header. */
  setCookie: string | null;
};

export type SignedInOptions = {
  /** The client to sign in (one made for another origin, say). @default a new TestClient of `server` */
  client?: TestClient;
  /** Headers sent with the signIn request (a user agent the audit log records, say). */
  headers?: Record<string, string>;
  /** Fields of the message other than the defaults (a contract wallet's address and chain, say). */
  fields?: Partial<SiweMessage>;
};

/**
 * The one sign-in of the server suites: the wallet `who` (a key, or the index
 * of a TEST_KEYS key) signs in through the API as a wallet would, with its
 * message issued at the server's clock (a suite may have moved it). A refused
 * sign-in throws with the server's errors, so a test never goes on unsigned.
 */
export async function signedIn(
  server: TestServer,
  who: LocalAccount | number = 0,
  { client = new TestClient(server), headers, fields }: SignedInOptions = {},
): Promise<SignedIn> {
  const key = typeof who === 'number' ? testAccount(who) : who;
  const message = await client.prepareMessage(key, {
    issuedAt: new Date(server.clock()).toISOString(),
    ...fields,
  });
  const signature = await key.signMessage({ message });
  const result = await client.signIn(message, signature, headers ? { headers } : {});
  if (!result.data || result.errors) {
    throw new Error(`sign-in failed: ${JSON.stringify(result.errors)}`);
  }
  return {
    client,
    accountId: result.data.signIn.account.id,
    sessionId: result.data.signIn.session.id,
    setCookie: result.headers.get('set-cookie'),
  };
}
