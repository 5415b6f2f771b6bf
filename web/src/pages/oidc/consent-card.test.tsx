import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConsentCard } from './consent-card';
import type { InteractionDetails } from './interaction-api';

const details: InteractionDetails = {
  uid: 'u1',
  client: { clientId: 'wiki', name: 'Team Wiki', redirectHost: 'wiki.example' },
  scopes: ['openid', 'wallets'],
  claims: ['sub', 'wallets'],
  signedIn: true,
  remembered: false,
};

describe('ConsentCard', () => {
  it('names the app, the host it sends the person back to, and what it will receive', () => {
    render(<ConsentCard details={details} onAllow={() => {}} onDeny={() => {}} busy={false} />);
    const card = screen.getByTestId('consent');
    expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe(
      'Team Wiki wants to sign you in with Sigil',
    );
    expect(screen.getByTestId('redirect-host').textContent).toBe('wiki.example');
    expect(
      within(screen.getByTestId('consent-claims'))
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('data-scope')),
    ).toEqual(['openid', 'wallets']);
  });

  it('answers Allow and Deny, once each, and not while busy', () => {
    const onAllow = vi.fn();
    const onDeny = vi.fn();
    const { rerender } = render(
      <ConsentCard details={details} onAllow={onAllow} onDeny={onDeny} busy={false} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Allow' }));
    fireEvent.click(screen.getByRole('button', { name: 'Deny' }));
    expect(onAllow).toHaveBeenCalledOnce();
    expect(onDeny).toHaveBeenCalledOnce();
    rerender(<ConsentCard details={details} onAllow={onAllow} onDeny={onDeny} busy />);
    expect(screen.getByRole('button', { name: 'Allow' }).hasAttribute('disabled')).toBe(true);
  });
});
