import type { ReactNode } from 'react';
import { ConnectPlaceholder } from './connect-placeholder';

function StatusPlaceholder({ label }: { label: string }) {
  return (
    <p className="status-chip" data-state="loading">
      <span className="status-dot" aria-hidden="true" />
      <span className="status-label">{label}</span> <span>Checking…</span>
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
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <div className="header-row">
          <a href="/" className="brand">
            <span className="brand-mark" aria-hidden="true" />
            Sigil
          </a>
          <nav aria-label="Main" className="main-nav">
            <a href="/">Home</a>
            <a href="/account">Account</a>
            <a href="/verify">Verify</a>
          </nav>
          <div className="wallet-button">
            <ConnectPlaceholder />
          </div>
        </div>
        <section className="status-row" aria-label="Connection and session">
          <StatusPlaceholder label="Wallet" />
          <StatusPlaceholder label="Session" />
        </section>
      </header>
      <main id="main" className="app-main">
        {children}
      </main>
      <footer className="app-footer">
        <p>
          Sigil · Sign-In with Ethereum (EIP-4361). Your signature proves ownership; it never moves
          funds.
        </p>
      </footer>
    </>
  );
}
