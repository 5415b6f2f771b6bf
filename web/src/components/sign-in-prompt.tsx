import { useConnectModal } from '@rainbow-me/rainbowkit';
import { useAccount } from 'wagmi';

/** Shown where a signed-in account is needed: one button, to the step the person is at. */
export function SignInPrompt() {
  const { isConnected } = useAccount();
  const { openConnectModal } = useConnectModal();
  return (
    <div className="card prompt">
      <p>
        {isConnected
          ? 'Your wallet is connected. Sign the message it shows you to prove the account is yours; it costs nothing and sends no transaction.'
          : 'Connect a wallet, then sign a message with it to prove the account is yours.'}
      </p>
      <button
        type="button"
        className="button"
        onClick={openConnectModal}
        disabled={!openConnectModal}
      >
        {isConnected ? 'Sign in' : 'Connect and sign in'}
      </button>
    </div>
  );
}
