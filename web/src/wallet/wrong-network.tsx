import type { WrongNetwork as WrongNetworkState } from './use-wrong-network';

export const WRONG_NETWORK_MESSAGE = 'Wrong network detected, switch or disconnect to continue.';

export type WrongNetworkProps = Omit<WrongNetworkState, 'isWrongNetwork'>;

/** The wallet is on a chain Sigil does not enable: switch to one that is, or disconnect. */
export function WrongNetwork({
  chains,
  switchTo,
  disconnect,
  pendingChainId,
  switchFailed,
}: WrongNetworkProps) {
  return (
    <section className="banner banner-warning" role="alert" aria-labelledby="wrong-network-message">
      <p id="wrong-network-message" className="banner-message" data-testid="wrong-network">
        {WRONG_NETWORK_MESSAGE}
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
              ? `Switching to ${chain.name}…`
              : `Switch to ${chain.name}`}
          </button>
        ))}
        <button type="button" className="button button-secondary" onClick={disconnect}>
          Disconnect
        </button>
      </div>
      {switchFailed ? (
        <p className="banner-note">
          The wallet did not switch. Try again, or switch in the wallet itself.
        </p>
      ) : null}
    </section>
  );
}
