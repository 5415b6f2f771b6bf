import type { RoutePageProps } from '../app/define-route';
import { GENERIC_ERROR_MESSAGE } from '../app/generic-error';
import { useSession } from '../auth/session-context';
import { SignInPrompt } from '../components/sign-in-prompt';
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
  const appName = state.kind === 'ready' ? state.details.client.name : 'an app';
  return (
    <section className="page" aria-labelledby="page-title">
      <PageHeading>{`Sign in to ${appName}`}</PageHeading>
      {state.kind === 'loading' || status === 'loading' ? (
        <p className="muted" role="status">
          Loading…
        </p>
      ) : null}
      {state.kind === 'expired' ? (
        <div className="card" role="alert">
          <p>
            This sign-in request has expired or was already answered. Go back to the app and start
            again.
          </p>
        </div>
      ) : null}
      {state.kind === 'failed' ? (
        <div className="card" role="alert">
          <p>{GENERIC_ERROR_MESSAGE}</p>
        </div>
      ) : null}
      {state.kind === 'leaving' ? (
        <p className="muted" role="status">
          Taking you back to the app…
        </p>
      ) : null}
      {state.kind === 'ready' && status === 'unauthenticated' ? (
        <>
          <p className="muted">
            <strong>{state.details.client.name}</strong> uses Sigil to sign you in with your wallet.
          </p>
          <SignInPrompt />
        </>
      ) : null}
      {state.kind === 'ready' && status === 'authenticated' ? (
        <ConsentCard details={state.details} onAllow={allow} onDeny={deny} busy={false} />
      ) : null}
    </section>
  );
}
