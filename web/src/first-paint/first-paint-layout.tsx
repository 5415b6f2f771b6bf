import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { LanguageMenu } from '../i18n/language-menu';
import { ConnectPlaceholder } from './connect-placeholder';
import { TakeEarlyClicks } from './early-clicks';
import { EarlyWalletList } from './early-wallet-list';

function StatusPlaceholder({ label }: { label: string }) {
  return (
    <p className="status-chip" data-state="loading">
      <span className="status-dot" aria-hidden="true" />
      <span className="status-label">{label}</span>{' '}
      <span>
        <Trans>Checking…</Trans>
      </span>
    </p>
  );
}

/**
 * AppLayout (app/app-layout.tsx) as it looks before the wallet stack has
 * loaded: the same header, navigation and footer, the Connect button's
 * placeholder and the two statuses as "Checking…", around the first-paint
 * page. Links are plain `<a href>`: a click before the router exists loads the
 * page. Keep its boxes in step with AppLayout's, or the page moves when it is
 * replaced (docs/web-app.md, "First-visit delivery").
 */
export function FirstPaintLayout({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  return (
    <>
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <header className="app-header">
        <div className="header-row">
          <a href="/" className="brand">
            <span className="brand-mark" aria-hidden="true" />
            Sigil
          </a>
          <nav aria-label={t`Main`} className="main-nav">
            <a href="/">
              <Trans>Home</Trans>
            </a>
            <a href="/account">
              <Trans>Account</Trans>
            </a>
            <a href="/verify">
              <Trans>Verify</Trans>
            </a>
          </nav>
          <LanguageMenu />
          <div className="wallet-button">
            <ConnectPlaceholder />
          </div>
        </div>
        <section className="status-row" aria-label={t`Connection and session`}>
          <StatusPlaceholder label={t`Wallet`} />
          <StatusPlaceholder label={t`Session`} />
        </section>
      </header>
      <EarlyWalletList />
      <main id="main" className="app-main">
        {children}
      </main>
      <footer className="app-footer">
        <p>
          <Trans>
            Sigil · Sign-In with Ethereum (EIP-4361). Your signature proves ownership; it never
            moves funds.
          </Trans>
        </p>
      </footer>
      <TakeEarlyClicks />
    </>
  );
}
