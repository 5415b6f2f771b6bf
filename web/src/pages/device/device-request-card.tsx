import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useFormatter } from '../../format/use-formatter';
import { describeScope } from '../oidc/describe-scope';
import type { DeviceLogin } from './use-device-login';

export type DeviceRequestCardProps = {
  login: DeviceLogin;
  busy: boolean;
  onApprove(): void;
  onDeny(): void;
};

/**
 * Which app asks, with which code and since when, what it will receive, and
 * the warning RFC 8628 §5.4 asks for: someone may send a person a code of
 * their own device to get into the person's account.
 */
export function DeviceRequestCard({ login, busy, onApprove, onDeny }: DeviceRequestCardProps) {
  // The scopes' words (describeScope) are read here: render again when the language changes.
  useLingui();
  const { dateTime } = useFormatter();
  const requestedAt = dateTime(login.requestedAt);
  return (
    <section className="card" aria-labelledby="device-request-title" data-testid="device-request">
      <h2 id="device-request-title">
        <Trans>
          <strong>{login.name}</strong> wants to sign in with your account
        </Trans>
      </h2>
      <p>
        <Trans>
          Code <strong data-testid="device-user-code">{login.userCode}</strong>, asked for{' '}
          {requestedAt}
        </Trans>
      </p>
      <h3>
        <Trans>It will receive</Trans>
      </h3>
      <ul className="rows">
        {login.scopes.map((scope) => (
          <li key={scope} className="row" data-scope={scope}>
            <p className="row-title">{describeScope(scope)}</p>
          </li>
        ))}
      </ul>
      <p className="link-warning" role="note">
        <Trans>
          Approve only a code you asked for yourself, on a device in front of you, and only if it
          matches the one the device shows. If someone sent you this code or asked you to enter it,
          deny: they are trying to get into your account.
        </Trans>
      </p>
      <div className="row-actions">
        <button type="button" className="button" onClick={onApprove} disabled={busy}>
          <Trans>Approve</Trans>
        </button>
        <button type="button" className="button button-secondary" onClick={onDeny} disabled={busy}>
          <Trans>Deny</Trans>
        </button>
      </div>
    </section>
  );
}
