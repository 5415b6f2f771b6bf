import { ApolloClient, ApolloProvider, HttpLink, InMemoryCache } from '@apollo/client';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connect } from 'wagmi/actions';
import { SessionActionsContext } from '../../auth/session-actions-context';
import { cacheTypePolicies } from '../../graphql/create-graphql-client';
import { type JsonRpcServer, startJsonRpcServer } from '../../test/json-rpc-server';
import { createSchemaFetch } from '../../test/schema-fetch';
import { testAccounts, wagmiTestConfig } from '../../test/wagmi-test-config';
import { wagmiWrapper } from '../../test/wagmi-wrapper';
import { PasskeysSection } from './passkeys-section';

// The browser's ceremony is @simplewebauthn's: here, an authenticator that answers at once.
const startRegistration = vi.fn(async () => ({ id: 'credential-1', type: 'public-key' }));
vi.mock('../../passkeys/load-webauthn', () => ({
  loadWebAuthn: async () => ({ startRegistration }),
}));

const [first] = testAccounts;
const at = '2026-11-20T10:00:00.000Z';

type ServerPasskey = {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  backedUp: boolean;
  authenticator: string | null;
};

const refusal = (code: string, extensions: Record<string, unknown> = {}) =>
  new GraphQLError(code, { extensions: { code, ...extensions } });

/**
 * The section against the real schema: a "server" whose session is a
 * passkey's until the wallet signs in again (beginPasskeyRegistration
 * answers WALLET_SIGN_IN_REQUIRED until then), wagmi's mock connector as the
 * wallet, and @simplewebauthn's ceremony stood in for.
 */
async function setUp(rpc: JsonRpcServer, { limit }: { limit?: number } = {}) {
  const server = { passkeys: [] as ServerPasskey[], walletSignedIn: false, signIns: 0 };
  const account = () => ({
    id: 'acc-1',
    address: first,
    wallets: [{ address: first, chainId: null }],
    passkeys: server.passkeys,
  });
  const fetch = createSchemaFetch({
    rootValue: {
      me: account,
      signInParameters: () => ({
        domain: 'localhost:3000',
        uri: 'http://localhost:3000',
        statement: 'Sign in to Sigil.',
        nonceTtlSeconds: 600,
        solanaClusters: [],
        chains: [{ id: 31337, name: 'Hardhat' }],
      }),
      createNonce: () => ({
        value: 'nonce00000001',
        expiresAt: new Date(Date.now() + 600_000).toISOString(),
      }),
      signIn: ({ message }: { message: string }) => {
        expect(message).toContain(first);
        server.walletSignedIn = true;
        server.signIns += 1;
        return {
          account: account(),
          session: {
            id: 'ses-2',
            current: true,
            createdAt: at,
            lastSeenAt: at,
            expiresAt: at,
            chainId: 31337,
            chain: 'eip155:31337',
            userAgent: null,
            address: first,
            method: 'WALLET',
            passkey: null,
          },
        };
      },
      beginPasskeyRegistration: () => {
        if (limit !== undefined) throw refusal('PASSKEY_LIMIT_REACHED', { limit });
        if (!server.walletSignedIn) throw refusal('WALLET_SIGN_IN_REQUIRED');
        return { id: 'challenge-1', optionsJSON: JSON.stringify({ challenge: 'abc' }) };
      },
      addPasskey: ({ name }: { name: string | null }) => {
        const added = {
          id: `pk-${server.passkeys.length + 1}`,
          name: name ?? 'iCloud Keychain',
          createdAt: at,
          lastUsedAt: null,
          backedUp: true,
          authenticator: 'iCloud Keychain',
        };
        server.passkeys = [added, ...server.passkeys];
        return added;
      },
    },
  });
  const client = new ApolloClient({
    cache: new InMemoryCache({ typePolicies: cacheTypePolicies }),
    link: new HttpLink({ uri: '/graphql', fetch }),
  });
  const wagmi = wagmiTestConfig(rpc.url);
  const WithWagmi = wagmiWrapper(wagmi);
  const completeSignIn = vi.fn(async () => {});
  const wrapper = ({ children }: { children: ReactNode }) => (
    <WithWagmi>
      <ApolloProvider client={client}>
        <SessionActionsContext.Provider value={{ completeSignIn, signOut: async () => {} }}>
          {children}
        </SessionActionsContext.Provider>
      </ApolloProvider>
    </WithWagmi>
  );
  render(<PasskeysSection />, { wrapper });
  const connector = wagmi.connectors[0];
  if (!connector) throw new Error('the test config has a mock connector');
  await act(() => connect(wagmi, { connector }));
  await screen.findByTestId('no-passkeys');
  return {
    server,
    completeSignIn,
    operations: (name: string) => fetch.operations.filter((op) => op.operationName === name),
  };
}

