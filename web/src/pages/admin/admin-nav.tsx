import { useLocation, Link as WouterLink } from 'wouter';
import { type AdminView, adminPath } from './admin-paths';

const views: { view: Exclude<AdminView, 'account'>; label: string }[] = [
  { view: 'overview', label: 'Overview' },
  { view: 'accounts', label: 'Accounts' },
  { view: 'auditLog', label: 'Audit log' },
  { view: 'webhooks', label: 'Webhooks' },
];

/** The console's views as links; the one shown (an account counts as "Accounts") is marked current. */
export function AdminNav() {
  const [location] = useLocation();
  const here = location.toLowerCase().replace(/\/+$/, '') || '/';
  return (
    <nav aria-label="Administration" className="admin-nav">
      {views.map(({ view, label }) => {
        const to = adminPath(view);
        const current =
          view === 'overview' ? here === to : here === to || here.startsWith(`${to}/`);
        return (
          <WouterLink key={view} to={to} aria-current={current ? 'page' : undefined}>
            {label}
          </WouterLink>
        );
      })}
    </nav>
  );
}
