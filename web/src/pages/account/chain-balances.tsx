import { Trans } from '@lingui/react/macro';
import type { Address } from 'viem';
import type { RuntimeChain } from '../../app/runtime-config';
import { ChainBalance } from './chain-balance';

export function ChainBalances({
  address,
  chains,
}: {
  address: Address;
  chains: readonly RuntimeChain[];
}) {
  return (
    <section className="card" aria-labelledby="balances-title">
      <h2 id="balances-title">
        <Trans>Balances</Trans>
      </h2>
      <ul className="balances">
        {chains.map((chain) => (
          <ChainBalance key={chain.id} address={address} chain={chain} />
        ))}
      </ul>
    </section>
  );
}
