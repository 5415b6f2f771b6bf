import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

export const HOME_HEADING = msg`Your wallet is your sign-in`;

/**
 * What the home page says, around its heading and its one action. The first
 * paint shows it before the wallet stack has loaded (first-paint/), the home
 * page after: the same words in the same boxes.
 */
export function HomeIntro({ heading, action }: { heading: ReactNode; action: ReactNode }) {
  return (
    <section className="page home" aria-labelledby="page-title">
      {heading}
      <p className="lead">
        <Trans>
          Sigil signs you in with Sign-In with Ethereum (EIP-4361): you connect a wallet and sign a
          short message that proves the account is yours. No password, no email, no transaction and
          no fee. You stay signed in until you sign out, and you can see and end every session.
        </Trans>
      </p>
      <ol className="steps">
        <li>
          <Trans>
            <strong>Connect</strong> a browser wallet, a mobile wallet or a hardware wallet.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>Sign</strong> one message; the server checks the signature and the nonce in it.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>See your account</strong>: sessions on every device, sign-in history, live
            activity.
          </Trans>
        </li>
      </ol>
      <div className="actions">{action}</div>
    </section>
  );
}
