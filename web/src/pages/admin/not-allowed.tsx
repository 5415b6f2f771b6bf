import { Trans, useLingui } from '@lingui/react/macro';
import { PageHeading } from '../page-heading';

/** What a signed-in viewer without `admin` sees at /admin: nothing of the console, one plain sentence. */
export function NotAllowed() {
  const { t } = useLingui();
  return (
    <section className="page" aria-labelledby="page-title">
      <PageHeading>{t`Not allowed`}</PageHeading>
      <p>
        <Trans>This page is only for the administrators of this Sigil.</Trans>
      </p>
    </section>
  );
}
