import { useConnectModal } from '@rainbow-me/rainbowkit';
import { pathTo } from '../app/path-to';
import { useSession } from '../auth/session-context';
import { Link } from '../components/link';
import { PageHeading } from './page-heading';

export default function HomePage() {
  const { status } = useSession();
  const { openConnectModal } = useConnectModal();
  return (
    <section className="page home" aria-labelledby="page-title">
      <PageHeading title="Sign in with your wallet">Your wallet is your sign-in</PageHeading>
      <p className="lead">
        Sigil signs you in with Sign-In with Ethereum (EIP-4361): you connect a wallet and sign a
        short message that proves the account is yours. No password, no email, no transaction and no
        fee. You stay signed in until you sign out, and you can see and end every session.
      </p>
      <ol className="steps">
        <li>
          <strong>Connect</strong> a browser wallet, a mobile wallet or a hardware wallet.
        </li>
        <li>
          <strong>Sign</strong> one message; the server checks the signature and the nonce in it.
        </li>
        <li>
          <strong>See your account</strong>: sessions on every device, sign-in history, live
          activity.
        </li>
      </ol>
      <div className="actions">
        {status === 'authenticated' ? (
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
        )}
      </div>
    </section>
  );
}
