import { useQuery } from '@apollo/client';
import { Link } from 'wouter';
import { describeSuspensionEnd } from '../../../auth/describe-suspension-end';
import { describeUserAgent } from '../../../components/describe-user-agent';
import { shortAddress } from '../../../components/short-address';
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
        <PageHeading title="Administration: account">Account</PageHeading>
        {loading ? (
          <ConsoleLoading />
        ) : (
          <>
            <ConsoleError message={error && serverMessageOf(error)} />
            {error ? null : <p>There is no account with this id.</p>}
          </>
        )}
        <p>
          <Link to={adminPath('accounts')}>Back to accounts</Link>
        </p>
      </section>
    );
  }
  const label = account.profile.displayName ?? shortAddress(account.address);
  return (
    <section className="page" aria-labelledby="page-title">
      <PageHeading title={`Administration: ${label}`}>{label}</PageHeading>
      <p>
        <Link to={adminPath('accounts')}>Back to accounts</Link>
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
      <Details account={account} />
      <Dialogs account={account} label={label} actions={actions} />
    </section>
  );
}

function Summary({ account, actions }: { account: AdminAccount; actions: AccountActions }) {
  const { suspension } = account;
  return (
    <section className="card" aria-labelledby="account-summary">
      <h2 id="account-summary">Account</h2>
      <dl className="admin-facts">
        <dt>Id</dt>
        <dd>
          <code data-testid="admin-account-id">{account.id}</code>
        </dd>
        <dt>Primary address</dt>
        <dd>
          <code className="address">{account.address}</code>
        </dd>
        <dt>Created</dt>
        <dd>{when(account.createdAt)}</dd>
        <dt>Public profile</dt>
        <dd>{account.profile.public ? 'Yes' : 'No'}</dd>
        <dt>Suspension</dt>
        <dd data-testid="admin-suspension">
          {suspension ? (
            <>
              <span className="admin-tag admin-tag-suspended">Suspended</span> since{' '}
              {when(suspension.at)}, {describeSuspensionEnd(suspension.until)}
              {suspension.by ? (
                <>
                  , by{' '}
                  <Link to={adminPath('account', { id: suspension.by })}>
                    <code>{suspension.by}</code>
                  </Link>
                </>
              ) : null}
              . Reason: “{suspension.reason}”
            </>
          ) : (
            'Not suspended'
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
            Lift suspension
          </button>
        ) : (
          <button
            type="button"
            className="button button-danger"
            onClick={() => actions.ask({ kind: 'suspend' })}
          >
            Suspend
          </button>
        )}
        <button
          type="button"
          className="button button-secondary"
          onClick={() => actions.ask({ kind: 'end-sessions' })}
        >
          End all sessions
        </button>
      </div>
    </section>
  );
}

function Roles({ account, actions }: { account: AdminAccount; actions: AccountActions }) {
  return (
    <section className="card" aria-labelledby="account-roles">
      <h2 id="account-roles">Roles</h2>
      {account.roles.length === 0 ? <p className="muted">No roles.</p> : null}
      <ul className="rows">
        {account.roles.map((role) => (
          <li key={role} className="row">
            <span className="row-title">{role}</span>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => actions.ask({ kind: 'revoke-role', role })}
              aria-label={`Revoke role ${role}`}
            >
              Revoke
            </button>
          </li>
        ))}
      </ul>
      <p className="muted admin-hint">
        Roles from the access rules follow what the account holds; revoking one of them is refused.
      </p>
      <div className="actions">
        <button
          type="button"
          className="button"
          onClick={() => actions.ask({ kind: 'grant-role' })}
        >
          Grant role
        </button>
      </div>
    </section>
  );
}

function Details({ account }: { account: AdminAccount }) {
  return (
    <>
      <section className="card" aria-labelledby="account-wallets">
        <h2 id="account-wallets">Wallets</h2>
        <PlainTable
          caption="Wallets"
          headers={['Address', 'Kind', 'Chain', 'Primary', 'Public', 'Linked', 'Last sign-in']}
          empty="No wallets."
          rows={account.wallets.map((wallet) => ({
            key: `${wallet.address}:${wallet.chainId ?? 'any'}`,
            cells: [
              <code key="address">{wallet.address}</code>,
              wallet.kind,
              wallet.chainId ?? 'any',
              wallet.primary ? 'Yes' : 'No',
              wallet.public ? 'Yes' : 'No',
              when(wallet.linkedAt),
              when(wallet.lastSignInAt),
            ],
          }))}
        />
      </section>
      <section className="card" aria-labelledby="account-sessions">
        <h2 id="account-sessions">Sessions</h2>
        <PlainTable
          caption="Sessions"
          headers={['Device', 'Wallet', 'Chain', 'Started', 'Last seen', 'Ends']}
          empty="No live sessions."
          rows={account.sessions.map((session) => ({
            key: session.id,
            cells: [
              describeUserAgent(session.userAgent),
              <code key="address" title={session.address}>
                {shortAddress(session.address)}
              </code>,
              session.chainId,
              when(session.createdAt),
              when(session.lastSeenAt),
              when(session.expiresAt),
            ],
          }))}
        />
      </section>
      <section className="card" aria-labelledby="account-sign-ins">
        <h2 id="account-sign-ins">Recent sign-ins</h2>
        <PlainTable
          caption="Recent sign-ins"
          headers={['When', 'Wallet', 'Kind', 'Chain', 'Device']}
          empty="No sign-ins."
          rows={account.signIns.edges.map(({ node }) => ({
            key: node.id,
            cells: [
              when(node.at),
              <code key="address" title={node.address}>
                {shortAddress(node.address)}
              </code>,
              node.walletKind,
              node.chainId,
              describeUserAgent(node.userAgent),
            ],
          }))}
        />
      </section>
      <section className="card" aria-labelledby="account-apps">
        <h2 id="account-apps">Connected apps</h2>
        <PlainTable
          caption="Connected apps"
          headers={['App', 'Client id', 'Scopes', 'Granted', 'Last used']}
          empty="No connected apps."
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
  const { pending, busy, error } = actions;
  const revoking = pending?.kind === 'revoke-role' ? pending.role : null;
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
        title={`Lift the suspension of ${label}?`}
        confirmLabel="Lift suspension"
        busy={busy}
        error={error}
        onConfirm={actions.unsuspend}
        onCancel={actions.cancel}
      >
        <p>
          The account can sign in again at once. Its ended sessions and revoked apps stay ended.
        </p>
      </ConfirmActionDialog>
      <ConfirmActionDialog
        open={pending?.kind === 'end-sessions'}
        title={`End every session of ${label}?`}
        confirmLabel="End all sessions"
        danger
        busy={busy}
        error={error}
        onConfirm={actions.endSessions}
        onCancel={actions.cancel}
      >
        <p>
          {account.sessions.length} live {account.sessions.length === 1 ? 'session' : 'sessions'}{' '}
          end now; the account can sign in again.
        </p>
      </ConfirmActionDialog>
      <ConfirmActionDialog
        open={revoking !== null}
        title={`Revoke the role ${revoking ?? ''}?`}
        confirmLabel="Revoke role"
        danger
        busy={busy}
        error={error}
        onConfirm={() => (revoking ? actions.revokeRole(revoking) : undefined)}
        onCancel={actions.cancel}
      >
        <p>
          {label} loses <strong>{revoking}</strong> now.
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
