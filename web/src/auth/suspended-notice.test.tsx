import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFormatter } from '../format/create-formatter';
import { describeSuspensionEnd } from './describe-suspension-end';
import { createSignInActivity } from './sign-in-activity';
import { SignInActivityContext } from './sign-in-activity-context';
import { SuspendedNotice } from './suspended-notice';

function renderNotice() {
  const activity = createSignInActivity();
  render(
    <SignInActivityContext.Provider value={activity}>
      <SuspendedNotice />
    </SignInActivityContext.Provider>,
  );
  return activity;
}

describe('SuspendedNotice', () => {
  it('shows nothing until the server refuses a sign-in with ACCOUNT_SUSPENDED', () => {
    renderNotice();
    expect(screen.queryByTestId('suspended-notice')).toBeNull();
  });

  it('says the account is suspended, until when in words, and why', () => {
    const activity = renderNotice();
    act(() =>
      activity.accountSuspended({ reason: 'Spam links', until: '2026-12-03T00:00:00.000Z' }),
    );
    const notice = screen.getByRole('alert');
    expect(notice.textContent).toContain('This account is suspended until Dec 3, 2026.');
    expect(notice.textContent).toContain('Reason: Spam links');
  });

  it('says it lasts until an administrator lifts it when the suspension has no end', () => {
    const activity = renderNotice();
    act(() => activity.accountSuspended({ reason: 'Fraud', until: null }));
    expect(screen.getByRole('alert').textContent).toContain(
      'This account is suspended until an administrator lifts it.',
    );
  });

  it('goes away when dismissed', () => {
    const activity = renderNotice();
    act(() => activity.accountSuspended({ reason: 'Fraud', until: null }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('suspended-notice')).toBeNull();
    expect(activity.getSnapshot().suspended).toBeNull();
  });
});

describe('describeSuspensionEnd', () => {
  it.each([
    ['2026-12-03T00:00:00.000Z', 'until Dec 3, 2026'],
    ['2027-01-15T14:30:00.000Z', 'until Jan 15, 2027, 2:30 PM UTC'],
    [null, 'until an administrator lifts it'],
  ])('describes %s as "%s"', (until, words) => {
    expect(describeSuspensionEnd(until, createFormatter('en-US'))).toBe(words);
  });
});
