import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DeviceRequestCard } from './device-request-card';

const login = {
  userCode: 'WDJB-MJHT',
  clientId: 'tv-app',
  name: 'Living-room TV',
  scopes: ['openid', 'wallets'],
  requestedAt: '2026-12-07T05:00:00.000Z',
  expiresAt: '2026-12-07T05:10:00.000Z',
};

describe('DeviceRequestCard', () => {
  it('names the app and the code, says what it will receive, and warns against codes sent by others', () => {
    render(<DeviceRequestCard login={login} busy={false} onApprove={() => {}} onDeny={() => {}} />);
    const card = screen.getByTestId('device-request');
    expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe(
      'Living-room TV wants to sign in with your account',
    );
    expect(screen.getByTestId('device-user-code').textContent).toBe('WDJB-MJHT');
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('data-scope')),
    ).toEqual(['openid', 'wallets']);
    expect(screen.getByRole('note').textContent).toMatch(/^Approve only a code you asked for/);
  });

  it('answers Approve and Deny, and not while busy', () => {
    const onApprove = vi.fn();
    const onDeny = vi.fn();
    const { rerender } = render(
      <DeviceRequestCard login={login} busy={false} onApprove={onApprove} onDeny={onDeny} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    fireEvent.click(screen.getByRole('button', { name: 'Deny' }));
    expect(onApprove).toHaveBeenCalledOnce();
    expect(onDeny).toHaveBeenCalledOnce();
    rerender(<DeviceRequestCard login={login} busy onApprove={onApprove} onDeny={onDeny} />);
    expect(screen.getByRole('button', { name: 'Approve' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Deny' }).hasAttribute('disabled')).toBe(true);
  });
});
