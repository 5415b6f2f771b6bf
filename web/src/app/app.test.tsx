import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { requestConnect, takePendingConnect } from '../first-paint/pending-connect';
import { createGraphqlClient } from '../graphql/create-graphql-client';
import { MeDocument } from '../graphql/generated/graphql';
import { runtimeConfigFixture } from '../test/runtime-config-fixture';
import { createSchemaFetch } from '../test/schema-fetch';
import { buildWagmiConfig } from '../wallet/build-wagmi-config';
import { buildWalletList } from '../wallet/build-wallet-list';
import { App } from './app';

beforeAll(() => {
  // jsdom has no matchMedia; RainbowKit's light/dark theme asks for prefers-color-scheme.
  window.matchMedia ??= vi.fn((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
});

/** `meSeeded`: Apollo's cache holds `me: null` before the first render, as the first paint leaves it. */
async function renderApp({ meSeeded = false } = {}) {
  const config = runtimeConfigFixture();
  const wagmiConfig = buildWagmiConfig({
    config,
    walletList: await buildWalletList(config),
    storage: localStorage,
  });
  const graphql = createGraphqlClient({
    fetch: createSchemaFetch({ rootValue: { me: () => null } }),
    wsUrl: 'ws://127.0.0.1:9/graphql',
  });
  if (meSeeded) graphql.apollo.writeQuery({ query: MeDocument, data: { me: null } });
  render(
    <App
      config={config}
      wagmiConfig={wagmiConfig}
      queryClient={new QueryClient()}
      graphql={graphql}
      meSeeded={meSeeded}
    />,
  );
}

/** Waits until the page's one h1, the heading a person reads first, says `text`. */
function expectPageHeading(text: string) {
  return waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(text));
}

describe('App', () => {
  it('shows the wallet and session states from the first paint', async () => {
    window.history.replaceState(null, '', '/');
    await renderApp();
    expect(screen.getByTestId('connection-status').textContent).toBe('Disconnected');
    expect(['Checking…', 'Not signed in']).toContain(screen.getByTestId('auth-status').textContent);
    const settled = await screen.findByText('Not signed in', {
      selector: '[data-testid="auth-status"]',
    });
    expect(settled.dataset.status).toBe('unauthenticated');
  });

  // RainbowKit closes its dialogs once the session is known to be signed out: the kept click
  // must open it after that, or it flashes and is gone.
  it.each([
    { meSeeded: false, when: 'once the server has answered me' },
    { meSeeded: true, when: 'with me already in the cache' },
  ])(
    'opens the connect dialog for a click on Connect made before the app had loaded, $when',
    async ({ meSeeded }) => {
      window.history.replaceState(null, '', '/');
      requestConnect();
      await renderApp({ meSeeded });
      const dialog = await screen.findByRole('dialog');
      expect(screen.getByTestId('auth-status').dataset.status).toBe('unauthenticated');
      expect(within(dialog).getByText('Connect a Wallet').textContent).toBe('Connect a Wallet');
      expect(takePendingConnect()).toBeNull();
      // Whatever RainbowKit does on the session's news has been done: the dialog is still open.
      await act(async () => {});
      expect(screen.getByRole('dialog')).toBe(dialog);
    },
  );

  it("offers RainbowKit's Connect button and the home page", async () => {
    window.history.replaceState(null, '', '/');
    await renderApp();
    expect((await screen.findByTestId('rk-connect-button')).textContent).toBe('Connect Wallet');
    await expectPageHeading('Your wallet is your sign-in');
  });

  it('shows the not-found page for a path no route matches, on arrival', async () => {
    window.history.replaceState(null, '', '/no/such/page');
    await renderApp();
    await expectPageHeading('This page does not exist');
    expect(document.title).toBe('Page not found · Sigil');
  });

  it('follows the browser history to an unknown path and back home through its link', async () => {
    window.history.replaceState(null, '', '/');
    await renderApp();
    await screen.findByRole('heading', { level: 1, name: 'Your wallet is your sign-in' });
    act(() => window.history.pushState(null, '', '/nowhere'));
    await expectPageHeading('This page does not exist');
    fireEvent.click(screen.getByRole('link', { name: 'Back to home' }));
    expect(window.location.pathname).toBe('/');
    await expectPageHeading('Your wallet is your sign-in');
  });

  it('navigates in place through the links of the main navigation', async () => {
    window.history.replaceState(null, '', '/');
    await renderApp();
    await screen.findByRole('heading', { level: 1, name: 'Your wallet is your sign-in' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const home = within(nav).getByRole('link', { name: 'Home' });
    const account = within(nav).getByRole('link', { name: 'Account' });
    expect(account.getAttribute('href')).toBe('/account');
    expect(home.getAttribute('aria-current')).toBe('page');
    expect(account.getAttribute('aria-current')).toBeNull();

    // jsdom cannot load another document: the path changes only if the router moved.
    const notPrevented = fireEvent.click(account);
    expect(notPrevented).toBe(false);
    expect(window.location.pathname).toBe('/account');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Your account' });
    expect(account.getAttribute('aria-current')).toBe('page');
    expect(home.getAttribute('aria-current')).toBeNull();
    // Keyboard and screen-reader users land on the new page, not on the link they left.
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(document.title).toBe('Your account · Sigil');

    act(() => window.history.back());
    await expectPageHeading('Your wallet is your sign-in');
  });

  it('asks for a sign-in on /account when nobody is signed in', async () => {
    window.history.replaceState(null, '', '/account');
    await renderApp();
    const main = screen.getByRole('main');
    const signIn = await within(main).findByRole('button', { name: 'Connect and sign in' });
    // Under RainbowKit's provider the button opens its connect modal.
    expect(signIn).toHaveProperty('disabled', false);
  });
});
