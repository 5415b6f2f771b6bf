import { useSession } from '../auth/session-context';
import { SignInPrompt } from '../components/sign-in-prompt';
import { AccountDetails } from './account/account-details';
import { PageHeading } from './page-heading';

export default function AccountPage() {
  const { status } = useSession();
  return (
    <section className="page" aria-labelledby="page-title">
      <PageHeading>Your account</PageHeading>
      {status === 'loading' ? (
        <p className="muted" role="status">
          Checking your session…
        </p>
      ) : null}
      {status === 'unauthenticated' ? <SignInPrompt /> : null}
      {status === 'authenticated' ? <AccountDetails /> : null}
    </section>
  );
}
