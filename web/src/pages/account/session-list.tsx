import { describeUserAgent } from '../../components/describe-user-agent';
import { shortAddress } from '../../components/short-address';
import { useFormatter } from '../../format/use-formatter';
import type { SessionFieldsFragment } from '../../graphql/generated/graphql';

export type SessionListProps = {
  sessions: readonly SessionFieldsFragment[];
  chainName(chainId: number): string;
  onRevoke(sessionId: string): void;
  revokingId: string | null;
  revokeFailed: boolean;
};

/** The account's live sessions; this device's is marked, every other one can be revoked. */
export function SessionList({
  sessions,
  chainName,
  onRevoke,
  revokingId,
  revokeFailed,
}: SessionListProps) {
  const { dateTime: formatDateTime } = useFormatter();
  return (
    <section className="card" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Sessions</h2>
      {revokeFailed ? (
        <p className="inline-error" role="alert">
          The session could not be revoked. Please try again.
        </p>
      ) : null}
      <ul className="rows" data-testid="sessions-list">
        {sessions.map((session) => {
          const descriptionId = `session-${session.id}-description`;
          return (
            <li
              key={session.id}
              className="row"
              data-testid="session-item"
              data-current={session.current ? 'true' : undefined}
            >
              <div id={descriptionId} className="row-text">
                <p className="row-title">
                  {describeUserAgent(session.userAgent)}
                  {session.current ? <span className="tag">This device</span> : null}
                </p>
                <p className="row-meta">
                  Signed in {formatDateTime(session.createdAt)} with{' '}
                  <span title={session.address}>{shortAddress(session.address)}</span> on{' '}
                  {chainName(session.chainId)} · last seen {formatDateTime(session.lastSeenAt)} ·
                  expires {formatDateTime(session.expiresAt)}
                </p>
              </div>
              {session.current ? null : (
                <button
                  type="button"
                  className="button button-danger"
                  aria-describedby={descriptionId}
                  disabled={revokingId !== null}
                  aria-busy={revokingId === session.id}
                  onClick={() => onRevoke(session.id)}
                >
                  Revoke
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
