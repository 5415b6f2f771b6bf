import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { describeUserAgent } from '../../components/describe-user-agent';
import { shortAddress } from '../../components/short-address';
import { useFormatter } from '../../format/use-formatter';
import type { SessionFieldsFragment } from '../../graphql/generated/graphql';

export type SessionListProps = {
  sessions: readonly SessionFieldsFragment[];
  /** The chain a sign-in named, in words (`describeChain`). */
  chainLabel(item: { chain: string; chainId?: number | null }): string;
  onRevoke(sessionId: string): void;
  revokingId: string | null;
  revokeFailed: boolean;
};

/** The account's live sessions; this device's is marked, every other one can be revoked. */
export function SessionList({
  sessions,
  chainLabel,
  onRevoke,
  revokingId,
  revokeFailed,
}: SessionListProps) {
  const { dateTime: formatDateTime } = useFormatter();
  // The device names below are words of the page's language too.
  useLingui();
  return (
    <section className="card" aria-labelledby="sessions-title">
      <h2 id="sessions-title">
        <Trans>Sessions</Trans>
      </h2>
      {revokeFailed ? (
        <p className="inline-error" role="alert">
          <Trans>The session could not be revoked. Please try again.</Trans>
        </p>
      ) : null}
      <ul className="rows" data-testid="sessions-list">
        {sessions.map((session) => {
          const descriptionId = `session-${session.id}-description`;
          const createdAt = formatDateTime(session.createdAt);
          const lastSeenAt = formatDateTime(session.lastSeenAt);
          const expiresAt = formatDateTime(session.expiresAt);
          // A passkey's session has no wallet or chain (docs/passkeys.md): its passkey is named instead.
          const chain = session.chain ? chainLabel({ ...session, chain: session.chain }) : '';
          const address = session.address ? shortAddress(session.address) : '';
          const passkeyName = session.passkey?.name ?? '';
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
                  {session.current ? (
                    <span className="tag">
                      <Trans>This device</Trans>
                    </span>
                  ) : null}
                </p>
                <p className="row-meta" data-method={session.method}>
                  {session.method === 'PASSKEY' ? (
                    // A passkey's session has no wallet or chain: the passkey that opened it instead.
                    <Trans>
                      Signed in {createdAt} with the passkey{' '}
                      <strong data-testid="session-passkey">{passkeyName}</strong> · last seen{' '}
                      {lastSeenAt} · expires {expiresAt}
                    </Trans>
                  ) : (
                    <Trans>
                      Signed in {createdAt} with{' '}
                      <span title={session.address ?? undefined}>{address}</span> on {chain} · last
                      seen {lastSeenAt} · expires {expiresAt}
                    </Trans>
                  )}
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
                  <Trans>Revoke</Trans>
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
