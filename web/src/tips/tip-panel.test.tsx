import { RainbowKitProvider } from '@rainbow-me/rainbowkit';
import type { Locale } from '@sigil/locales';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connect } from 'wagmi/actions';
import { RuntimeConfigContext } from '../app/runtime-config-context';
import { type Session, SessionContext } from '../auth/session-context';
import { activateLocale } from '../i18n/activate-locale';
import {
  JsonRpcAnswerError,
  type JsonRpcServer,
  startJsonRpcServer,
} from '../test/json-rpc-server';
import { withLocale } from '../test/render-in-locale';
import { runtimeConfigFixture } from '../test/runtime-config-fixture';
import { testAccounts, wagmiTestConfig } from '../test/wagmi-test-config';
import { wagmiWrapper } from '../test/wagmi-wrapper';
import { TipPanel } from './tip-panel';

const recipient = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const ONE_ETH = '0xde0b6b3a7640000';

const signedIn: Session = {
  status: 'authenticated',
  account: { id: 'acc-1', address: testAccounts[0], wallets: [] } as unknown as Session['account'],
  refresh: () => {},
  signOut: async () => {},
  linking: false,
  setLinking: () => {},
};

/** The panel for a signed-in visitor whose wallet (wagmi's mock connector) is on chain 31337. */
async function setUp(rpc: JsonRpcServer, locale?: Locale) {
  const config = runtimeConfigFixture();
  config.chains[0].rpcUrl = rpc.url;
  // A second enabled chain the wallet is not on.
  config.chains.push({
    id: 11155111,
    name: 'Sepolia',
    nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
    rpcUrl: rpc.url,
    testnet: true,
  });
  const wagmi = wagmiTestConfig(rpc.url);
  const WithWagmi = wagmiWrapper(wagmi);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <RuntimeConfigContext.Provider value={config}>
      <WithWagmi>
        <SessionContext.Provider value={signedIn}>
          <RainbowKitProvider showRecentTransactions>{children}</RainbowKitProvider>
        </SessionContext.Provider>
      </WithWagmi>
    </RuntimeConfigContext.Provider>
  );
  render(<TipPanel recipient={recipient} recipientName="Ada" />, {
    wrapper: locale ? withLocale(locale, wrapper) : wrapper,
  });
  const connector = wagmi.connectors[0];
  if (!connector) throw new Error('the test config has a mock connector');
  await act(() => connect(wagmi, { connector }));
}

const amount = () => screen.getByLabelText('Amount in ETH');
const send = () => screen.getByRole('button', { name: /Send tip|Try again/ });

