import { useQuery } from '@apollo/client';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { describeSuspensionEnd } from '../../../auth/describe-suspension-end';
import { describeUserAgent } from '../../../components/describe-user-agent';
import { shortAddress } from '../../../components/short-address';
import { useFormatter } from '../../../format/use-formatter';
import { AdminAccountDocument, type AdminAccountQuery } from '../../../graphql/generated/graphql';
import { PageHeading } from '../../page-heading';
import { adminPath } from '../admin-paths';
import { ConfirmActionDialog } from '../confirm-action-dialog';
import { ConsoleError } from '../console-error';
import { ConsoleLoading } from '../console-loading';
import { ConsoleTime } from '../console-time';
import { PlainTable } from '../plain-table';
import { serverMessageOf } from '../read-admin-error';
import { GrantRoleDialog } from './grant-role-dialog';
import { SuspendDialog } from './suspend-dialog';
import { type AccountActions, useAccountActions } from './use-account-actions';

type AdminAccount = NonNullable<NonNullable<AdminAccountQuery['admin']>['account']>;

const when = (value: string | null | undefined) => <ConsoleTime value={value} />;

/** One account as an administrator sees it, with what an administrator can do to it. */
export function AccountView({ id }: { id: string }) {
  const { t } = useLingui();
  const { data, error, loading, refetch } = useQuery(AdminAccountDocument, {
    variables: { id },
    fetchPolicy: 'no-cache',
    notifyOnNetworkStatusChange: false,
  });
  const account = data?.admin?.account;
  const actions = useAccountActions(id, () => refetch());
  if (!account) {
    return (
      <section className="page" aria-labelledby="page-title">
        <PageHeading title={t`Administration: account`}>{t`Account`}</PageHeading>
        {loading ? (
          <ConsoleLoading />
        ) : (
          <>
            <ConsoleError message={error && serverMessageOf(error)} />
            {error ? null : (
              <p>
                <Trans>There is no account with this id.</Trans>
              </p>
            )}
          </>
        )}
        <p>
          <Link to={adminPath('accounts')}>
            <Trans>Back to accounts</Trans>
          </Link>
        </p>
      </section>
    );
  }
  const label = account.profile.displayName ?? shortAddress(account.address);
  return (
    <section className="page" aria-labelledby="page-title">
      <PageHeading title={t`Administration: ${label}`}>{label}</PageHeading>
      <p>
        <Link to={adminPath('accounts')}>
          <Trans>Back to accounts</Trans>
        </Link>
      </p>
      <p className="visually-hidden" role="status">
        {actions.done ?? ''}
      </p>
      {actions.done ? (
        <p className="admin-done" aria-hidden="true">
          {actions.done}
        </p>
      ) : null}
      <Summary account={account} actions={actions} />
      <Roles account={account} actions={actions} />
      <Details account={account} actions={actions} />
      <Dialogs account={account} label={label} actions={actions} />
    </section>
  );
}

function Summary({ account, actions }: { account: AdminAccount; actions: AccountActions }) {
  const { suspension } = account;
  const since = when(suspension?.at);
  const format = useFormatter();
  const end = describeSuspensionEnd(suspension?.until, format);
  const reason = suspension?.reason;
  return (
    <section className="card" aria-labelledby="account-summary">
      <h2 id="account-summary">
        <Trans>Account</Trans>
      </h2>
      <dl className="admin-facts">
        <dt>
          <Trans>Id</Trans>
        </dt>
        <dd>
          <code data-testid="admin-account-id">{account.id}</code>
        </dd>
        <dt>
          <Trans>Primary address</Trans>
        </dt>
        <dd>
          <code className="address">{account.address}</code>
        </dd>
        <dt>
          <Trans>Created</Trans>
        </dt>
        <dd>{when(account.createdAt)}</dd>
        <dt>
          <Trans>Public profile</Trans>
        </dt>
        <dd>{account.profile.public ? <Trans>Yes</Trans> : <Trans>No</Trans>}</dd>
        <dt>
          <Trans>Suspension</Trans>
        </dt>
        <dd data-testid="admin-suspension">
          {suspension ? (
            <>
              <span className="admin-tag admin-tag-suspended">
                <Trans>Suspended</Trans>
              </span>{' '}
              {suspension.by ? (
                <Trans>
                  since {since}, {end}, by{' '}
                  <Link to={adminPath('account', { id: suspension.by })}>
                    <code>{suspension.by}</code>
                  </Link>
                  . Reason: “{reason}”
                </Trans>
              ) : (
                <Trans>
                  since {since}, {end}. Reason: “{reason}”
                </Trans>
              )}
            </>
          ) : (
            <Trans>Not suspended</Trans>
          )}
        </dd>
      </dl>
      <div className="actions">
        {suspension ? (
          <button
            type="button"
            className="button"
            onClick={() => actions.ask({ kind: 'unsuspend' })}
          >
            <Trans>Lift suspension</Trans>
          </button>
        ) : (
          <button
            type="button"
            className="button button-danger"
            onClick={() => actions.ask({ kind: 'suspend' })}
          >
            <Trans>Suspend</Trans>
          </button>
        )}
        <button
          type="button"
          className="button button-secondary"
          onClick={() => actions.ask({ kind: 'end-sessions' })}
        >
          <Trans>End all sessions</Trans>
        </button>
      </div>
    </section>
  );
}

