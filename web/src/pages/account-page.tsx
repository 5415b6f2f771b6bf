import { Trans, useLingui } from '@lingui/react/macro';
import { useSession } from '../auth/session-context';
import { SignInPrompt } from '../components/sign-in-prompt';
import { PasskeySignIn } from '../passkeys/passkey-sign-in';
import { AccountDetails } from './account/account-details';
import { PageHeading } from './page-heading';

export default function AccountPage() {
  const { status } = useSession();
  const { t } = useLingui();
  return (
    <section className="page" aria-labelledby="page-title">
      <PageHeading>{t`Your account`}</PageHeading>
      {status === 'loading' ? (
        <p className="muted" role="status">
          <Trans>Checking your session…</Trans>
        </p>
      ) : null}
      {status === 'unauthenticated' ? (
        <SignInPrompt>
          <PasskeySignIn autofill />
        </SignInPrompt>
      ) : null}
      {status === 'authenticated' ? <AccountDetails /> : null}
    </section>
  );
}
