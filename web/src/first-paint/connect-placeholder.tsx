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
  return (
    <>
      <button
        type="button"
        className="connect-placeholder"
        onClick={requestConnect}
        aria-busy={waiting}
        data-testid="connect-placeholder"
      >
        Connect Wallet
      </button>
      <span className="visually-hidden" role="status">
        {waiting ? 'Opening the wallet list…' : ''}
      </span>
    </>
  );
}
