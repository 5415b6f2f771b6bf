import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useRef } from 'react';
import { useSearch } from 'wouter';
import { GenericErrorMessage } from '../app/generic-error';
import { useSession } from '../auth/session-context';
import { SignInPrompt } from '../components/sign-in-prompt';
import { DeviceCodeForm } from './device/device-code-form';
import { DeviceRequestCard } from './device/device-request-card';
import { type DeviceLoginProblem, useDeviceLogin } from './device/use-device-login';
import { PageHeading } from './page-heading';

function ProblemMessage({ problem }: { problem: DeviceLoginProblem }): ReactNode {
  switch (problem) {
    case 'invalid':
      return <Trans>This code is not valid or has expired.</Trans>;
    case 'too-many-tries':
      return <Trans>Too many tries. Wait a minute and try again.</Trans>;
    case 'suspended':
      return <Trans>This account is suspended: it cannot approve a sign-in.</Trans>;
    case 'failed':
      return <GenericErrorMessage />;
  }
}

/**
 * `/device`: a device (a command-line tool, a TV) asks to sign in as the
 * person, showing a code (docs/oidc.md, "Device login"). They type it, or
 * arrive with it from the device's link (`?code=`), sign in if they are not,
 * check the app and answer.
 */
export default function DevicePage() {
  const { status } = useSession();
  const { state, lookUp, approve, deny } = useDeviceLogin();
  const { t } = useLingui();
  const initialCode = new URLSearchParams(useSearch()).get('code') ?? '';
  // The link's code is looked up once, on arrival: the person need not press Continue.
  const lookedUpLink = useRef(false);
  useEffect(() => {
    if (lookedUpLink.current || !initialCode) return;
    lookedUpLink.current = true;
    void lookUp(initialCode);
  }, [initialCode, lookUp]);

  const heading =
    state.kind === 'approved'
      ? t`You can go back to your device`
      : state.kind === 'denied'
        ? t`Request denied`
        : t`Sign in on a device`;
  return (
    <section className="page" aria-labelledby="page-title">
      <PageHeading>{heading}</PageHeading>
      {state.kind === 'entering' || state.kind === 'checking' ? (
        <>
          <p className="muted">
            <Trans>Enter the code your device shows.</Trans>
          </p>
          <DeviceCodeForm
            initialCode={initialCode}
            busy={state.kind === 'checking'}
            problem={
              state.kind === 'entering' && state.problem ? (
                <ProblemMessage problem={state.problem} />
              ) : null
            }
            onSubmit={(code) => void lookUp(code)}
          />
        </>
      ) : null}
      {(state.kind === 'found' || state.kind === 'answering') && status === 'unauthenticated' ? (
        <>
          <p className="muted">
            <Trans>
              <strong>{state.login.name}</strong> wants to sign in with your account. Sign in with
              your wallet to answer.
            </Trans>
          </p>
          <SignInPrompt />
        </>
      ) : null}
      {(state.kind === 'found' || state.kind === 'answering') && status === 'authenticated' ? (
        <>
          {state.kind === 'found' && state.problem ? (
            <div className="card" role="alert">
              <p>
                <ProblemMessage problem={state.problem} />
              </p>
            </div>
          ) : null}
          <DeviceRequestCard
            login={state.login}
            busy={state.kind === 'answering'}
            onApprove={() => void approve(state.login)}
            onDeny={() => void deny(state.login)}
          />
        </>
      ) : null}
      {state.kind === 'approved' ? (
        <p className="muted" role="status">
          <Trans>The device is signing in. You can close this page.</Trans>
        </p>
      ) : null}
      {state.kind === 'denied' ? (
        <p className="muted" role="status">
          <Trans>The device was not signed in. You can close this page.</Trans>
        </p>
      ) : null}
    </section>
  );
}
