import { Trans, useLingui } from '@lingui/react/macro';
import type { RoutePageProps } from '../app/define-route';
import { GenericErrorMessage } from '../app/generic-error';
import { useSession } from '../auth/session-context';
import { SignInPrompt } from '../components/sign-in-prompt';
import { PasskeySignIn } from '../passkeys/passkey-sign-in';
import { ConsentCard } from './oidc/consent-card';
import { useInteraction } from './oidc/use-interaction';
import { PageHeading } from './page-heading';

/**
 * `/oidc/interaction/:uid`: an app sent the person here through Sigil's
 * OpenID Connect provider. Not signed in, they sign in as anywhere in the
 * app and stay on this page; signed in, they see the consent.
 */
export default function OidcInteractionPage({ params }: RoutePageProps<'/oidc/interaction/:uid'>) {
  const { status } = useSession();
  const { state, allow, deny } = useInteraction(params.uid);
  const { t } = useLingui();
  const appName = state.kind === 'ready' ? state.details.client.name : null;
  return (
    <section className="page" aria-labelledby="page-title">
      <PageHeading>
        {appName !== null ? t`Sign in to ${appName}` : t`Sign in to an app`}
      </PageHeading>
      {state.kind === 'loading' || status === 'loading' ? (
        <p className="muted" role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : null}
      {state.kind === 'expired' ? (
        <div className="card" role="alert">
          <p>
            <Trans>
              This sign-in request has expired or was already answered. Go back to the app and start
              again.
            </Trans>
          </p>
        </div>
      ) : null}
      {state.kind === 'failed' ? (
        <div className="card" role="alert">
          <p>
            <GenericErrorMessage />
          </p>
        </div>
      ) : null}
      {state.kind === 'leaving' ? (
        <p className="muted" role="status">
          <Trans>Taking you back to the app…</Trans>
        </p>
      ) : null}
      {state.kind === 'ready' && status === 'unauthenticated' ? (
        <>
          <p className="muted">
            <Trans>
              <strong>{state.details.client.name}</strong> uses Sigil to sign you in with your
              wallet.
            </Trans>
          </p>
          <SignInPrompt>
            <PasskeySignIn autofill />
          </SignInPrompt>
        </>
      ) : null}
      {state.kind === 'ready' && status === 'authenticated' ? (
        <ConsentCard details={state.details} onAllow={allow} onDeny={deny} busy={false} />
      ) : null}
    </section>
  );
}
