import type { ReactNode } from 'react';

/**
 * The page's h1 as PageHeading (pages/page-heading.tsx) draws it, without its
 * effects: the first paint must neither take focus nor count as the visit's
 * first page, so the app's own heading behaves as on any page load.
 */
export function FirstPaintHeading({ children }: { children: ReactNode }) {
  return (
    <h1 id="page-title" tabIndex={-1} className="page-title">
      {children}
    </h1>
  );
}
