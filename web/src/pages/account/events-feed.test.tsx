import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AccountEvent } from '../../auth/account-events-context';
import { EventsFeed } from './events-feed';

const ownSession = {
  __typename: 'Session' as const,
  method: 'WALLET' as const,
  passkey: null,
  id: 'ses-here',
  current: true,
  createdAt: '2026-11-21T03:00:00.000Z',
  lastSeenAt: '2026-11-21T03:00:00.000Z',
  expiresAt: '2026-12-20T10:00:00.000Z',
  chainId: 31337,
  chain: 'eip155:31337',
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; rv:128.0) Firefox/128.0',
  address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const,
};

const event = (
  type: AccountEvent['type'],
  actor: AccountEvent['actor'],
  at: string,
): AccountEvent => ({ __typename: 'AccountEvent', type, at, actor, session: ownSession });

describe('EventsFeed', () => {
  it('says who acted when it was not one of the account’s sessions, not this device', () => {
    render(
      <EventsFeed
        events={[
          event('ROLES_CHANGED', 'ADMINISTRATOR', '2026-11-21T03:46:38.000Z'),
          event('ROLES_CHANGED', 'RULES_CHECK', '2026-11-21T03:46:39.000Z'),
          event('SIGNED_IN', 'SELF', '2026-11-21T03:46:40.000Z'),
        ]}
      />,
    );
    const [byAdministrator, byRules, signedIn] = screen.getAllByTestId('event-item');
    expect(byAdministrator?.textContent).toContain('By an administrator');
    expect(byAdministrator?.textContent).not.toContain('This device');
    expect(byRules?.textContent).toContain('By the access rules');
    expect(byRules?.textContent).not.toContain('Firefox');
    expect(signedIn?.textContent).toContain('This device');
    expect(signedIn?.textContent).toContain('Firefox');
  });
});
