import { useConnectModal } from '@rainbow-me/rainbowkit';
import { pathTo } from '../app/path-to';
import { useSession } from '../auth/session-context';
import { Link } from '../components/link';
import { HOME_HEADING, HomeIntro } from './home/home-intro';
import { PageHeading } from './page-heading';

export default function HomePage() {
  const { status } = useSession();
  const { openConnectModal } = useConnectModal();
  return (
    <HomeIntro
      heading={<PageHeading title="Sign in with your wallet">{HOME_HEADING}</PageHeading>}
      action={
        status === 'authenticated' ? (
          <Link className="button" to={pathTo('account')}>
            Go to your account
          </Link>
        ) : (
          <button
            type="button"
            className="button"
            onClick={openConnectModal}
            disabled={!openConnectModal}
          >
            Get started
          </button>
        )
      }
    />
  );
}
