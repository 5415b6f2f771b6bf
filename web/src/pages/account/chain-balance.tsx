import { Trans, useLingui } from '@lingui/react/macro';
import type { Address } from 'viem';
import { useBalance } from 'wagmi';
import type { RuntimeChain } from '../../app/runtime-config';
import { useFormatter } from '../../format/use-formatter';
import { isRpcUnreachable, RPC_BACKOFF_MS } from '../../wallet/rpc-backoff';

/**
 * The account's native balance on one chain, read through that chain's configured RPC.
 * An endpoint that did not answer is asked again a minute later, as the words say
 * (docs/web-app.md, "Runtime configuration and chains"); the transport fails every read
 * of that chain at once until then (wallet/rpc-backoff.ts), so nothing retries here.
 */
export function ChainBalance({ address, chain }: { address: Address; chain: RuntimeChain }) {
  const balance = useBalance({
    address,
    chainId: chain.id,
    query: {
      retry: false,
      refetchInterval: (query) => (query.state.status === 'error' ? RPC_BACKOFF_MS : false),
    },
  });
  const format = useFormatter();
  const unreachable = balance.isError && isRpcUnreachable(balance.error);
  const { t } = useLingui();
  const chainName = chain.name;
  let amount: string;
  if (balance.data) {
    amount = format.tokenAmount(
      balance.data.value,
      chain.nativeCurrency.decimals,
      chain.nativeCurrency.symbol,
    );
  } else if (balance.isError) {
    amount = t`unavailable`;
  } else {
    amount = t`loading…`;
  }
  return (
    <li className="balance" data-testid="chain-balance" data-chain-id={chain.id}>
      <span className="balance-chain">{chain.name}</span>
      <span className="balance-amount" aria-busy={balance.isPending}>
        {amount}
      </span>
      {unreachable ? (
        <span className="balance-note" data-testid="rpc-unreachable">
          <Trans>
            Balances on {chainName} could not be read: its RPC endpoint did not answer. Sigil will
            try again in a minute.
          </Trans>
        </span>
      ) : null}
    </li>
  );
}
