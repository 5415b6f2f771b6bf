import { ApolloClient, ApolloProvider, HttpLink, InMemoryCache } from '@apollo/client';
import { RainbowKitProvider } from '@rainbow-me/rainbowkit';
import { render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { RuntimeConfigContext } from '../app/runtime-config-context';
import { type Session, SessionContext } from '../auth/session-context';
import { cacheTypePolicies } from '../graphql/create-graphql-client';
import { siweTestMessage, testSigner } from '../proof/siwe-test-message';
import { runtimeConfigFixture } from '../test/runtime-config-fixture';
import { createSchemaFetch } from '../test/schema-fetch';
import { wagmiTestConfig } from '../test/wagmi-test-config';
import { wagmiWrapper } from '../test/wagmi-wrapper';
import PublicProfilePage from './public-profile-page';

// Port 9 never answers: an EOA proof must be verified without it.
const config = runtimeConfigFixture();
config.chains[0].rpcUrl = 'http://127.0.0.1:9';

const visitor: Session = {
  status: 'unauthenticated',
  account: null,
  refresh: () => {},
  signOut: async () => {},
  linking: false,
  setLinking: () => {},
};

async function publishedWallet(message = siweTestMessage()) {
  return {
    address: testSigner.address,
    kind: 'EOA',
    chainId: null,
    proof: {
      message,
      signature: await testSigner.signMessage({ message }),
      chainId: 31337,
      signedAt: '2026-11-20T10:00:01.000Z',
    },
  };
}

function renderPage(address: string, publicProfile: unknown) {
  const fetch = createSchemaFetch({
    rootValue: { me: () => null, publicProfile: () => publicProfile },
  });
  const client = new ApolloClient({
    cache: new InMemoryCache({ typePolicies: cacheTypePolicies }),
    link: new HttpLink({ uri: '/graphql', fetch }),
  });
  const WithWagmi = wagmiWrapper(wagmiTestConfig());
  const wrapper = ({ children }: { children: ReactNode }) => (
    <RuntimeConfigContext.Provider value={config}>
      <WithWagmi>
        <ApolloProvider client={client}>
          <SessionContext.Provider value={visitor}>
            <RainbowKitProvider showRecentTransactions>{children}</RainbowKitProvider>
          </SessionContext.Provider>
        </ApolloProvider>
      </WithWagmi>
    </RuntimeConfigContext.Provider>
  );
  render(<PublicProfilePage params={{ address }} />, { wrapper });
  return fetch;
}

describe('the public profile page', () => {
  it("verifies each published wallet's proof in the browser and lists every check", async () => {
    renderPage(testSigner.address, {
      address: testSigner.address,
      displayName: 'Ada',
      bio: 'Engines.',
      avatar: null,
      wallets: [await publishedWallet()],
    });
    await screen.findByRole('heading', { name: 'Ada' });
    const card = screen.getByTestId('proof-card');
    await waitFor(() => expect(card.dataset.verdict).toBe('verified'));
    expect(within(card).getByTestId('proof-verdict').textContent).toBe(
      '✓ Verified in your browser',
    );
    expect(
      within(card)
        .getAllByTestId('proof-check')
        .map((item) => [item.dataset.check, item.dataset.ok]),
    ).toEqual([
      ['domain', 'true'],
      ['address', 'true'],
      ['chain', 'true'],
      ['issuedAt', 'true'],
      ['signature', 'true'],
    ]);
    // A visitor who is not signed in is asked to, before any tip form.
    const tipPanel = screen.getByTestId('tip-panel');
    expect(tipPanel.textContent).toContain('Sign in to send Ada a tip from your wallet.');
    expect(within(tipPanel).queryByLabelText(/^Amount/)).toBeNull();
  });

  it('says "not verified" for a proof signed for another site, naming the failing check', async () => {
    renderPage(testSigner.address, {
      address: testSigner.address,
      displayName: null,
      bio: null,
      avatar: null,
      wallets: [await publishedWallet(siweTestMessage({ domain: 'phish.example' }))],
    });
    const card = await screen.findByTestId('proof-card');
    await waitFor(() => expect(card.dataset.verdict).toBe('failed'));
    const domain = within(card)
      .getAllByTestId('proof-check')
      .find((item) => item.dataset.check === 'domain');
    expect(domain?.dataset.ok).toBe('false');
    expect(domain?.textContent).toMatch(/phish\.example is not this site/);
  });

  it('shows the not-found page when the server has no public profile for the address', async () => {
    renderPage(testSigner.address, null);
    await screen.findByTestId('profile-not-found');
  });

  it('shows the not-found page for a path that is not an address, without asking the server', async () => {
    const fetch = renderPage('vitalik.eth', null);
    await screen.findByTestId('profile-not-found');
    expect(fetch.operations.filter((op) => op.operationName === 'PublicProfile')).toEqual([]);
  });
});
