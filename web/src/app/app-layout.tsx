import { Trans, useLingui } from '@lingui/react/macro';
import { ConnectButton } from '@rainbow-me/rainbowkit';
import { useAccount } from 'wagmi';
import { AuthStatusBadge } from '../auth/auth-status-badge';
import { RateLimitNotice } from '../auth/rate-limit-notice';
import { useSession } from '../auth/session-context';
import { useSignInActivity } from '../auth/sign-in-activity-context';
import { SignOutButton } from '../auth/sign-out-button';
import { SuspendedNotice } from '../auth/suspended-notice';
import { Link } from '../components/link';
import { LanguageMenu } from '../i18n/language-menu';
import { SolanaSignInButton } from '../solana/solana-sign-in-button';
import { ConnectionStatus } from '../wallet/connection-status';
import { useWrongNetwork } from '../wallet/use-wrong-network';
import { WrongNetwork } from '../wallet/wrong-network';
import { ConsoleLink } from './console-link';
import { pathTo } from './path-to';
import { Routes } from './routes';
import { useRuntimeConfig } from './runtime-config-context';

/** Header (navigation, wallet, the two statuses), the wrong-network banner, the page. */
export function AppLayout() {
  const { status: walletStatus } = useAccount();
  const session = useSession();
  const { verifying } = useSignInActivity();
  const { isWrongNetwork, ...wrongNetwork } = useWrongNetwork();
  // Whether the server takes Solana sign-ins (`SOLANA_CLUSTERS`), from /api/config, which
  // every visit loads anyway: no request of its own (docs/web-app.md, "Solana wallets").
  const solanaEnabled = useRuntimeConfig().solanaSignIn;
  const { t } = useLingui();
  return (
    <>
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <header className="app-header">
        <div className="header-row">
          <Link to={pathTo('home')} className="brand">
            <span className="brand-mark" aria-hidden="true" />
            Sigil
          </Link>
          <nav aria-label={t`Main`} className="main-nav">
            <Link to={pathTo('home')}>
              <Trans>Home</Trans>
            </Link>
            <Link to={pathTo('account')}>
              <Trans>Account</Trans>
            </Link>
            <Link to={pathTo('verify')}>
              <Trans>Verify</Trans>
            </Link>
            {session.account ? <ConsoleLink key={session.account.id} /> : null}
          </nav>
          <LanguageMenu />
          {/* data-solana: whether the server takes Solana sign-ins (from /api/config). */}
          <div className="wallet-button" data-solana={solanaEnabled ? 'on' : 'off'}>
            {solanaEnabled ? <SolanaSignInButton /> : null}
            <ConnectButton
              // With the wallet connected and no session (after a sign-out, a refused signature)
              // the button opens the sign-in view: it says so, as the status line beside it says
              // "Connected" (docs/web-app.md, "Status in words").
              // Else RainbowKit loads its own words for a locale after it has mounted: until then
              // its button would say "Connect Wallet" in English. Ours are RainbowKit's, from the entry.
              label={
                walletStatus === 'connected'
                  ? t`Sign in`
                  : t({
                      message: 'Connect Wallet',
                      comment:
                        "RainbowKit's own words for its button in this locale (its connect_wallet.label): RainbowKit's button replaces this one",
                    })
              }
              // The chain as its icon only: RainbowKit names its chain button "Chain Selector",
              // and a visible chain name beside that would not be part of the button's name
              // (axe's label-content-name-mismatch, WCAG 2.5.3).
              chainStatus="icon"
              accountStatus={{ smallScreen: 'avatar', largeScreen: 'full' }}
              showBalance={{ smallScreen: false, largeScreen: true }}
            />
          </div>
        </div>
        <section className="status-row" aria-label={t`Connection and session`}>
          <ConnectionStatus status={walletStatus} />
          <AuthStatusBadge status={session.status} signingIn={verifying} />
          {session.status === 'authenticated' ? <SignOutButton /> : null}
        </section>
      </header>
      <main id="main" className="app-main">
        {/* On a chain Sigil does not enable nothing else can go on: switch or disconnect first. */}
        {isWrongNetwork ? <WrongNetwork {...wrongNetwork} /> : <Routes />}
      </main>
      <RateLimitNotice />
      <SuspendedNotice />
      <footer className="app-footer">
        <p>
          <Trans>
            Sigil · Sign-In with Ethereum (EIP-4361). Your signature proves ownership; it never
            moves funds.
          </Trans>
        </p>
      </footer>
    </>
  );
}
