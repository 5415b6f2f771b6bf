import { Trans, useLingui } from '@lingui/react/macro';
import { useFormatter } from '../../format/use-formatter';
import { describeScope } from '../oidc/describe-scope';
import { useConnectedApps } from './use-connected-apps';

/** Apps that sign in with this account (OpenID Connect): what each may read, when it was last used. */
export function ConnectedAppsSection() {
  const { dateTime: formatDateTime } = useFormatter();
  const { apps, loaded, revoke, revokingId, revokeFailed } = useConnectedApps();
  const { t } = useLingui();
  if (!loaded) return null;
  return (
    <section className="card" aria-labelledby="apps-title" data-testid="connected-apps">
      <h2 id="apps-title">
        <Trans>Connected apps</Trans>
      </h2>
      {apps.length === 0 ? (
        <p className="muted">
          <Trans>No app signs in with your Sigil account yet.</Trans>
        </p>
      ) : (
        <p className="muted">
          <Trans>
            These apps sign you in with your Sigil account. Revoking access signs you out of the app
            and it must ask again.
          </Trans>
        </p>
      )}
      {revokeFailed ? (
        <p className="inline-error" role="alert">
          <Trans>Access could not be revoked. Please try again.</Trans>
        </p>
      ) : null}
      <ul className="rows">
        {apps.map((app) => {
          const descriptionId = `app-${app.clientId}-description`;
          const grantedAt = formatDateTime(app.grantedAt);
          const lastUsed = app.lastUsedAt ? formatDateTime(app.lastUsedAt) : null;
          return (
            <li
              key={app.clientId}
              className="row"
              data-testid="connected-app"
              data-client-id={app.clientId}
            >
              <div id={descriptionId} className="row-text">
                <p className="row-title">{app.name}</p>
                <p className="row-meta">
                  {app.scopes
                    .filter((scope) => scope !== 'openid')
                    .map(describeScope)
                    .join(' · ') || t`Your account id only`}
                </p>
                <p className="row-meta">
                  {lastUsed !== null
                    ? t`Allowed ${grantedAt} · last used ${lastUsed}`
                    : t`Allowed ${grantedAt} · last used never`}
                </p>
              </div>
              <button
                type="button"
                className="button button-danger"
                aria-describedby={descriptionId}
                disabled={revokingId !== null}
                aria-busy={revokingId === app.clientId}
                onClick={() => void revoke(app.clientId)}
              >
                <Trans>Revoke access</Trans>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
