import { formatSiweMessage, type SiweMessage } from '@sigil/siwe';
import type { LocalAccount } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { GraphQLClient } from './graphql-client.js';

/**
 * The worst case of a public profile (docs/operations.md, "Limits"): an
 * account at its wallet cap, every wallet published with a proof as long as
 * a message may be. Each message is padded with resources (EIP-4361's
 * `- <uri>` lines) to the longest message @sigil/siwe formats. The server suites and
 * bench/public-cost.ts build it the same way, over HTTP, as any client would.
 */
export type ProfileAtCap = {
  /** The primary wallet's address: `/u/<address>` and `publicProfile(address:)`. */
  address: string;
  /** Signed in as the owner. */
  owner: GraphQLClient;
  /** Every wallet's address, the primary first. */
  wallets: string[];
};

async function request<T>(
  client: GraphQLClient,
  query: string,
  variables?: Record<string, unknown>,
) {
  const result = await client.request<T>(query, variables);
  if (!result.data || result.errors) {
    throw new Error(`${query.slice(0, 40)}… failed: ${JSON.stringify(result.errors)}`);
  }
  return result.data;
}

/** A message for `account` as long as @sigil/siwe allows (MAX_SIWE_MESSAGE_LENGTH), or a few characters short. */
export async function maximalMessage(
  client: GraphQLClient,
  account: LocalAccount,
  fields: Partial<SiweMessage> = {},
): Promise<string> {
  const { createNonce } = await request<{ createNonce: { value: string } }>(
    client,
    'mutation { createNonce { value } }',
  );
  const base: SiweMessage = {
    domain: new URL(client.server.origin).host,
    address: account.address,
    statement: 'Sign in to Sigil with your wallet.',
    uri: client.server.origin,
    version: '1',
    chainId: 31337,
    nonce: createNonce.value,
    issuedAt: new Date().toISOString(),
    ...fields,
  };
  // formatSiweMessage refuses a message over the bound: such a try does not fit.
  const format = (resources: string[]) => {
    try {
      return formatSiweMessage({ ...base, resources });
    } catch {
      return undefined;
    }
  };
  const resources: string[] = [];
  let message = formatSiweMessage(base);
  // Whole resources while they fit, then the longest last one that still fits.
  for (;;) {
    const prefix = `${client.server.origin}/r${resources.length}/`;
    let low = 0;
    let high = 1000;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (format([...resources, `${prefix}${'a'.repeat(middle)}`])) low = middle;
      else high = middle - 1;
    }
    const fitted = format([...resources, `${prefix}${'a'.repeat(low)}`]);
    if (low === 0 || !fitted) return message;
    resources.push(`${prefix}${'a'.repeat(low)}`);
    message = fitted;
    if (low < 1000) return message;
  }
}

/** Signs `owner` in, links wallets up to `wallets` in all, and publishes the profile and every wallet. */
export async function publicProfileAtCap(
  server: { url: string; origin: string },
  p: { wallets: number },
): Promise<ProfileAtCap> {
  const owner = new GraphQLClient(server);
  const keys = Array.from({ length: p.wallets }, () => privateKeyToAccount(generatePrivateKey()));
  const [primary, ...others] = keys;
  if (!primary) throw new Error('a profile needs a wallet');
  const signInMessage = await maximalMessage(owner, primary);
  await request(
    owner,
    'mutation ($m: String!, $s: String!) { signIn(message: $m, signature: $s) { account { id } } }',
    { m: signInMessage, s: await primary.signMessage({ message: signInMessage }) },
  );
  const { me } = await request<{ me: { linkStatement: string } }>(
    owner,
    '{ me { linkStatement } }',
  );
  for (const key of others) {
    const message = await maximalMessage(owner, key, { statement: me.linkStatement });
    await request(
      owner,
      'mutation ($m: String!, $s: String!) { linkWallet(message: $m, signature: $s) { address } }',
      { m: message, s: await key.signMessage({ message }) },
    );
  }
  await request(
    owner,
    'mutation { updateProfile(input: { public: true, displayName: "At the cap" }) { public } }',
  );
  for (const key of keys) {
    await request(
      owner,
      'mutation ($a: Address!) { setWalletVisibility(address: $a, public: true) { public } }',
      { a: key.address },
    );
  }
  return { address: primary.address, owner, wallets: keys.map((key) => key.address) };
}
