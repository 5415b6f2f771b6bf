import { Trans, useLingui } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';
import { EARLY_CLICK } from './early-clicks';
import { getPendingConnect, onPendingConnectChange, requestConnect } from './pending-connect';

/**
 * RainbowKit's Connect button before RainbowKit has loaded: the same words,
 * the same box (styles.css, `.connect-placeholder`), so the header does not
 * move when the real one replaces it. A click opens the early wallet list at
 * once (early-wallet-list.tsx) and is kept for RainbowKit's dialog; meanwhile
 * the button pulses and a screen reader hears that the wallet list is on its way.
 */
export function ConnectPlaceholder() {
  const requested = () => getPendingConnect().requested;
  // The third for the build's prerender (prerender-first-paint.tsx): nothing is waiting there.
  const waiting = useSyncExternalStore(onPendingConnectChange, requested, requested);
  const { t } = useLingui();
  return (
    <>
      <button
        type="button"
        className="connect-placeholder"
        onClick={requestConnect}
        aria-busy={waiting}
        data-testid="connect-placeholder"
        data-early-click={EARLY_CLICK.connect}
      >
        <Trans comment="RainbowKit's own words for its button in this locale (its connect_wallet.label): RainbowKit's button replaces this one">
          Connect Wallet
        </Trans>
      </button>
      {/* What the startup script says here for a tap before main.tsx (build/locale-boot-script.ts). */}
      <span className="visually-hidden" role="status" data-busy-text={t`Opening the wallet list…`}>
        {waiting ? t`Opening the wallet list…` : ''}
      </span>
    </>
  );
}
