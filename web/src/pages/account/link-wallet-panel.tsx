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

  if (state.step === 'idle') {
    return (
      <div className="link-start">
        <div className="actions">
          <button type="button" className="button" ref={panel.startRef} onClick={panel.start}>
            Link a wallet
          </button>
          <LinkSolanaWalletButton />
        </div>
        <p className="muted">
          Add another wallet to this account: any of them then signs you in here.
        </p>
      </div>
    );
  }

  const busy = state.step === 'signing' || state.step === 'verifying';
  return (
    <section className="link-panel" aria-labelledby="link-title" data-testid="link-panel">
      <h3 id="link-title" ref={panel.headingRef} tabIndex={-1}>
        Link a wallet
      </h3>
      {state.step === 'choosing' ? (
        <p>
          In your wallet, switch to the account you want to link, or connect another wallet. It will
          ask you to sign a message: that costs nothing and sends no transaction.
        </p>
      ) : null}
      <p className="row-meta" data-testid="link-wallet-shows">
        {wallet.address ? (
          <>
            Your wallet shows <code className="address">{wallet.address}</code>
            {wallet.linked ? ', a wallet of this account.' : '.'}
          </>
        ) : (
          'No wallet is connected.'
        )}
      </p>
      <div role="status" aria-live="polite" className="link-status" data-step={state.step}>
        {state.step === 'signing' ? <p>Sign the message in your wallet to link it…</p> : null}
        {state.step === 'verifying' ? <p>Verifying the signature…</p> : null}
        {state.step === 'linked' ? (
          <p className="link-success" data-testid="link-success">
            Linked <code className="address">{state.address}</code>. Switching to it in your wallet
            keeps you signed in.
          </p>
        ) : null}
      </div>
      {state.step === 'failed' ? (
        <p className="inline-error" role="alert" data-testid="link-error">
          {state.failure.kind === 'rate-limited'
            ? `${LINK_RATE_LIMIT_MESSAGE} ${describeWait(secondsLeft)}`
            : linkFailureMessage[state.failure.kind]}
        </p>
      ) : null}
      {!wallet.linked ? (
        <p className="link-warning">
          Closing this while your wallet shows no wallet of this account signs you out. Switch back
          in your wallet to stay signed in.
        </p>
      ) : null}
      <div className="actions">
        {state.step === 'failed' ? (
          <button type="button" className="button" onClick={panel.retry} disabled={secondsLeft > 0}>
            Try again
          </button>
        ) : null}
        {wallet.connected ? (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void panel.connectAnother()}
            disabled={busy}
          >
            Connect another wallet
          </button>
        ) : (
          <button
            type="button"
            className="button button-secondary"
            onClick={panel.openConnectModal}
            disabled={!panel.canOpenConnectModal}
          >
            Connect a wallet
          </button>
        )}
        <button type="button" className="button button-secondary" onClick={panel.close}>
          {state.step === 'linked' ? 'Done' : 'Cancel'}
        </button>
      </div>
    </section>
  );
}
