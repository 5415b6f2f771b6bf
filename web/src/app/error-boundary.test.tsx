import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary';

function Broken({ broken }: { broken: boolean }): React.ReactNode {
  if (broken) throw new Error('view failed');
  return <p>All good</p>;
}

/** Fails until the test repairs it. */
const flaky = { broken: true };
function Flaky() {
  return <Broken broken={flaky.broken} />;
}

describe('ErrorBoundary', () => {
  it('shows exactly "Oops, something went wrong!" instead of a blank page', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Broken broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Oops, something went wrong!',
    );
  });

  it('offers a way back home', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Broken broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });

  it('lets the person try the view again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    flaky.broken = true;
    const { container } = render(
      <ErrorBoundary>
        <Flaky />
      </ErrorBoundary>,
    );
    flaky.broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(container.textContent).toBe('All good');
  });

  it('gives the view another chance when the reset key changes (a navigation)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { container, rerender } = render(
      <ErrorBoundary resetKey="/account">
        <Broken broken />
      </ErrorBoundary>,
    );
    rerender(
      <ErrorBoundary resetKey="/">
        <Broken broken={false} />
      </ErrorBoundary>,
    );
    expect(container.textContent).toBe('All good');
  });

  it('renders its children when nothing fails', () => {
    render(
      <ErrorBoundary>
        <Broken broken={false} />
      </ErrorBoundary>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
