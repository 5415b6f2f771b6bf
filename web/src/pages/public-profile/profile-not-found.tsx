import { Trans, useLingui } from '@lingui/react/macro';
import { pathTo } from '../../app/path-to';
import { Link } from '../../components/link';
import { PageHeading } from '../page-heading';

/** An address with no public profile looks the same whether the account exists or not. */
export function ProfileNotFound() {
  const { t } = useLingui();
  return (
    <section className="page" aria-labelledby="page-title" data-testid="profile-not-found">
      <PageHeading title={t`Profile not found`}>{t`No public profile here`}</PageHeading>
      <p>
        <Trans>
          This address has no public profile: it may be mistyped, or its owner has not made their
          profile public.
        </Trans>
      </p>
      <div className="actions">
        <Link className="button" to={pathTo('home')}>
          <Trans>Back to home</Trans>
        </Link>
      </div>
    </section>
  );
}
