import { Trans, useLingui } from '@lingui/react/macro';
import { pathTo } from '../app/path-to';
import { Link } from '../components/link';
import { PageHeading } from './page-heading';

export default function NotFoundPage() {
  const { t } = useLingui();
  return (
    <section className="page" aria-labelledby="page-title">
      <PageHeading title={t`Page not found`}>{t`This page does not exist`}</PageHeading>
      <p>
        <Trans>The address may be mistyped, or the page has moved.</Trans>
      </p>
      <div className="actions">
        <Link className="button" to={pathTo('home')}>
          <Trans>Back to home</Trans>
        </Link>
      </div>
    </section>
  );
}
