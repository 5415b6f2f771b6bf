import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { getAddress, isAddress } from 'viem';
import { HOME_HEADING, HomeIntro } from '../pages/home/home-intro';
import { VERIFY_HEADING, VerifyIntro } from '../pages/verify/verify-intro';
import { PasskeySignInLabel } from '../passkeys/passkey-sign-in-label';
import { requestPasskeySignIn } from '../passkeys/pending-passkey-sign-in';
import { EARLY_CLICK } from './early-clicks';
import { FirstPaintHeading } from './first-paint-heading';
import { FirstPaintProfile } from './first-paint-profile';
import { requestConnect } from './pending-connect';

/** The checksummed address of a `/u/<address>` path, as the page reads it; null for any other path. */
export function profileAddressOf(path: string): string | null {
  const match = /^\/u\/([^/]+)\/?$/i.exec(path);
  const address = match?.[1] ? decodeURIComponent(match[1]) : null;
  return address !== null && isAddress(address, { strict: false }) ? getAddress(address) : null;
}

function FirstPaintVerify() {
  const { i18n } = useLingui();
  return (
    <section className="page" aria-labelledby="page-title">
      <VerifyIntro heading={<FirstPaintHeading>{i18n._(VERIFY_HEADING)}</FirstPaintHeading>} />
    </section>
  );
}

/**
 * What a page shows before the wallet stack has loaded: the real content of
 * `/`, `/verify` and `/u/<address>`; nothing for the pages that need a wallet
 * or a session (docs/web-app.md, "First-visit delivery").
 */
export function FirstPaintPage({ path }: { path: string }) {
  const { i18n } = useLingui();
  const normalised = path.replace(/\/+$/, '').toLowerCase() || '/';
  if (normalised === '/') {
    return (
      <HomeIntro
        heading={<FirstPaintHeading>{i18n._(HOME_HEADING)}</FirstPaintHeading>}
        action={
          <>
            <button
              type="button"
              className="button"
              onClick={requestConnect}
              data-early-click={EARLY_CLICK.connect}
            >
              <Trans>Get started</Trans>
            </button>
            {/* The app's PasskeySignIn, as it first renders: the same box, the click kept. */}
            <div className="passkey-sign-in">
              <button
                type="button"
                className="button button-secondary"
                onClick={requestPasskeySignIn}
                data-early-click={EARLY_CLICK.passkey}
              >
                <PasskeySignInLabel />
              </button>
            </div>
          </>
        }
      />
    );
  }
  if (normalised === '/verify') return <FirstPaintVerify />;
  const address = profileAddressOf(path);
  if (address !== null) return <FirstPaintProfile address={address} />;
  return null;
}
