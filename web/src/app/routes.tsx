import { Trans } from '@lingui/react/macro';
import { Suspense } from 'react';
// wouter: about 2 kB gzip where React Router or TanStack Router would add 26 to 30 kB to a
// first visit, and it types a route's parameters from its pattern (docs/web-app.md, "Pages and links";
// docs/decisions/wouter-router.md).
import { Route, Switch, useLocation } from 'wouter';
import type { RouteDefinition } from './define-route';
import { ErrorBoundary } from './error-boundary';
import { NotFoundPage, routeTable } from './route-table';

// Each definition was checked against its own pattern by defineRoute; here they are only listed.
const routes: readonly RouteDefinition[] = Object.values(routeTable) as readonly RouteDefinition[];

/** The page for the current path; a failing page shows the generic error, not a blank screen. */
export function Routes() {
  const [location] = useLocation();
  return (
    <ErrorBoundary resetKey={location}>
      <Suspense
        fallback={
          <p className="page muted" role="status">
            <Trans>Loading…</Trans>
          </p>
        }
      >
        <Switch>
          {routes.map(({ path, page }) => (
            <Route key={path} path={path} component={page} />
          ))}
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </ErrorBoundary>
  );
}
