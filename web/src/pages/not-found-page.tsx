import { pathTo } from '../app/path-to';
import { Link } from '../components/link';
import { PageHeading } from './page-heading';

export default function NotFoundPage() {
  return (
    <section className="page" aria-labelledby="page-title">
      <PageHeading title="Page not found">This page does not exist</PageHeading>
      <p>The address may be mistyped, or the page has moved.</p>
      <div className="actions">
        <Link className="button" to={pathTo('home')}>
          Back to home
        </Link>
      </div>
    </section>
  );
}