function Roles({ account, actions }: { account: AdminAccount; actions: AccountActions }) {
  const { t } = useLingui();
  return (
    <section className="card" aria-labelledby="account-roles">
      <h2 id="account-roles">
        <Trans>Roles</Trans>
      </h2>
      {account.roles.length === 0 ? (
        <p className="muted">
          <Trans>No roles.</Trans>
        </p>
      ) : null}
      <ul className="rows">
        {account.roles.map((role) => (
          <li key={role} className="row">
            <span className="row-title">{role}</span>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => actions.ask({ kind: 'revoke-role', role })}
              aria-label={t`Revoke role ${role}`}
            >
              <Trans>Revoke</Trans>
            </button>
          </li>
        ))}
      </ul>
      <p className="muted admin-hint">
        <Trans>
          Roles from the access rules follow what the account holds; revoking one of them is
          refused.
        </Trans>
      </p>
      <div className="actions">
        <button
          type="button"
          className="button"
          onClick={() => actions.ask({ kind: 'grant-role' })}
        >
          <Trans>Grant role</Trans>
        </button>
      </div>
    </section>
  );
}

function Details({ account, actions }: { account: AdminAccount; actions: AccountActions }) {
  const { t } = useLingui();
  const yesNo = (value: boolean) => (value ? t`Yes` : t`No`);
  return (
    <>
      <section className="card" aria-labelledby="account-wallets">
        <h2 id="account-wallets">
          <Trans>Wallets</Trans>
        </h2>
        <PlainTable
          caption={t`Wallets`}
          headers={[
            t`Address`,
            t`Kind`,
            t`Chain`,
            t`Primary`,
            t`Public`,
            t`Linked`,
            t`Last sign-in`,
          ]}
          empty={t`No wallets.`}
          rows={account.wallets.map((wallet) => ({
            key: `${wallet.address}:${wallet.chainId ?? 'any'}`,
            cells: [
              <code key="address">{wallet.address}</code>,
              wallet.kind,
              wallet.chainId ??
                t({ message: 'any', comment: 'The chain of an EOA wallet: every chain.' }),
              yesNo(wallet.primary),
              yesNo(wallet.public),
              when(wallet.linkedAt),
              when(wallet.lastSignInAt),
            ],
          }))}
        />
      </section>
      <section className="card" aria-labelledby="account-passkeys" data-testid="admin-passkeys">
        <h2 id="account-passkeys">
          <Trans>Passkeys</Trans>
        </h2>
        <PlainTable
          caption={t`Passkeys`}
          headers={[t`Name`, t`Backed up`, t`Authenticator`, t`Added`, t`Last used`, t`Actions`]}
          empty={t`No passkeys.`}
          rows={account.passkeys.map((passkey) => ({
            key: passkey.id,
            cells: [
              passkey.name,
              passkey.backedUp ? t`Synced` : t`This device only`,
              passkey.authenticator ?? t`Unknown`,
              when(passkey.createdAt),
              when(passkey.lastUsedAt),
              <button
                key="remove"
                type="button"
                className="button button-danger"
                onClick={() =>
                  actions.ask({
                    kind: 'remove-passkey',
                    passkey: { id: passkey.id, name: passkey.name },
                  })
                }
              >
                <Trans>Remove</Trans>
              </button>,
            ],
          }))}
        />
      </section>
      <section className="card" aria-labelledby="account-sessions">
        <h2 id="account-sessions">
          <Trans>Sessions</Trans>
        </h2>
        <PlainTable
          caption={t`Sessions`}
          headers={[t`Device`, t`Wallet`, t`Chain`, t`Started`, t`Last seen`, t`Ends`]}
          empty={t`No live sessions.`}
          rows={account.sessions.map((session) => ({
            key: session.id,
            cells: [
              describeUserAgent(session.userAgent),
              // A passkey's session has no wallet: the passkey that opened it instead.
              session.method === 'PASSKEY' ? (
                t`Passkey: ${session.passkey?.name ?? ''}`
              ) : (
                <code key="address" title={session.address ?? undefined}>
                  {session.address ? shortAddress(session.address) : null}
                </code>
              ),
              session.chainId,
              when(session.createdAt),
              when(session.lastSeenAt),
              when(session.expiresAt),
            ],
          }))}
        />
      </section>
      <section className="card" aria-labelledby="account-sign-ins">
        <h2 id="account-sign-ins">
          <Trans>Recent sign-ins</Trans>
        </h2>
        <PlainTable
          caption={t`Recent sign-ins`}
          headers={[t`When`, t`Wallet`, t`Kind`, t`Chain`, t`Device`]}
          empty={t`No sign-ins.`}
          rows={account.signIns.edges.map(({ node }) => ({
            key: node.id,
            cells: [
              when(node.at),
              node.method === 'PASSKEY' ? (
                t`Passkey: ${node.passkey?.name ?? ''}`
              ) : (
                <code key="address" title={node.address ?? undefined}>
                  {node.address ? shortAddress(node.address) : null}
                </code>
              ),
              node.walletKind,
              node.chainId,
              describeUserAgent(node.userAgent),
            ],
          }))}
        />
      </section>
      <section className="card" aria-labelledby="account-apps">
        <h2 id="account-apps">
          <Trans>Connected apps</Trans>
        </h2>
        <PlainTable
          caption={t`Connected apps`}
          headers={[t`App`, t`Client id`, t`Scopes`, t`Granted`, t`Last used`]}
          empty={t`No connected apps.`}
          rows={account.connectedApps.map((app) => ({
            key: app.clientId,
            cells: [
              app.name,
              <code key="client">{app.clientId}</code>,
              app.scopes.join(' '),
              when(app.grantedAt),
              when(app.lastUsedAt),
            ],
          }))}
        />
      </section>
    </>
  );
}

