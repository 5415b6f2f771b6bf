import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuthStatus } from './auth-status';
import { AuthStatusBadge } from './auth-status-badge';

describe('AuthStatusBadge', () => {
  it.each<[AuthStatus, string]>([
    ['loading', 'Checking…'],
    ['unauthenticated', 'Not signed in'],
    ['authenticated', 'Signed in'],
  ])('says "%s" in plain words: "%s", keeping the state name for tests', (status, words) => {
    render(<AuthStatusBadge status={status} />);
    const chip = screen.getByTestId('auth-status');
    expect(chip.textContent).toBe(words);
    expect(chip.dataset.status).toBe(status);
  });

  it('says "Signing in…" while the server verifies a signature', () => {
    render(<AuthStatusBadge status="unauthenticated" signingIn />);
    const chip = screen.getByTestId('auth-status');
    expect(chip.textContent).toBe('Signing in…');
    expect(chip.dataset.status).toBe('unauthenticated');
  });

  it('says "Signed in" once signed in, even while a verification is still reported', () => {
    render(<AuthStatusBadge status="authenticated" signingIn />);
    expect(screen.getByTestId('auth-status').textContent).toBe('Signed in');
  });
});
