import { Trans, useLingui } from '@lingui/react/macro';
import { useConnectModal } from '@rainbow-me/rainbowkit';
import { pathTo } from '../app/path-to';
import { useSession } from '../auth/session-context';
import { Link } from '../components/link';
import { HOME_HEADING, HomeIntro } from './home/home-intro';
import { PageHeading } from './page-heading';

export default function HomePage() {
  const { status } = useSession();
  const { openConnectModal } = useConnectModal();
  const { t, i18n } = useLingui();
  return (
    <HomeIntro
      heading={
        <PageHeading title={t`Sign in with your wallet`}>{i18n._(HOME_HEADING)}</PageHeading>
      }
      action={
        status === 'authenticated' ? (
          <Link className="button" to={pathTo('account')}>
            <Trans>Go to your account</Trans>
          </Link>
        ) : (
          <button
            type="button"
            className="button"
            onClick={openConnectModal}
            disabled={!openConnectModal}
          >
            <Trans>Get started</Trans>
          </button>
        )
      }
    />
  );
}
