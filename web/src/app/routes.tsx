import { lazy, Suspense } from 'react';
import { ErrorBoundary } from './error-boundary';
import { usePathname } from './use-pathname';

// Each page is its own chunk: a first visit downloads only the page it opens.
const HomePage = lazy(() => import('../pages/home-page'));
const AccountPage = lazy(() => import('../pages/account-page'));
const NotFoundPage = lazy(() => import('../pages/not-found-page'));

function normalize(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** The page for the current path; a failing page shows the generic error, not a blank screen. */
export function Routes() {
  const pathname = normalize(usePathname());
  const Page = pathname === '/' ? HomePage : pathname === '/account' ? AccountPage : NotFoundPage;
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense
        fallback={
          <p className="page muted" role="status">
            Loading…
          </p>
        }
      >
        <Page />
      </Suspense>
    </ErrorBoundary>
  );
}
