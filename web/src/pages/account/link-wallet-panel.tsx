import { Trans, useLingui } from '@lingui/react/macro';
import { describeWait } from '../../components/describe-wait';
import { useSecondsLeft } from '../../components/use-seconds-left';
import { LINK_RATE_LIMIT_MESSAGE, linkFailureMessage } from './link-failure-message';
import { LinkSolanaWalletButton } from './link-solana-wallet-button';
import { useLinkWalletPanel } from './use-link-wallet-panel';

/** "Link a wallet": the button, then the steps of the flow in place of it. */
export function LinkWalletPanel() {
  const panel = useLinkWalletPanel();
  const { state, wallet } = panel;
  const retryAfter = state.step === 'failed' ? state.retryAfter : null;
  const secondsLeft = useSecondsLeft(retryAfter);
  const { t, i18n } = useLingui();

  if (state.step === 'idle') {
    return (
      <div className="link-start">
        <div className="actions">
          <button type="button" className="button" ref={panel.startRef} onClick={panel.start}>
            <Trans>Link a wallet</Trans>
          </button>
          <LinkSolanaWalletButton />
        </div>
        <p className="muted">
          <Trans>Add another wallet to this account: any of them then signs you in here.</Trans>
        </p>
      </div>
    );
  }

  const busy = state.step === 'signing' || state.step === 'verifying';
  return (
    <section className="link-panel" aria-labelledby="link-title" data-testid="link-panel">
      <h3 id="link-title" ref={panel.headingRef} tabIndex={-1}>
        <Trans>Link a wallet</Trans>
      </h3>
      {state.step === 'choosing' ? (
        <p>
          <Trans>
            In your wallet, switch to the account you want to link, or connect another wallet. It
            will ask you to sign a message: that costs nothing and sends no transaction.
          </Trans>
        </p>
      ) : null}
      <p className="row-meta" data-testid="link-wallet-shows">
        {wallet.address ? (
          wallet.linked ? (
            <Trans>
              Your wallet shows <code className="address">{wallet.address}</code>, a wallet of this
              account.
            </Trans>
          ) : (
            <Trans>
              Your wallet shows <code className="address">{wallet.address}</code>.
            </Trans>
          )
        ) : (
          t`No wallet is connected.`
        )}
      </p>
      <div role="status" aria-live="polite" className="link-status" data-step={state.step}>
        {state.step === 'signing' ? (
          <p>
            <Trans>Sign the message in your wallet to link it…</Trans>
          </p>
        ) : null}
        {state.step === 'verifying' ? (
          <p>
            <Trans>Verifying the signature…</Trans>
          </p>
        ) : null}
        {state.step === 'linked' ? (
          <p className="link-success" data-testid="link-success">
            <Trans>
              Linked <code className="address">{state.address}</code>. Switching to it in your
              wallet keeps you signed in.
            </Trans>
          </p>
        ) : null}
      </div>
      {state.step === 'failed' ? (
        <p className="inline-error" role="alert" data-testid="link-error">
          {state.failure.kind === 'rate-limited'
            ? `${i18n._(LINK_RATE_LIMIT_MESSAGE)} ${describeWait(secondsLeft)}`
            : linkFailureMessage[state.failure.kind]}
        </p>
      ) : null}
      {!wallet.linked ? (
        <p className="link-warning">
          <Trans>
            Closing this while your wallet shows no wallet of this account signs you out. Switch
            back in your wallet to stay signed in.
          </Trans>
        </p>
      ) : null}
      <div className="actions">
        {state.step === 'failed' ? (
          <button type="button" className="button" onClick={panel.retry} disabled={secondsLeft > 0}>
            <Trans>Try again</Trans>
          </button>
        ) : null}
        {wallet.connected ? (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void panel.connectAnother()}
            disabled={busy}
          >
            <Trans>Connect another wallet</Trans>
          </button>
        ) : (
          <button
            type="button"
            className="button button-secondary"
            onClick={panel.openConnectModal}
            disabled={!panel.canOpenConnectModal}
          >
            <Trans>Connect a wallet</Trans>
          </button>
        )}
        <button type="button" className="button button-secondary" onClick={panel.close}>
          {state.step === 'linked' ? t`Done` : t`Cancel`}
        </button>
      </div>
    </section>
  );
}
