import type { LocalAccount } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { SiweMessage } from '../../src/auth/siwe/siwe-message.js';
import { formatSiweMessage } from './format-siwe-message.js';
import type { TestServer } from './test-server.js';

/** Hardhat's well-known test keys: never used outside tests. */
export const TEST_KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
] as const;

export const testAccount = (index = 0): LocalAccount =>
  privateKeyToAccount(TEST_KEYS[index] as `0x${string}`);

export type GraphQLResponse<T = Record<string, unknown>> = {
  status: number;
  headers: Headers;
  data?: T | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
};

/**
 * A GraphQL client that keeps one cookie, like one browser: the test's view of
 * the API is exactly what any client gets over HTTP.
 */
export class TestClient {
  cookie: string | undefined;

  constructor(
    readonly server: Pick<TestServer, 'url' | 'origin'>,
    readonly defaults: { origin?: string | null } = {},
  ) {}

  async request<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    init: { headers?: Record<string, string> } = {},
  ): Promise<GraphQLResponse<T>> {
    const origin = this.defaults.origin === undefined ? this.server.origin : this.defaults.origin;
    const response = await fetch(`${this.server.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
        ...(origin && { origin }),
        ...(this.cookie && { cookie: this.cookie }),
        ...init.headers,
      },
      body: JSON.stringify({ query, variables }),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) {
      const pair = setCookie.split(';')[0] ?? '';
      this.cookie = pair.endsWith('=') ? undefined : pair;
    }
    const body = (await response.json()) as Omit<GraphQLResponse<T>, 'status' | 'headers'>;
    return { status: response.status, headers: response.headers, ...body };
  }

  async createNonce(): Promise<string> {
    const result = await this.request<{ createNonce: { value: string } }>(
      'mutation { createNonce { value expiresAt } }',
    );
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

  async signIn(message: string, signature: string) {
    return this.request<{
      signIn: { account: { id: string; address: string }; session: { id: string } };
    }>(
      `mutation SignIn($message: String!, $signature: String!) {
        signIn(message: $message, signature: $signature) {
          account { id address }
          session { id current chainId }
        }
      }`,
      { message, signature },
    );
  }

  /** The whole flow: nonce, message, signature, signIn. */
  async signInAs(account: LocalAccount, fields: Partial<SiweMessage> = {}) {
    const message = await this.prepareMessage(account, fields);
    const signature = await account.signMessage({ message });
    return this.signIn(message, signature);
  }
}

export function errorCode(result: GraphQLResponse<unknown>): unknown {
  return result.errors?.[0]?.extensions?.code;
}
