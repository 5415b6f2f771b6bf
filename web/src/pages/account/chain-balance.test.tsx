import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type JsonRpcServer, startJsonRpcServer } from '../../test/json-rpc-server';
import { runtimeConfigFixture } from '../../test/runtime-config-fixture';
import { testAccounts, wagmiTestConfig } from '../../test/wagmi-test-config';
import { wagmiWrapper } from '../../test/wagmi-wrapper';
import { ChainBalance } from './chain-balance';

const chain = runtimeConfigFixture().chains[0];
const UNREACHABLE =
  'Balances on Hardhat could not be read: its RPC endpoint did not answer. Sigil will try again in a minute.';

describe('ChainBalance', () => {
  let server: JsonRpcServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('says in words that the endpoint did not answer and when it is asked again', async () => {
    // Nothing listens on port 9: the connection is refused.
    const wrapper = wagmiWrapper(wagmiTestConfig('http://127.0.0.1:9'));
    render(<ChainBalance address={testAccounts[0]} chain={chain} />, { wrapper });
    expect((await screen.findByTestId('rpc-unreachable')).textContent).toBe(UNREACHABLE);
    expect(screen.getByTestId('chain-balance').textContent).toContain('unavailable');
  });

  it('shows the balance, and no such words, when the endpoint answers', async () => {
    server = await startJsonRpcServer((method) =>
      method === 'eth_getBalance' ? '0xde0b6b3a7640000' : '0x7a69',
    );
    const wrapper = wagmiWrapper(wagmiTestConfig(server.url));
    render(<ChainBalance address={testAccounts[0]} chain={chain} />, { wrapper });
    await screen.findByText('1 ETH');
    expect(screen.queryByTestId('rpc-unreachable')).toBeNull();
  });
});
