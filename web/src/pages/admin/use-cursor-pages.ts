import { useState } from 'react';

export type CursorPages = {
  /** The `after` argument of the page shown: undefined on the first page. */
  after: string | undefined;
  /** 1 on the first page. */
  pageNumber: number;
  hasPrevious: boolean;
  /** Goes to the page after the one shown, which ended at `endCursor`. */
  next(endCursor: string): void;
  previous(): void;
};

/**
 * Paging over a forward-only connection (`first`, `after`): the API has no
 * `before`, so "Previous" goes back to the cursor the earlier page started from,
 * kept here as the administrator moves forward. A new `filterKey` (another search,
 * another filter) starts again at the first page, without asking for a stale one.
 */
export function useCursorPages(filterKey: string): CursorPages {
  const [state, setState] = useState<{ key: string; starts: (string | undefined)[] }>({
    key: filterKey,
    starts: [undefined],
  });
  const starts = state.key === filterKey ? state.starts : [undefined];
  return {
    after: starts.at(-1),
    pageNumber: starts.length,
    hasPrevious: starts.length > 1,
    next: (endCursor) => setState({ key: filterKey, starts: [...starts, endCursor] }),
    previous: () =>
      setState({ key: filterKey, starts: starts.length > 1 ? starts.slice(0, -1) : starts }),
  };
}
