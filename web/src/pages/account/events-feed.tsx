import type { AccountEvent } from '../../auth/account-events-context';
import { describeUserAgent } from '../../components/describe-user-agent';
import { useFormatter } from '../../format/use-formatter';
import type { AccountEventType, EventActor } from '../../graphql/generated/graphql';

const eventLabel: Record<AccountEventType, string> = {
  SIGNED_IN: 'Signed in',
  SIGNED_OUT: 'Signed out',
  SESSION_REVOKED: 'Session revoked',
  WALLET_LINKED: 'Wallet linked',
  WALLET_UNLINKED: 'Wallet unlinked',
  APP_AUTHORIZED: 'App authorized',
  APP_REVOKED: 'App access revoked',
  ROLES_CHANGED: 'Roles changed',
  ACCOUNT_SUSPENDED: 'Account suspended',
};

/**
 * Who acted, when it was not one of the account's own sessions: the event
 * then carries this tab's own session (schema: `AccountEvent.session`), which
 * says nothing about the change.
 */
const actorLabel: Record<Exclude<EventActor, 'SELF'>, string> = {
  ADMINISTRATOR: 'By an administrator',
  RULES_CHECK: 'By the access rules',
};

/** What happens to the account while this page is open, as it happens. */
export function EventsFeed({ events }: { events: readonly AccountEvent[] }) {
  const { dateTime: formatDateTime } = useFormatter();
  return (
    <section className="card" aria-labelledby="events-title">
      <h2 id="events-title">Live activity</h2>
      <p className="muted">Sign-ins and sign-outs on any device appear here as they happen.</p>
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
                {eventLabel[event.type]}
                {event.app ? `: ${event.app.name}` : null}
                {event.actor === 'SELF' && event.session.current ? (
                  <span className="tag">This device</span>
                ) : null}
              </p>
              <p className="row-meta">
                {event.actor === 'SELF'
                  ? describeUserAgent(event.session.userAgent)
                  : actorLabel[event.actor]}{' '}
                · {formatDateTime(event.at)}
              </p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
