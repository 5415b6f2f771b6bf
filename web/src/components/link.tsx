import type { AnchorHTMLAttributes } from 'react';
import { useLocation, Link as WouterLink } from 'wouter';

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A path inside the app; build it with `pathTo`. */
  to: string;
};

/**
 * A real `<a href>`: focusable, announced as a link, opens in a new tab with a
 * modifier key or the context menu. A plain click (or Enter) navigates in place
 * through the router; the link to the current page says so with `aria-current`.
 */
export function Link({ to, ...rest }: LinkProps) {
  const [location] = useLocation();
  return <WouterLink {...rest} to={to} aria-current={location === to ? 'page' : undefined} />;
}
