import { useLingui } from '@lingui/react/macro';
import { useConnectModal } from '@rainbow-me/rainbowkit';
import type { ReactNode } from 'react';
import { useAccount } from 'wagmi';

/**
 * Shown where a signed-in account is needed: one button, to the step the
 * person is at, and beside it `children` (the passkey's way in).
 */
export function SignInPrompt({ children }: { children?: ReactNode }) {
  const { isConnected } = useAccount();
  const { openConnectModal } = useConnectModal();
  const { t } = useLingui();
  return (
    <div className="card prompt">
      <p>
        {isConnected
          ? t`Your wallet is connected. Sign the message it shows you to prove the account is yours; it costs nothing and sends no transaction.`
          : t`Connect a wallet, then sign a message with it to prove the account is yours.`}
      </p>
      <div className="actions">
        <button
          type="button"
          className="button"
          onClick={openConnectModal}
          disabled={!openConnectModal}
        >
          {isConnected ? t`Sign in` : t`Connect and sign in`}
        </button>
        {children}
      </div>
    </div>
  );
}
