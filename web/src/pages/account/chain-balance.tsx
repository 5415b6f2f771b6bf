import type { Address } from 'viem';
import { useBalance } from 'wagmi';
import type { RuntimeChain } from '../../app/runtime-config';
import { formatBalance } from '../../components/format-balance';

/** The account's native balance on one chain, read through that chain's configured RPC. */
export function ChainBalance({ address, chain }: { address: Address; chain: RuntimeChain }) {
  const balance = useBalance({ address, chainId: chain.id, query: { retry: 1 } });
  let amount: string;
  if (balance.data) {
    amount = `${formatBalance(balance.data.value, chain.nativeCurrency.decimals)} ${chain.nativeCurrency.symbol}`;
  } else if (balance.isError) {
    amount = 'unavailable';
  } else {
    amount = 'loading…';
  }
  return (
    <li className="balance" data-testid="chain-balance" data-chain-id={chain.id}>
      <span className="balance-chain">{chain.name}</span>
      <span className="balance-amount" aria-busy={balance.isPending}>
        {amount}
      </span>
    </li>
  );
}
