import { parseSiweMessage } from '@sigil/siwe';
import { GraphQLError } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import { createGraphqlClient } from '../graphql/create-graphql-client';
import { createSchemaFetch } from '../test/schema-fetch';
import { createSiweAdapter } from './create-siwe-adapter';
import { createSignInActivity } from './sign-in-activity';

const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const now = new Date('2026-11-21T03:46:38.000Z');

function setUp({
  signIn = () => ({
    account: { id: 'acc-1', address, wallets: [{ address, chainId: null }] },
    session: {
      id: 'ses-1',
      current: true,
      createdAt: now.toISOString(),
      lastSeenAt: now.toISOString(),
      expiresAt: now.toISOString(),
      chainId: 31337,
      chain: 'eip155:31337',
      userAgent: null,
      address,
      method: 'WALLET',
      passkey: null,
    },
  }),
  networkFails,
  clockOffsetMs = 0,
}: {
  signIn?: () => unknown;
  networkFails?: (operationName: string) => boolean;
  /** How far this device's clock is from the server's. */
  clockOffsetMs?: number;
} = {}) {
  let issued = 0;
  let elapsed = 0;
  const fetch = createSchemaFetch({
    rootValue: {
      createNonce: () => {
        issued += 1;
        return {
          value: `nonce${String(issued).padStart(8, '0')}`,
          // The server's clock: `now`, plus however long the test let pass.
          expiresAt: new Date(now.getTime() + elapsed + 600_000).toISOString(),
        };
      },
      signInParameters: () => ({
        domain: 'sigil.example:8443',
        uri: 'https://sigil.example:8443/',
        statement: 'Sign in to Sigil.',
        nonceTtlSeconds: 600,
        solanaClusters: [],
        chains: [{ id: 31337, name: 'Hardhat' }],
      }),
      signIn,
    },
    ...(networkFails ? { networkFails } : {}),
  });
  const graphql = createGraphqlClient({ fetch, wsUrl: 'ws://127.0.0.1:9/graphql' });
  const completeSignIn = vi.fn(async () => {});
  const signOut = vi.fn(async () => {});
  const activity = createSignInActivity({ now: () => now.getTime() + clockOffsetMs + elapsed });
  const adapter = createSiweAdapter({
    client: graphql.apollo,
    completeSignIn,
    signOut,
    activity,
    now: () => now.getTime() + clockOffsetMs + elapsed,
  });
  const pass = (ms: number) => {
    elapsed += ms;
  };
  return { adapter, fetch, completeSignIn, signOut, activity, pass };
}

