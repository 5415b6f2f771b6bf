import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { WrongNetwork as WrongNetworkState } from './use-wrong-network';

/** The wrong-network message of docs/sign-in.md, exact in English. */
export const WRONG_NETWORK_MESSAGE = msg({
  message: 'Wrong network detected, switch or disconnect to continue.',
  comment:
    "RainbowKit's own words in this locale (its chains.wrong_network): the dialog and the page must agree",
});

export type WrongNetworkProps = Omit<WrongNetworkState, 'isWrongNetwork'>;

/** The wallet is on a chain Sigil does not enable: switch to one that is, or disconnect. */
export function WrongNetwork({
  chains,
  switchTo,
  disconnect,
  pendingChainId,
  switchFailed,
}: WrongNetworkProps) {
  const { t, i18n } = useLingui();
  return (
    <section className="banner banner-warning" role="alert" aria-labelledby="wrong-network-message">
      <p id="wrong-network-message" className="banner-message" data-testid="wrong-network">
        {i18n._(WRONG_NETWORK_MESSAGE)}
      </p>
      <div className="banner-actions">
        {chains.map((chain) => (
          <button
            key={chain.id}
            type="button"
            className="button"
            onClick={() => switchTo(chain.id)}
            disabled={pendingChainId !== undefined}
            aria-busy={pendingChainId === chain.id}
          >
            {pendingChainId === chain.id
              ? t`Switching to ${chain.name}…`
              : t`Switch to ${chain.name}`}
          </button>
        ))}
        <button type="button" className="button button-secondary" onClick={disconnect}>
          <Trans>Disconnect</Trans>
        </button>
      </div>
      {switchFailed ? (
        <p className="banner-note">
          <Trans>The wallet did not switch. Try again, or switch in the wallet itself.</Trans>
        </p>
      ) : null}
    </section>
  );
}
