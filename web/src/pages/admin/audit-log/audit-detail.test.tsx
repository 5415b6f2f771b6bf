import { ApolloClient, ApolloLink, ApolloProvider, InMemoryCache } from '@apollo/client';
import { cleanup, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { RuntimeConfig } from '../../../app/runtime-config';
import { RuntimeConfigContext } from '../../../app/runtime-config-context';
import { SignInParametersDocument } from '../../../graphql/generated/graphql';
import { AuditDetail } from './audit-detail';

const config = {
  appName: 'Sigil',
  publicUrl: 'http://localhost:3000',
  walletConnectProjectId: null,
  solanaSignIn: false,
  chains: [
    {
      id: 8453,
      name: 'Base',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrl: 'http://127.0.0.1:8545',
      testnet: false,
    },
  ],
} as unknown as RuntimeConfig;

const SOLANA_MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';

/** The server's answer naming its Solana clusters, as Apollo already holds it. */
function clientKnowingClusters() {
  const client = new ApolloClient({ cache: new InMemoryCache(), link: ApolloLink.empty() });
  client.writeQuery({
    query: SignInParametersDocument,
    data: {
      __typename: 'Query',
      signInParameters: {
        __typename: 'SignInParameters',
        domain: 'localhost:3000',
        uri: 'http://localhost:3000',
        statement: 'Sign in to Sigil.',
        nonceTtlSeconds: 300,
        chains: [{ __typename: 'Chain', id: 8453, name: 'Base' }],
        solanaClusters: [{ __typename: 'SolanaCluster', id: SOLANA_MAINNET, name: 'mainnet' }],
      },
    },
  });
  return client;
}

/** The detail's fields as "label: value" lines, as a person reads them. */
function renderFields(detail: string | null) {
  cleanup();
  render(
    <ApolloProvider client={clientKnowingClusters()}>
      <RuntimeConfigContext.Provider value={config}>
        <Router hook={memoryLocation({ path: '/admin/audit-log' }).hook}>
          <AuditDetail detail={detail} />
        </Router>
      </RuntimeConfigContext.Provider>
    </ApolloProvider>,
  );
  return screen
    .queryAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
}

describe('AuditDetail', () => {
  it('shows a sign-in in words: the chain by name, once, the wallet kind, whether it made the account', () => {
    expect(
      renderFields(
        '{"sessionId":"0193a7c2-1111-7000-8000-000000000000","namespace":"eip155","chainId":8453,"chain":"eip155:8453","walletKind":"EOA","accountCreated":true}',
      ),
    ).toEqual([
      'Session: 0193a7c2…',
      'Chain: Base (8453)',
      'Wallet kind: EOA (key-signed account)',
      'New account: Yes',
    ]);
  });

  it('names a refusal by its code and a chain it does not know by its id', () => {
    expect(
      renderFields(
        '{"namespace":"eip155","chainId":1,"chain":"eip155:1","code":"INVALID_SIGNATURE"}',
      ),
    ).toEqual(['Chain: 1', 'Refused with: INVALID_SIGNATURE']);
  });

  it('names a Solana sign-in by its cluster, and a linked wallet by where it signs, never by the stored keys', () => {
    expect(
      renderFields(
        `{"sessionId":"0193a7c2-1111-7000-8000-000000000000","namespace":"solana","chainId":null,"chain":"${SOLANA_MAINNET}","walletKind":"EOA","accountCreated":false}`,
      ),
    ).toEqual([
      'Session: 0193a7c2…',
      'Chain: Solana mainnet',
      'Wallet kind: Solana key (Ed25519), on every cluster',
      'New account: No',
    ]);
    expect(
      renderFields(
        `{"namespace":"solana","kind":"EOA","chainId":null,"caip10":"${SOLANA_MAINNET}:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv"}`,
      ),
    ).toEqual(['Chain: Solana', 'Wallet kind: Solana key (Ed25519), on every cluster']);
    expect(
      renderFields(
        '{"namespace":"eip155","kind":"EOA","chainId":null,"caip10":"eip155:1:0x70997970C51812dc3A010C7d01b50e0d17dc79C8"}',
      ),
    ).toEqual(['Chain: Any chain', 'Wallet kind: EOA (key-signed account)']);
  });

  it('says which profile fields changed and which roles moved', () => {
    expect(renderFields('{"fields":["displayName","avatar"]}')).toEqual([
      'Changed: Display name, Avatar',
    ]);
    expect(renderFields('{"roles":["holder"],"granted":["holder"],"revoked":[]}')).toEqual([
      'Roles now: holder',
      'Granted: holder',
      'Revoked: none',
    ]);
  });

  it("writes a suspension's end as a date", () => {
    const until = Date.UTC(2026, 11, 3, 14, 30);
    const expected = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(until);
    expect(renderFields(`{"reason":"Spam","until":${until},"endedSessionIds":[]}`)).toEqual([
      'Reason: “Spam”',
      `Until: ${expected}`,
      'Sessions ended: 0',
    ]);
  });

  it('still shows a key it does not know, as it came', () => {
    expect(renderFields('{"chainId":null,"shard":{"n":2},"constructor":"x"}')).toEqual([
      'Chain: Any chain',
      'shard: {"n":2}',
      'constructor: x',
    ]);
  });

  it('shows text that is not a JSON object as it came, and nothing as a dash', () => {
    expect(renderFields('[1,2]')).toEqual([]);
    expect(screen.getByText('[1,2]').tagName).toBe('CODE');
  });
});
