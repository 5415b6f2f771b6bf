import { expect } from 'vitest';
import type { FakeAuthenticator } from '../support/fake-authenticator.js';
import { type GraphQLResponse, TestClient } from '../support/graphql-client.js';
import type { TestServer } from '../support/test-server.js';

// The passkey operations the passkey suites send (docs/passkeys.md), and the two flows they
// repeat: adding a passkey to a signed-in account, and a new browser's passkey sign-in.

// biome-ignore lint/suspicious/noExplicitAny: the suite reads answers by hand, as JSON.
export type Data = any;

export const BEGIN_REGISTRATION = 'mutation { beginPasskeyRegistration { id optionsJSON } }';
export const ADD = `mutation ($challengeId: ID!, $responseJSON: String!, $name: String) {
  addPasskey(challengeId: $challengeId, responseJSON: $responseJSON, name: $name) {
    id name createdAt lastUsedAt backedUp authenticator
  }
}`;
export const BEGIN_SIGN_IN = 'mutation { beginPasskeySignIn { id optionsJSON } }';
export const SIGN_IN = `mutation ($challengeId: ID!, $responseJSON: String!) {
  signInWithPasskey(challengeId: $challengeId, responseJSON: $responseJSON) {
    account { id }
    session { id current method address chain chainId passkey { id name } }
  }
}`;
export const ME = `query {
  me {
    id
    passkeys { id name lastUsedAt backedUp authenticator }
    sessions { id current method address passkey { id } }
    signIns(first: 5) { edges { node { method address chain namespace walletKind passkey { id name } } } }
  }
}`;

/** Adds a passkey to `who`'s account with `authenticator`; answers the Passkey. */
export async function addPasskey(who: TestClient, authenticator: FakeAuthenticator, name?: string) {
  const begun = await who.request<Data>(BEGIN_REGISTRATION);
  expect(begun.errors).toBeUndefined();
  const { id, optionsJSON } = begun.data.beginPasskeyRegistration;
  const added = await who.request<Data>(ADD, {
    challengeId: id,
    responseJSON: authenticator.register(optionsJSON),
    ...(name !== undefined && { name }),
  });
  expect(added.errors).toBeUndefined();
  return added.data.addPasskey as { id: string; name: string };
}

/** A new browser's passkey sign-in; `bend` bends the response. */
export async function passkeySignIn(
  server: TestServer,
  authenticator: FakeAuthenticator,
  bend: Parameters<FakeAuthenticator['authenticate']>[1] = {},
  client = new TestClient(server),
): Promise<{ client: TestClient; result: GraphQLResponse<Data> }> {
  const begun = await client.request<Data>(BEGIN_SIGN_IN);
  expect(begun.errors).toBeUndefined();
  const { id, optionsJSON } = begun.data.beginPasskeySignIn;
  const result = await client.request<Data>(SIGN_IN, {
    challengeId: id,
    responseJSON: authenticator.authenticate(optionsJSON, bend),
  });
  return { client, result };
}
