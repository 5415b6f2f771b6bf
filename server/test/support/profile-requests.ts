import sharp from 'sharp';
import type { LocalAccount } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expect } from 'vitest';
import type { ProfileInput, ProfileRequestsProfileFieldsFragment } from '../generated/graphql.js';
import { graphql } from '../generated/index.js';
import { TestClient } from './graphql-client.js';
import type { TestServer } from './test-server.js';

/**
 * The profile fields the profile, avatar and public-profile suites ask for,
 * as any client does: a document spreads `...ProfileRequestsProfileFields`.
 */
export const PROFILE_FIELDS = graphql(`
  fragment ProfileRequestsProfileFields on Profile {
    displayName bio public
    avatar { id width height url(width: 256) }
  }
`);
export const INDEX_HTML =
  '<!doctype html><html><head><meta name="description" content="generic" /><title>Sigil</title></head><body><div id="root"></div></body></html>';

export type Profile = ProfileRequestsProfileFieldsFragment;

export const newKey = () => privateKeyToAccount(generatePrivateKey());

export async function signedIn(server: TestServer, key: LocalAccount) {
  const client = new TestClient(server);
  const result = await client.signInAs(key, { issuedAt: new Date(server.clock()).toISOString() });
  if (result.errors) throw new Error(`sign-in failed: ${JSON.stringify(result.errors)}`);
  return client;
}

export const SET_AVATAR = graphql(`
  mutation ProfileRequestsSetAvatar($file: File!) {
    setAvatar(file: $file) { ...ProfileRequestsProfileFields }
  }
`);

const UPDATE_PROFILE = graphql(`
  mutation ProfileRequestsUpdateProfile($input: ProfileInput!) {
    updateProfile(input: $input) { ...ProfileRequestsProfileFields }
  }
`);

/** `input` as the API takes it; a test of a refusal may send any value. */
export const updateProfile = (client: TestClient, input: ProfileInput) =>
  client.request(UPDATE_PROFILE, { input });

const OWN_PROFILE = graphql(`
  query ProfileRequestsOwnProfile {
    me { profile { ...ProfileRequestsProfileFields } }
  }
`);

export async function profileOf(client: TestClient): Promise<Profile> {
  const result = await client.request(OWN_PROFILE);
  if (!result.data?.me) throw new Error(JSON.stringify(result.errors));
  return result.data.me.profile;
}

const PUBLIC_PROFILE = graphql(`
  query ProfileRequestsPublicProfile($address: Address!) {
    publicProfile(address: $address) {
      address displayName bio avatar { id url(width: 512) }
      wallets { address kind chainId proof { message signature chainId signedAt } }
    }
  }
`);

export function publicProfile(server: TestServer, address: string) {
  return new TestClient(server).request(PUBLIC_PROFILE, { address });
}

const SET_VISIBILITY = graphql(`
  mutation ProfileRequestsSetVisibility($a: Address!, $p: Boolean!) {
    setWalletVisibility(address: $a, public: $p) { address public }
  }
`);

export const setVisibility = (client: TestClient, address: string, visible: boolean) =>
  client.request(SET_VISIBILITY, { a: address, p: visible });

const LINK_STATEMENT = graphql(`
  query ProfileRequestsLinkStatement {
    me { linkStatement }
  }
`);

const LINK_WALLET = graphql(`
  mutation ProfileRequestsLinkWallet($m: String!, $s: String!) {
    linkWallet(message: $m, signature: $s) { address }
  }
`);

export async function linkWallet(client: TestClient, wallet: LocalAccount) {
  const me = await client.request(LINK_STATEMENT);
  const message = await client.prepareMessage(wallet, {
    statement: me.data?.me?.linkStatement ?? '',
    issuedAt: new Date().toISOString(),
  });
  const result = await client.request(LINK_WALLET, {
    m: message,
    s: await wallet.signMessage({ message }),
  });
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return message;
}

/** The HTML of `/u/<address>`, answered with `status` (404 for a path that is not an address). */
export async function pageHead(server: TestServer, address: string, status = 200): Promise<string> {
  const response = await fetch(`${server.url}/u/${address}`, { headers: { accept: 'text/html' } });
  expect(response.status).toBe(status);
  return response.text();
}

export const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#4f46e5' } })
    .png()
    .toBuffer();
