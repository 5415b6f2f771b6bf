import { Trans, useLingui } from '@lingui/react/macro';
import { useConnectModal } from '@rainbow-me/rainbowkit';
import { useState } from 'react';
import { pathTo } from '../app/path-to';
import { useSession } from '../auth/session-context';
import { Link } from '../components/link';
import { PasskeySignIn } from '../passkeys/passkey-sign-in';
import { takePendingPasskeySignIn } from '../passkeys/pending-passkey-sign-in';
import { HOME_HEADING, HomeIntro } from './home/home-intro';
import { PageHeading } from './page-heading';

export default function HomePage() {
  const { status } = useSession();
  const { openConnectModal } = useConnectModal();
  const { t, i18n } = useLingui();
  // Read once, at the first render: the first paint's click is taken by this page only.
  const [startPasskeyNow] = useState(takePendingPasskeySignIn);
  return (
    <HomeIntro
      heading={
        <PageHeading title={t`Sign in with your wallet`}>{i18n._(HOME_HEADING)}</PageHeading>
      }
      action={
        status === 'authenticated' ? (
          <Link className="button" to={pathTo('account')}>
            <Trans>Go to your account</Trans>
          </Link>
        ) : (
          <>
            <button
              type="button"
              className="button"
              onClick={openConnectModal}
              disabled={!openConnectModal}
            >
              <Trans>Get started</Trans>
            </button>
            {/* Beside the wallet's way in; a click on the first paint's button starts it now. */}
            <PasskeySignIn startAtOnce={startPasskeyNow} />
          </>
        )
      }
    />
  );
}