describe('the Passkeys section', () => {
  let rpc: JsonRpcServer;
  beforeEach(async () => {
    startRegistration.mockClear();
    // jsdom has no WebAuthn: this browser has, as far as the section can tell.
    vi.stubGlobal('PublicKeyCredential', class {});
    rpc = await startJsonRpcServer((method) => {
      if (method === 'eth_chainId') return '0x7a69';
      // wagmi's mock connector forwards personal_sign here as eth_sign.
      if (method === 'eth_sign') return `0x${'ab'.repeat(65)}`;
      throw new Error(`unexpected ${method}`);
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    return rpc.close();
  });

  it('says why the wallet must sign in again, asks it, then adds the passkey on retry', async () => {
    const { server, completeSignIn, operations } = await setUp(rpc);
    const section = screen.getByTestId('passkeys-section');
    fireEvent.change(within(section).getByTestId('passkey-name-input'), {
      target: { value: 'Work laptop' },
    });
    fireEvent.click(within(section).getByTestId('add-passkey'));

    const required = await screen.findByTestId('wallet-sign-in-required');
    expect(required.textContent).toContain('Sign in with your wallet again to go on.');
    // Nothing reached the authenticator: the server refused before the ceremony.
    expect(startRegistration).not.toHaveBeenCalled();

    fireEvent.click(within(required).getByTestId('wallet-sign-in-again'));
    const done = await screen.findByTestId('wallet-sign-in-done');
    expect(server.signIns).toBe(1);
    expect(completeSignIn).toHaveBeenCalledWith(expect.objectContaining({ id: 'acc-1' }));

    fireEvent.click(within(done).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getAllByTestId('passkey-item')).toHaveLength(1));
    expect(startRegistration).toHaveBeenCalledTimes(1);
    expect(operations('AddPasskey')).toEqual([
      {
        operationName: 'AddPasskey',
        variables: {
          challengeId: 'challenge-1',
          responseJSON: JSON.stringify({ id: 'credential-1', type: 'public-key' }),
          name: 'Work laptop',
        },
      },
    ]);
    expect(screen.getByTestId('passkey-name').textContent).toBe('Work laptop');
    expect(screen.getByTestId('passkey-backed-up').textContent).toBe('Synced');
    expect(screen.queryByTestId('wallet-sign-in-required')).toBeNull();
  });

  it('names the limit when the account holds as many passkeys as it may', async () => {
    await setUp(rpc, { limit: 10 });
    fireEvent.click(screen.getByTestId('add-passkey'));
    expect((await screen.findByTestId('passkey-error')).textContent).toBe(
      'This account already holds as many passkeys as it may (10). Remove one you no longer use first.',
    );
  });

  it('says so when the browser has no passkeys, without asking the server', async () => {
    vi.unstubAllGlobals();
    const { operations } = await setUp(rpc);
    fireEvent.click(screen.getByTestId('add-passkey'));
    expect((await screen.findByTestId('passkey-error')).textContent).toBe(
      'This browser cannot use passkeys. Sign in with your wallet, or use a browser that supports passkeys.',
    );
    expect(operations('BeginPasskeyRegistration')).toEqual([]);
  });
});
