import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useLocation, Link as WouterLink } from 'wouter';
import { type AdminView, adminPath } from './admin-paths';

const views: { view: Exclude<AdminView, 'account'>; label: MessageDescriptor }[] = [
  { view: 'overview', label: msg`Overview` },
  { view: 'accounts', label: msg`Accounts` },
  { view: 'auditLog', label: msg`Audit log` },
  { view: 'webhooks', label: msg`Webhooks` },
];

/** The console's views as links; the one shown (an account counts as "Accounts") is marked current. */
export function AdminNav() {
  const { i18n } = useLingui();
  const [location] = useLocation();
  const here = location.toLowerCase().replace(/\/+$/, '') || '/';
  return (
    <nav aria-label={i18n._(msg`Administration`)} className="admin-nav">
      {views.map(({ view, label }) => {
        const to = adminPath(view);
        const current =
          view === 'overview' ? here === to : here === to || here.startsWith(`${to}/`);
        return (
          <WouterLink key={view} to={to} aria-current={current ? 'page' : undefined}>
            {i18n._(label)}
          </WouterLink>
        );
      })}
    </nav>
  );
}
