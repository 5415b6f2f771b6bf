import { PageHeading } from '../page-heading';

/** What a signed-in viewer without `admin` sees at /admin: nothing of the console, one plain sentence. */
export function NotAllowed() {
  return (
    <section className="page" aria-labelledby="page-title">
      <PageHeading>Not allowed</PageHeading>
      <p>This page is only for the administrators of this Sigil.</p>
    </section>
  );
}
