import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AccountEvent } from '../../auth/account-events-context';
import { describeUserAgent } from '../../components/describe-user-agent';
import { useFormatter } from '../../format/use-formatter';
import type { AccountEventType, EventActor } from '../../graphql/generated/graphql';

const eventLabel: Record<AccountEventType, MessageDescriptor> = {
  SIGNED_IN: msg`Signed in`,
  SIGNED_OUT: msg`Signed out`,
  SESSION_REVOKED: msg`Session revoked`,
  WALLET_LINKED: msg`Wallet linked`,
  WALLET_UNLINKED: msg`Wallet unlinked`,
  APP_AUTHORIZED: msg`App authorized`,
  APP_REVOKED: msg`App access revoked`,
  ROLES_CHANGED: msg`Roles changed`,
  ACCOUNT_SUSPENDED: msg`Account suspended`,
  PASSKEY_ADDED: msg`Passkey added`,
  PASSKEY_REMOVED: msg`Passkey removed`,
};

/**
 * Who acted, when it was not one of the account's own sessions: the event
 * then carries this tab's own session (schema: `AccountEvent.session`), which
 * says nothing about the change.
 */
const actorLabel: Record<Exclude<EventActor, 'SELF'>, MessageDescriptor> = {
  ADMINISTRATOR: msg`By an administrator`,
  RULES_CHECK: msg`By the access rules`,
};

/** What happens to the account while this page is open, as it happens. */
export function EventsFeed({ events }: { events: readonly AccountEvent[] }) {
  const { dateTime: formatDateTime } = useFormatter();
  const { i18n } = useLingui();
  return (
    <section className="card" aria-labelledby="events-title">
      <h2 id="events-title">
        <Trans>Live activity</Trans>
      </h2>
      <p className="muted">
        <Trans>Sign-ins and sign-outs on any device appear here as they happen.</Trans>
      </p>
      <ol className="rows" data-testid="events-feed" aria-live="polite">
        {events.map((event) => (
          <li
            key={`${event.at}:${event.type}:${event.session.id}`}
            className="row"
            data-testid="event-item"
            data-event-type={event.type}
          >
            <div className="row-text">
              <p className="row-title">
                {i18n._(eventLabel[event.type])}
                {event.app ? `: ${event.app.name}` : null}
                {event.actor === 'SELF' && event.session.current ? (
                  <span className="tag">
                    <Trans>This device</Trans>
                  </span>
                ) : null}
              </p>
              <p className="row-meta">
                {event.actor === 'SELF'
                  ? describeUserAgent(event.session.userAgent)
                  : i18n._(actorLabel[event.actor])}{' '}
                · {formatDateTime(event.at)}
              </p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
