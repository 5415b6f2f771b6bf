import { useFormatter } from '../../format/use-formatter';
import { describeScope } from '../oidc/describe-scope';
import { useConnectedApps } from './use-connected-apps';

/** Apps that sign in with this account (OpenID Connect): what each may read, when it was last used. */
export function ConnectedAppsSection() {
  const { dateTime: formatDateTime } = useFormatter();
  const { apps, loaded, revoke, revokingId, revokeFailed } = useConnectedApps();
  if (!loaded) return null;
  return (
    <section className="card" aria-labelledby="apps-title" data-testid="connected-apps">
      <h2 id="apps-title">Connected apps</h2>
      {apps.length === 0 ? (
        <p className="muted">No app signs in with your Sigil account yet.</p>
      ) : (
        <p className="muted">
          These apps sign you in with your Sigil account. Revoking access signs you out of the app
          and it must ask again.
        </p>
      )}
      {revokeFailed ? (
        <p className="inline-error" role="alert">
          Access could not be revoked. Please try again.
        </p>
      ) : null}
      <ul className="rows">
        {apps.map((app) => {
          const descriptionId = `app-${app.clientId}-description`;
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
                    .join(' · ') || 'Your account id only'}
                </p>
                <p className="row-meta">
                  Allowed {formatDateTime(app.grantedAt)} · last used{' '}
                  {app.lastUsedAt ? formatDateTime(app.lastUsedAt) : 'never'}
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
                Revoke access
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
