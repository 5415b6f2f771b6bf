import sharp from 'sharp';
import type { LocalAccount } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expect } from 'vitest';
import { TestClient } from './graphql-client.js';
import type { TestServer } from './test-server.js';

/** The profile requests the profile, avatar and public-profile suites share, as any client sends them. */
export const PROFILE = 'displayName bio public avatar { id width height url(width: 256) }';
export const INDEX_HTML =
  '<!doctype html><html><head><meta name="description" content="generic" /><title>Sigil</title></head><body><div id="root"></div></body></html>';

export type Profile = {
  displayName: string | null;
  bio: string | null;
  public: boolean;
  avatar: { id: string; width: number; height: number; url: string } | null;
};

export type PublicProfile = {
  address: string;
  displayName: string | null;
  bio: string | null;
  avatar: { id: string; url: string } | null;
  wallets: {
    address: string;
    kind: string;
    chainId: number | null;
    proof: { message: string; signature: string; chainId: number; signedAt: string };
  }[];
};

export const newKey = () => privateKeyToAccount(generatePrivateKey());

export async function signedIn(server: TestServer, key: LocalAccount) {
  const client = new TestClient(server);
  const result = await client.signInAs(key, { issuedAt: new Date(server.clock()).toISOString() });
  if (result.errors) throw new Error(`sign-in failed: ${JSON.stringify(result.errors)}`);
  return client;
}

export const updateProfile = (client: TestClient, input: Record<string, unknown>) =>
  client.request<{ updateProfile: Profile }>(
    `mutation($input: ProfileInput!) { updateProfile(input: $input) { ${PROFILE} } }`,
    { input },
  );

export async function profileOf(client: TestClient): Promise<Profile> {
  const result = await client.request<{ me: { profile: Profile } }>(
    `query { me { profile { ${PROFILE} } } }`,
  );
  if (!result.data?.me) throw new Error(JSON.stringify(result.errors));
  return result.data.me.profile;
}

export const PUBLIC_PROFILE = `query($address: Address!) {
  publicProfile(address: $address) {
    address displayName bio avatar { id url(width: 512) }
    wallets { address kind chainId proof { message signature chainId signedAt } }
  }
}`;

export function publicProfile(server: TestServer, address: string) {
  return new TestClient(server).request<{ publicProfile: PublicProfile | null }>(PUBLIC_PROFILE, {
    address,
  });
}

export const setVisibility = (client: TestClient, address: string, visible: boolean) =>
  client.request<{ setWalletVisibility: { address: string; public: boolean } }>(
    'mutation($a: Address!, $p: Boolean!) { setWalletVisibility(address: $a, public: $p) { address public } }',
    { a: address, p: visible },
  );

export async function linkWallet(client: TestClient, wallet: LocalAccount) {
  const me = await client.request<{ me: { linkStatement: string } }>(
    'query { me { linkStatement } }',
  );
  const message = await client.prepareMessage(wallet, {
    statement: me.data?.me.linkStatement ?? '',
    issuedAt: new Date().toISOString(),
  });
  const result = await client.request(
    'mutation($m: String!, $s: String!) { linkWallet(message: $m, signature: $s) { address } }',
    { m: message, s: await wallet.signMessage({ message }) },
  );
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return message;
}

export async function pageHead(server: TestServer, address: string): Promise<string> {
  const response = await fetch(`${server.url}/u/${address}`, { headers: { accept: 'text/html' } });
  expect(response.status).toBe(200);
  return response.text();
}

export const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#4f46e5' } })
    .png()
    .toBuffer();
