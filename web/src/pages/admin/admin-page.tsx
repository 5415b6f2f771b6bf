import { useQuery } from '@apollo/client';
import { Trans, useLingui } from '@lingui/react/macro';
import { Route, Switch } from 'wouter';
import { useSession } from '../../auth/session-context';
import { SignInPrompt } from '../../components/sign-in-prompt';
import { AdminGateDocument } from '../../graphql/generated/graphql';
import { PageHeading } from '../page-heading';
import { AccountView } from './account/account-view';
import { AccountsView } from './accounts/accounts-view';
import { AdminNav } from './admin-nav';
import { adminPatterns } from './admin-paths';
import { AuditLogView } from './audit-log/audit-log-view';
import { NotAllowed } from './not-allowed';
import { OverviewView } from './overview/overview-view';
import { consoleRefusalOf, serverMessageOf } from './read-admin-error';
import { WebhooksView } from './webhooks/webhooks-view';
// The console's own styles, in its chunk: pages that are not the console never load them.
import './admin.css';
import { ConsoleError } from './console-error';
import { ConsoleLoading } from './console-loading';

// The console's words, loaded by lazyPage (app/lazy-page.tsx) before its first render.
export { adminCatalogue as cataloguePart } from './admin-catalogue';

/**
 * The operator's console (docs/web-app.md, "The console"): only for an account holding
 * `admin`. The server decides: one `admin` query before any view, so a viewer it refuses
 * sees "Not allowed" and nothing of the console.
 */
export default function AdminPage() {
  const { t } = useLingui();
  const { status } = useSession();
  if (status === 'loading') {
    return (
      <section className="page" aria-labelledby="page-title">
        <PageHeading>{t`Administration`}</PageHeading>
        <p className="muted" role="status">
          <Trans>Checking your session…</Trans>
        </p>
      </section>
    );
  }
  if (status === 'unauthenticated') return <SignInFirst />;
  return <AdminConsole />;
}

function SignInFirst() {
  const { t } = useLingui();
  return (
    <section className="page" aria-labelledby="page-title">
      <PageHeading>{t`Administration`}</PageHeading>
      <SignInPrompt />
    </section>
  );
}

function AdminConsole() {
  const { t } = useLingui();
  // Nothing of the console is kept in the persisted cache: it is other people's data.
  const gate = useQuery(AdminGateDocument, { fetchPolicy: 'no-cache' });
  const refusal = consoleRefusalOf(gate.error);
  if (refusal === 'forbidden') return <NotAllowed />;
  if (refusal === 'unauthenticated') return <SignInFirst />;
  if (gate.loading || (!gate.data?.admin && !gate.error)) {
    return (
      <section className="page" aria-labelledby="page-title">
        <PageHeading>{t`Administration`}</PageHeading>
        <ConsoleLoading />
      </section>
    );
  }
  if (gate.error) {
    return (
      <section className="page" aria-labelledby="page-title">
        <PageHeading>{t`Administration`}</PageHeading>
        <ConsoleError message={serverMessageOf(gate.error)} />
        <div className="actions">
          <button type="button" className="button" onClick={() => gate.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </div>
      </section>
    );
  }
  return (
    <div className="page admin-console">
      <AdminNav />
      <Switch>
        <Route path={adminPatterns.overview} component={OverviewView} />
        <Route path={adminPatterns.accounts} component={AccountsView} />
        <Route path={adminPatterns.account}>{({ id }) => <AccountView id={id} />}</Route>
        <Route path={adminPatterns.auditLog} component={AuditLogView} />
        <Route path={adminPatterns.webhooks} component={WebhooksView} />
        <Route>
          <section className="page" aria-labelledby="page-title">
            <PageHeading title={t`Page not found`}>{t`This page does not exist`}</PageHeading>
            <p>
              <Trans>The console has no such view.</Trans>
            </p>
          </section>
        </Route>
      </Switch>
    </div>
  );
}