describe('createSiweAdapter', () => {
  it('asks the server for a nonce each time RainbowKit asks for one', async () => {
    const { adapter, fetch } = setUp();
    const first = await adapter.getNonce();
    const second = await adapter.getNonce();
    expect(first).not.toBe(second);
    expect(fetch.operations.filter((op) => op.operationName === 'CreateNonce')).toHaveLength(2);
  });

  it('builds the EIP-4361 message from the server sign-in parameters', async () => {
    const { adapter } = setUp();
    const nonce = await adapter.getNonce();
    const message = await adapter.createMessage({
      nonce,
      address: address.toLowerCase() as `0x${string}`,
      chainId: 31337,
    });
    expect(parseSiweMessage(message)).toEqual({
      domain: 'sigil.example:8443',
      address,
      statement: 'Sign in to Sigil.',
      uri: 'https://sigil.example:8443/',
      version: '1',
      chainId: 31337,
      nonce,
      issuedAt: now.toISOString(),
    });
  });

  it('puts a fresh nonce in every retry, since the server consumed the first one', async () => {
    const { adapter, fetch } = setUp({
      signIn: () => {
        throw new GraphQLError('Invalid signature', { extensions: { code: 'INVALID_SIGNATURE' } });
      },
    });
    // RainbowKit fetches one nonce when its view opens and passes it to every attempt.
    const nonce = await adapter.getNonce();
    const first = await adapter.createMessage({ nonce, address, chainId: 31337 });
    expect(await adapter.verify({ message: first, signature: '0x01' })).toBe(false);
    const retry = await adapter.createMessage({ nonce, address, chainId: 31337 });

    expect(parseSiweMessage(first).nonce).toBe(nonce);
    expect(parseSiweMessage(retry).nonce).not.toBe(nonce);
    expect(fetch.operations.filter((op) => op.operationName === 'CreateNonce')).toHaveLength(2);
  });

  it('replaces a nonce that expires before the person could sign', async () => {
    const { adapter, pass } = setUp();
    const nonce = await adapter.getNonce();
    pass(590_000);
    const message = await adapter.createMessage({ nonce, address, chainId: 31337 });
    expect(parseSiweMessage(message).nonce).not.toBe(nonce);
    // Issued when the server issued the fresh nonce, by the server's clock.
    expect(parseSiweMessage(message).issuedAt).toBe(
      new Date(now.getTime() + 590_000).toISOString(),
    );
  });

  it('keeps a nonce that is unused and far from expiry', async () => {
    const { adapter, pass } = setUp();
    const nonce = await adapter.getNonce();
    pass(60_000);
    const message = await adapter.createMessage({ nonce, address, chainId: 31337 });
    expect(parseSiweMessage(message).nonce).toBe(nonce);
  });

  it.each([
    ['behind', -5 * 60_000],
    ['ahead', 5 * 60_000],
    ['a day ahead', 24 * 3_600_000],
  ])(
    "takes issued-at from the server's clock when this device's clock is %s",
    async (_, offset) => {
      const { adapter } = setUp({ clockOffsetMs: offset });
      const nonce = await adapter.getNonce();
      const message = await adapter.createMessage({ nonce, address, chainId: 31337 });
      expect(parseSiweMessage(message).nonce).toBe(nonce);
      expect(parseSiweMessage(message).issuedAt).toBe(now.toISOString());
    },
  );

  it('reports a RATE_LIMITED refusal with its wait, and forgets it after a sign-in', async () => {
    let limited = true;
    const { adapter, activity } = setUp({
      signIn: () => {
        if (limited) {
          throw new GraphQLError('Too many attempts', {
            extensions: { code: 'RATE_LIMITED', retryAfterSeconds: 42 },
          });
        }
        return {
          account: { id: 'acc-1', address, wallets: [] },
          session: {
            id: 'ses-1',
            current: true,
            createdAt: now.toISOString(),
            lastSeenAt: now.toISOString(),
            expiresAt: now.toISOString(),
            chainId: 31337,
            chain: 'eip155:31337',
            userAgent: null,
            address,
            method: 'WALLET',
            passkey: null,
          },
        };
      },
    });
    expect(await adapter.verify({ message: 'any', signature: '0x01' })).toBe(false);
    expect(activity.getSnapshot()).toEqual({
      verifying: false,
      retryAfter: now.getTime() + 42_000,
      suspended: null,
    });
    limited = false;
    expect(await adapter.verify({ message: 'any', signature: '0x01' })).toBe(true);
    expect(activity.getSnapshot().retryAfter).toBeNull();
  });

  it('reports an ACCOUNT_SUSPENDED refusal with its reason and end, and forgets it after a sign-in', async () => {
    let suspended = true;
    const { adapter, activity } = setUp({
      signIn: () => {
        if (suspended) {
          throw new GraphQLError('This account is suspended', {
            extensions: {
              code: 'ACCOUNT_SUSPENDED',
              reason: 'Spam',
              until: '2026-12-03T00:00:00.000Z',
            },
          });
        }
        return {
          account: { id: 'acc-1', address, wallets: [] },
          session: {
            id: 'ses-1',
            current: true,
            createdAt: now.toISOString(),
            lastSeenAt: now.toISOString(),
            expiresAt: now.toISOString(),
            chainId: 31337,
            chain: 'eip155:31337',
            userAgent: null,
            address,
            method: 'WALLET',
            passkey: null,
          },
        };
      },
    });
    expect(await adapter.verify({ message: 'any', signature: '0x01' })).toBe(false);
    expect(activity.getSnapshot().suspended).toEqual({
      reason: 'Spam',
      until: '2026-12-03T00:00:00.000Z',
    });
    expect(activity.getSnapshot().retryAfter).toBeNull();
    suspended = false;
    expect(await adapter.verify({ message: 'any', signature: '0x01' })).toBe(true);
    expect(activity.getSnapshot().suspended).toBeNull();
  });

  it('reports nothing to wait for when the server refuses for another reason', async () => {
    const { adapter, activity } = setUp({
      signIn: () => {
        throw new GraphQLError('Invalid signature', { extensions: { code: 'INVALID_SIGNATURE' } });
      },
    });
    expect(await adapter.verify({ message: 'any', signature: '0x01' })).toBe(false);
    expect(activity.getSnapshot().retryAfter).toBeNull();
    expect(activity.getSnapshot().suspended).toBeNull();
  });

  it('refuses to prepare a message for a chain the server does not enable', async () => {
    const { adapter } = setUp();
    const nonce = await adapter.getNonce();
    await expect(adapter.createMessage({ nonce, address, chainId: 1 })).rejects.toThrow(
      /chain 1 is not enabled/,
    );
  });

  it('fails getNonce when the server cannot issue one, so RainbowKit shows the preparing error', async () => {
    const { adapter } = setUp({ networkFails: (name) => name === 'CreateNonce' });
    vi.useFakeTimers();
    // The network's own failure, once the retries are spent: not a nonce, not a refusal.
    const attempt = expect(adapter.getNonce()).rejects.toMatchObject({
      networkError: { message: 'Failed to fetch' },
    });
    await vi.runAllTimersAsync();
    await attempt;
    vi.useRealTimers();
  });

  it('verifies through signIn and records the account the server returns', async () => {
    const { adapter, fetch, completeSignIn } = setUp();
    const nonce = await adapter.getNonce();
    const message = await adapter.createMessage({ nonce, address, chainId: 31337 });
    expect(await adapter.verify({ message, signature: '0xabcdef' })).toBe(true);
    expect(fetch.operations.at(-1)).toEqual({
      operationName: 'SignIn',
      variables: { message, signature: '0xabcdef' },
    });
    expect(completeSignIn).toHaveBeenCalledWith({
      __typename: 'Account',
      id: 'acc-1',
      address,
      wallets: [{ __typename: 'Wallet', address, chainId: null }],
    });
  });

  it('answers false when the server refuses the signature', async () => {
    const { adapter, completeSignIn } = setUp({
      signIn: () => {
        throw new GraphQLError('Nonce already used', { extensions: { code: 'INVALID_NONCE' } });
      },
    });
    expect(await adapter.verify({ message: 'any', signature: '0x01' })).toBe(false);
    expect(completeSignIn).not.toHaveBeenCalled();
  });

  it('answers false, after a single attempt, when signIn cannot reach the server', async () => {
    let signInAttempts = 0;
    const { adapter } = setUp({
      networkFails: (name) => {
        if (name === 'SignIn') signInAttempts += 1;
        return name === 'SignIn';
      },
    });
    vi.useFakeTimers();
    const verified = adapter.verify({ message: 'any', signature: '0x01' });
    await vi.runAllTimersAsync();
    expect(await verified).toBe(false);
    vi.useRealTimers();
    expect(signInAttempts).toBe(1);
  });

  it('signs out through the session actions', async () => {
    const { adapter, signOut } = setUp();
    await adapter.signOut();
    expect(signOut).toHaveBeenCalledOnce();
  });
});
