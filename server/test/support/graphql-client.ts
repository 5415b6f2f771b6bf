import { formatSiweMessage, type SiweMessage } from '@sigil/siwe';
import type { LocalAccount } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { GraphQLClient } from '../../../testing/graphql-client.js';
import { graphql } from '../generated/index.js';

export { errorCode, type GraphQLResponse } from '../../../testing/graphql-client.js';

/** Hardhat's well-known test keys: never used outside tests. */
export const TEST_KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
] as const;

export const testAccount = (index = 0): LocalAccount =>
  privateKeyToAccount(TEST_KEYS[index] as `0x${string}`);

const CREATE_NONCE = graphql(`
  mutation TestClientCreateNonce {
    createNonce { value expiresAt }
  }
`);

const SIGN_IN = graphql(`
  mutation TestClientSignIn($message: String!, $signature: String!) {
    signIn(message: $message, signature: $signature) {
      account { id address }
      session { id current chainId }
    }
  }
`);

/**
 * The shared cookie-keeping client (testing/graphql-client.ts) with the
 * sign-in flow a wallet goes through: the test's view of the API is exactly
 * what any client gets over HTTP.
 */
export class TestClient extends GraphQLClient {
  async createNonce(): Promise<string> {
    const result = await this.request(CREATE_NONCE);
    if (!result.data) throw new Error(`createNonce failed: ${JSON.stringify(result.errors)}`);
    return result.data.createNonce.value;
  }

  /** A message as a wallet would be asked to sign it for this server. */
  async prepareMessage(account: LocalAccount, fields: Partial<SiweMessage> = {}): Promise<string> {
    const nonce = fields.nonce ?? (await this.createNonce());
    const host = new URL(this.server.origin).host;
    return formatSiweMessage({
      domain: host,
      address: account.address,
      statement: 'Sign in to Sigil with your wallet.',
      uri: this.server.origin,
      version: '1',
      chainId: 31337,
      issuedAt: new Date().toISOString(),
      ...fields,
      nonce,
    });
  }

  /** `init.headers` are sent with the request (a user agent the audit log records, say). */
  async signIn(
    message: string,
    signature: string,
    init: { headers?: Record<string, string> } = {},
  ) {
    return this.request(SIGN_IN, { message, signature }, init);
  }

  /** The whole flow: nonce, message, signature, signIn. */
  async signInAs(account: LocalAccount, fields: Partial<SiweMessage> = {}) {
    const message = await this.prepareMessage(account, fields);
    const signature = await account.signMessage({ message });
    return this.signIn(message, signature);
  }
}
