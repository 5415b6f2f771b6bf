import { pathTo } from '../../app/path-to';
import { Link } from '../../components/link';
import { PageHeading } from '../page-heading';

/** An address with no public profile looks the same whether the account exists or not. */
export function ProfileNotFound() {
  return (
    <section className="page" aria-labelledby="page-title" data-testid="profile-not-found">
      <PageHeading title="Profile not found">No public profile here</PageHeading>
      <p>
        This address has no public profile: it may be mistyped, or its owner has not made their
        profile public.
      </p>
      <div className="actions">
        <Link className="button" to={pathTo('home')}>
          Back to home
        </Link>
      </div>
    </section>
  );
}
