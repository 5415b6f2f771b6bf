import { useEffect, useRef } from 'react';

/** The first page of a visit keeps focus at the top of the document, as any page load does. */
let visitStarted = false;

/**
 * The page's h1. On arrival it sets the document title and, after an in-app navigation,
 * takes focus, so keyboard and screen-reader users land on the new page rather than on
 * the link they left.
 */
export function PageHeading({ children, title }: { children: string; title?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const documentTitle = title ?? children;
  useEffect(() => {
    document.title = `${documentTitle} · Sigil`;
    if (visitStarted) ref.current?.focus();
    visitStarted = true;
  }, [documentTitle]);
  return (
    <h1 ref={ref} id="page-title" tabIndex={-1} className="page-title">
      {children}
    </h1>
  );
}
