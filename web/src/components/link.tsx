import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigate } from '../app/navigate';
import { usePathname } from '../app/use-pathname';

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

function isPlainLeftClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** An ordinary link (open in new tab works) that navigates in place on a plain click. */
export function Link({ to, onClick, ...rest }: LinkProps) {
  const pathname = usePathname();
  return (
    <a
      {...rest}
      href={to}
      aria-current={pathname === to ? 'page' : undefined}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainLeftClick(event)) return;
        event.preventDefault();
        navigate(to);
      }}
    />
  );
}
