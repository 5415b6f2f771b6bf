import { Trans, useLingui } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';
import { onConnectRequested, requestConnect } from './pending-connect';

let requested = false;
onConnectRequested(() => {
  requested = true;
});
const subscribe = (listener: () => void) => onConnectRequested(listener);

/**
 * RainbowKit's Connect button before RainbowKit has loaded: the same words,
 * the same box (styles.css, `.connect-placeholder`), so the header does not
 * move when the real one replaces it. A click is kept and opens the dialog
 * once the wallet stack is up; meanwhile the button pulses and a screen
 * reader hears that the wallet list is on its way.
 */
export function ConnectPlaceholder() {
  const waiting = useSyncExternalStore(subscribe, () => requested);
  const { t } = useLingui();
  return (
    <>
      <button
        type="button"
        className="connect-placeholder"
        onClick={requestConnect}
        aria-busy={waiting}
        data-testid="connect-placeholder"
      >
        <Trans comment="RainbowKit's own words for its button in this locale (its connect_wallet.label): RainbowKit's button replaces this one">
          Connect Wallet
        </Trans>
      </button>
      <span className="visually-hidden" role="status">
        {waiting ? t`Opening the wallet list…` : ''}
      </span>
    </>
  );
}
