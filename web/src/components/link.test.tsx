import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Link } from './link';

beforeEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('Link', () => {
  it('is an anchor with its href: focusable by keyboard and announced as a link', () => {
    render(<Link to="/account">Account</Link>);
    const link = screen.getByRole('link', { name: 'Account' });
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe('/account');
    link.focus();
    expect(document.activeElement).toBe(link);
  });

  it('navigates in place on a plain click, without loading a document', () => {
    render(<Link to="/account">Account</Link>);
    const notPrevented = fireEvent.click(screen.getByRole('link', { name: 'Account' }));
    expect(notPrevented).toBe(false);
    expect(window.location.pathname).toBe('/account');
  });

  it('leaves a click with a modifier key to the browser (a new tab or window)', () => {
    render(<Link to="/account">Account</Link>);
    const link = screen.getByRole('link', { name: 'Account' });
    for (const modifier of ['ctrlKey', 'metaKey', 'shiftKey', 'altKey'] as const) {
      expect(fireEvent.click(link, { [modifier]: true })).toBe(true);
    }
    expect(fireEvent.click(link, { button: 1 })).toBe(true);
    expect(window.location.pathname).toBe('/');
  });

  it('marks the link to the current page with aria-current, and follows navigation', () => {
    render(
      <>
        <Link to="/">Home</Link>
        <Link to="/account">Account</Link>
      </>,
    );
    const home = screen.getByRole('link', { name: 'Home' });
    const account = screen.getByRole('link', { name: 'Account' });
    expect(home.getAttribute('aria-current')).toBe('page');
    expect(account.getAttribute('aria-current')).toBeNull();
    act(() => window.history.pushState(null, '', '/account'));
    expect(home.getAttribute('aria-current')).toBeNull();
    expect(account.getAttribute('aria-current')).toBe('page');
  });

  it("still runs the caller's own click handler", () => {
    let clicks = 0;
    render(
      <Link to="/account" onClick={() => clicks++}>
        Account
      </Link>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Account' }));
    expect(clicks).toBe(1);
  });
});
