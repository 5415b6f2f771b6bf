import { Trans } from '@lingui/react/macro';
import type { CursorPages } from './use-cursor-pages';

export type PagerProps = {
  pages: CursorPages;
  /** The shown page's `pageInfo`; null before the first answer. */
  pageInfo: { hasNextPage: boolean; endCursor?: string | null } | null;
  /** What the pages hold, for the accessible name: "Accounts pages". */
  label: string;
};

/** "Previous" and "Next" under a table, and which page this is. */
export function Pager({ pages, pageInfo, label }: PagerProps) {
  const endCursor = pageInfo?.hasNextPage ? pageInfo.endCursor : null;
  return (
    <nav className="admin-pager" aria-label={label}>
      <button
        type="button"
        className="button button-secondary"
        disabled={!pages.hasPrevious}
        onClick={pages.previous}
      >
        <Trans>Previous</Trans>
      </button>
      <span className="muted" aria-live="polite">
        <Trans>Page {pages.pageNumber}</Trans>
      </span>
      <button
        type="button"
        className="button button-secondary"
        disabled={!endCursor}
        onClick={() => endCursor && pages.next(endCursor)}
      >
        <Trans>Next</Trans>
      </button>
    </nav>
  );
}