function Dialogs({
  account,
  label,
  actions,
}: {
  account: AdminAccount;
  label: string;
  actions: AccountActions;
}) {
  const { t } = useLingui();
  const { pending, busy, error } = actions;
  const sessions = account.sessions.length;
  const revoking = pending?.kind === 'revoke-role' ? pending.role : null;
  const revokingName = revoking ?? '';
  const removing = pending?.kind === 'remove-passkey' ? pending.passkey : null;
  const removingName = removing?.name ?? '';
  return (
    <>
      <SuspendDialog
        open={pending?.kind === 'suspend'}
        accountLabel={label}
        busy={busy}
        error={error}
        onSubmit={actions.suspend}
        onCancel={actions.cancel}
      />
      <ConfirmActionDialog
        open={pending?.kind === 'unsuspend'}
        title={t`Lift the suspension of ${label}?`}
        confirmLabel={t`Lift suspension`}
        busy={busy}
        error={error}
        onConfirm={actions.unsuspend}
        onCancel={actions.cancel}
      >
        <p>
          <Trans>
            The account can sign in again at once. Its ended sessions and revoked apps stay ended.
          </Trans>
        </p>
      </ConfirmActionDialog>
      <ConfirmActionDialog
        open={pending?.kind === 'end-sessions'}
        title={t`End every session of ${label}?`}
        confirmLabel={t`End all sessions`}
        danger
        busy={busy}
        error={error}
        onConfirm={actions.endSessions}
        onCancel={actions.cancel}
      >
        <p>
          <Plural
            value={sessions}
            one="# live session ends now; the account can sign in again."
            other="# live sessions end now; the account can sign in again."
          />
        </p>
      </ConfirmActionDialog>
      <ConfirmActionDialog
        open={revoking !== null}
        title={t`Revoke the role ${revokingName}?`}
        confirmLabel={t`Revoke role`}
        danger
        busy={busy}
        error={error}
        onConfirm={() => (revoking ? actions.revokeRole(revoking) : undefined)}
        onCancel={actions.cancel}
      >
        <p>
          <Trans>
            {label} loses <strong>{revokingName}</strong> now.
          </Trans>
        </p>
      </ConfirmActionDialog>
      <ConfirmActionDialog
        open={removing !== null}
        title={t`Remove the passkey ${removingName}?`}
        confirmLabel={t`Remove passkey`}
        danger
        busy={busy}
        error={error}
        onConfirm={() => (removing ? actions.removePasskey(removing) : undefined)}
        onCancel={actions.cancel}
      >
        <p>
          <Trans>
            <strong>{removingName}</strong> no longer signs in to {label}, and every session it
            opened ends now, on every device.
          </Trans>
        </p>
      </ConfirmActionDialog>
      <GrantRoleDialog
        open={pending?.kind === 'grant-role'}
        busy={busy}
        error={error}
        onSubmit={actions.grantRole}
        onCancel={actions.cancel}
      />
    </>
  );
}