describe('the tip panel', () => {
  let rpc: JsonRpcServer;
  let sendAnswer: () => unknown;
  beforeEach(async () => {
    sendAnswer = () => {
      throw new JsonRpcAnswerError(4001, 'User rejected the request.');
    };
    rpc = await startJsonRpcServer((method) => {
      switch (method) {
        case 'eth_chainId':
          return '0x7a69';
        case 'eth_getBalance':
          return ONE_ETH;
        case 'eth_sendTransaction':
          return sendAnswer();
        default:
          throw new JsonRpcAnswerError(-32601, `${method} is not served by this test`);
      }
    });
  });
  afterEach(() => rpc.close());

  it('says a rejection in the wallet sent nothing, and offers to try again', async () => {
    await setUp(rpc);
    fireEvent.change(amount(), { target: { value: '0.01' } });
    await waitFor(() => expect(send()).toHaveProperty('disabled', false));
    fireEvent.click(send());
    const error = await screen.findByTestId('tip-error');
    expect(error.dataset.failure).toBe('rejected');
    expect(error.textContent).toBe('You rejected the tip in your wallet. Nothing was sent.');
    expect(send().textContent).toBe('Try again');
    const methods = rpc.bodies.flat().map((body) => body.method);
    expect(methods).toContain('eth_sendTransaction');
  });

  it('says the wallet holds too little before opening it', async () => {
    await setUp(rpc);
    fireEvent.change(amount(), { target: { value: '2' } });
    expect((await screen.findByTestId('tip-short')).textContent).toMatch(
      /Your wallet holds 1 ETH on Hardhat: not enough for this tip/,
    );
  });

  it('offers to switch when the wallet is on another network than the tip, and refuses to send', async () => {
    await setUp(rpc);
    fireEvent.change(screen.getByLabelText('Network'), { target: { value: '11155111' } });
    fireEvent.change(amount(), { target: { value: '0.01' } });
    const banner = await screen.findByTestId('tip-wrong-network');
    expect(banner.textContent).toMatch(
      'Your wallet is on another network. Switch to Sepolia to send this tip.',
    );
    expect(within(banner).getByRole('button', { name: 'Switch to Sepolia' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(send()).toHaveProperty('disabled', true);
  });

  it('refuses an amount that is not a positive number', async () => {
    await setUp(rpc);
    fireEvent.change(amount(), { target: { value: '0' } });
    expect(amount().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/^Enter an amount/).textContent).toBe(
      'Enter an amount greater than zero, like 0.01.',
    );
    expect(send()).toHaveProperty('disabled', true);
  });

  it("refuses a comma in English, as the field is read in the page's language", async () => {
    await setUp(rpc);
    fireEvent.change(amount(), { target: { value: '0,01' } });
    expect(screen.getByTestId('tip-amount-error').textContent).toBe(
      'Enter an amount greater than zero, like 0.01.',
    );
    expect(amount().getAttribute('placeholder')).toBe('0.01');
  });

  it('says how many decimals the currency has, rather than rounding', async () => {
    await setUp(rpc);
    fireEvent.change(amount(), { target: { value: '0.0000000000000000001' } });
    expect(screen.getByTestId('tip-amount-error').textContent).toBe(
      'An amount in ETH has at most 18 decimal places.',
    );
    expect(send()).toHaveProperty('disabled', true);
  });

  describe('in German', () => {
    beforeEach(() => activateLocale('de-DE'));
    afterEach(() => activateLocale('en-US'));
    const field = () => screen.getByLabelText('Betrag in ETH');
    const submit = () => screen.getByRole('button', { name: /Trinkgeld senden|Erneut versuchen/ });

    it('reads "0,01" as the visitor writes it, shows its example so, and sends exactly 0.01 ETH', async () => {
      await setUp(rpc, 'de-DE');
      expect(field().getAttribute('placeholder')).toBe('0,01');
      fireEvent.change(field(), { target: { value: '0,01' } });
      expect(field().getAttribute('aria-invalid')).toBe('false');
      await waitFor(() => expect(submit()).toHaveProperty('disabled', false));
      fireEvent.click(submit());
      await screen.findByTestId('tip-error');
      const sent = rpc.bodies.flat().find((body) => body.method === 'eth_sendTransaction');
      expect(sent?.params).toEqual([expect.objectContaining({ value: '0x2386f26fc10000' })]);
    });

    it('refuses "1.234", a thousand or one, naming both readings in German', async () => {
      await setUp(rpc, 'de-DE');
      fireEvent.change(field(), { target: { value: '1.234' } });
      expect(field().getAttribute('aria-invalid')).toBe('true');
      expect(screen.getByTestId('tip-amount-error').textContent).toBe(
        '„1.234“ lässt sich auf zwei Arten lesen: Geben Sie 1,234 oder 1234 ein.',
      );
      expect(submit()).toHaveProperty('disabled', true);
    });

    it('gives its example of an amount in German writing', async () => {
      await setUp(rpc, 'de-DE');
      fireEvent.change(field(), { target: { value: 'abc' } });
      expect(screen.getByTestId('tip-amount-error').textContent).toBe(
        'Geben Sie einen Betrag größer als null ein, z. B. 0,01.',
      );
    });
  });
});
