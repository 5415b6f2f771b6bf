import { Trans, useLingui } from '@lingui/react/macro';
import { useConnectModal } from '@rainbow-me/rainbowkit';
import { useId, useMemo, useState } from 'react';
import type { Address } from 'viem';
import { useBalance } from 'wagmi';
import { useRuntimeConfig } from '../app/runtime-config-context';
import { useSession } from '../auth/session-context';
import { isEvmAddress } from '../components/is-evm-address';
import { createAmountParser } from '../format/parse-amount';
import { useFormatter } from '../format/use-formatter';
import { useLocale } from '../i18n/locale-context';
import { amountExample, describeAmountProblem } from './describe-amount-problem';
import { tipFailureMessage } from './tip-failure';
import { useTip } from './use-tip';

export type TipPanelProps = { recipient: Address; recipientName: string };

/** A signed-in visitor tips the profile's owner in the native currency of an enabled chain. */
export function TipPanel({ recipient, recipientName }: TipPanelProps) {
  const { chains } = useRuntimeConfig();
  const { status: session, account } = useSession();
  const { openConnectModal } = useConnectModal();
  const [chainId, setChainId] = useState(chains[0].id);
  const [amount, setAmount] = useState('');
  const tip = useTip(recipient);
  const ids = useId();
  const chain = chains.find((candidate) => candidate.id === chainId) ?? chains[0];
  const { symbol, decimals } = chain.nativeCurrency;
  const { locale } = useLocale();
  const parseAmount = useMemo(() => createAmountParser(locale), [locale]);
  // The amount as the visitor writes numbers ("0,01" in German), in the chain's smallest unit.
  const reading = parseAmount(amount, decimals);
  const value = reading.ok ? reading.value : null;
  const balance = useBalance({
    address: account && isEvmAddress(account.address) ? account.address : undefined,
    chainId: chain.id,
    query: { enabled: session === 'authenticated' },
  });
  const short = value !== null && balance.data !== undefined && balance.data.value < value;
  const wrongNetwork =
    session === 'authenticated' &&
    tip.walletChainId !== undefined &&
    tip.walletChainId !== chain.id;
  const busy = tip.status === 'in-wallet' || tip.switching;
  const { t } = useLingui();
  const chainName = chain.name;
  const format = useFormatter();
  // Every digit the wallet holds: a tip may be smaller than the balance view's four decimals.
  const exact = { maximumFractionDigits: decimals };
  const held = format.tokenAmount(balance.data?.value ?? 0n, decimals, undefined, exact);
  const refusal =
    !reading.ok && reading.problem !== 'empty'
      ? describeAmountProblem(reading, amount, { symbol, decimals }, format)
      : null;

  return (
    <section className="card tip-panel" aria-labelledby={`${ids}-title`} data-testid="tip-panel">
      <h2 id={`${ids}-title`}>
        <Trans>Send a tip</Trans>
      </h2>
      {session !== 'authenticated' ? (
        <div className="prompt">
          <p>
            <Trans>Sign in to send {recipientName} a tip from your wallet.</Trans>
          </p>
          <button
            type="button"
            className="button"
            onClick={openConnectModal}
            disabled={!openConnectModal}
          >
            <Trans>Connect and sign in</Trans>
          </button>
        </div>
      ) : (
        <form
          className="tip-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (value === null) return;
            const sent = format.tokenAmount(value, decimals, undefined, exact);
            void tip.send({
              chainId: chain.id,
              value,
              // Shown among RainbowKit's recent transactions.
              description: t`Tip of ${sent} ${symbol} to ${recipientName}`,
            });
          }}
        >
          <div className="tip-fields">
            <div className="field">
              <label htmlFor={`${ids}-chain`}>
                <Trans>Network</Trans>
              </label>
              <select
                id={`${ids}-chain`}
                value={chain.id}
                onChange={(event) => {
                  setChainId(Number(event.currentTarget.value));
                  tip.reset();
                }}
              >
                {chains.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.name} ({candidate.nativeCurrency.symbol})
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${ids}-amount`}>
                <Trans>Amount in {symbol}</Trans>
              </label>
              <input
                id={`${ids}-amount`}
                inputMode="decimal"
                autoComplete="off"
                placeholder={amountExample(decimals, format)}
                value={amount}
                aria-invalid={refusal !== null}
                onChange={(event) => setAmount(event.currentTarget.value)}
              />
            </div>
          </div>
          {refusal !== null ? (
            <p className="inline-error" data-testid="tip-amount-error">
              {refusal}
            </p>
          ) : null}
          {short && !wrongNetwork ? (
            <p className="inline-error" data-testid="tip-short">
              <Trans>
                Your wallet holds {held} {symbol} on {chainName}: not enough for this tip.
              </Trans>
            </p>
          ) : null}
          {wrongNetwork || tip.failure === 'wrong-network' ? (
            <div className="banner-warning" role="alert" data-testid="tip-wrong-network">
              <p className="banner-message">
                {tipFailureMessage('wrong-network', symbol, chain.name)}
              </p>
              <button
                type="button"
                className="button"
                disabled={tip.switching}
                onClick={() => void tip.switchTo(chain.id)}
              >
                {tip.switching ? t`Switching…` : t`Switch to ${chainName}`}
              </button>
            </div>
          ) : null}
          {tip.failure && tip.failure !== 'wrong-network' ? (
            <p
              className="inline-error"
              role="alert"
              data-testid="tip-error"
              data-failure={tip.failure}
            >
              {tipFailureMessage(tip.failure, symbol, chain.name)}
            </p>
          ) : null}
          <div className="actions">
            <button
              type="submit"
              className="button"
              disabled={value === null || busy || wrongNetwork || tip.status === 'pending'}
              aria-busy={busy}
            >
              {tip.status === 'in-wallet'
                ? t`Confirm in your wallet…`
                : tip.failure && tip.failure !== 'wrong-network'
                  ? t`Try again`
                  : t`Send tip`}
            </button>
            <TipStatusLine status={tip.status} />
          </div>
        </form>
      )}
    </section>
  );
}

function TipStatusLine({ status }: { status: ReturnType<typeof useTip>['status'] }) {
  const { t } = useLingui();
  const text =
    status === 'pending'
      ? t`Tip sent, waiting for the network to confirm it…`
      : status === 'confirmed'
        ? t`Tip confirmed. Thank you!`
        : status === 'reverted'
          ? t`The network refused the tip (it reverted). Nothing was transferred; try again.`
          : '';
  return (
    <span
      role="status"
      className={`tip-status tip-${status}`}
      data-testid="tip-status"
      data-status={status}
    >
      {text}
    </span>
  );
}
