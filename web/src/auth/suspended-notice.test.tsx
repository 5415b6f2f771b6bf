import type { Locale } from '@sigil/locales';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFormatter } from '../format/create-formatter';
import { activateLocale } from '../i18n/activate-locale';
import { withLocale } from '../test/render-in-locale';
import { describeSuspensionEnd } from './describe-suspension-end';
import { createSignInActivity } from './sign-in-activity';
import { SignInActivityContext } from './sign-in-activity-context';
import { SuspendedNotice } from './suspended-notice';

function renderNotice(locale?: Locale) {
  const activity = createSignInActivity();
  render(
    <SignInActivityContext.Provider value={activity}>
      <SuspendedNotice />
    </SignInActivityContext.Provider>,
    locale ? { wrapper: withLocale(locale) } : undefined,
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

  it("says the hour, in UTC, of a suspension that does not end at a day's start", () => {
    const activity = renderNotice();
    act(() =>
      activity.accountSuspended({ reason: 'Spam links', until: '2027-01-15T14:30:00.000Z' }),
    );
    expect(screen.getByRole('alert').querySelector('p')?.textContent).toBe(
      'This account is suspended until Jan 15, 2027, 2:30 PM UTC.',
    );
    expect(screen.getByRole('alert').querySelector('strong')?.textContent).toBe(
      'This account is suspended',
    );
  });

  describe('in Japanese', () => {
    beforeEach(() => activateLocale('ja-JP'));
    afterEach(() => activateLocale('en-US'));

    it('says it as one sentence, ordered and ended as Japanese does', () => {
      const activity = renderNotice('ja-JP');
      act(() =>
        activity.accountSuspended({ reason: 'Spam links', until: '2026-12-03T00:00:00.000Z' }),
      );
      const day = createFormatter('ja-JP').date('2026-12-03T00:00:00.000Z', { timeZone: 'UTC' });
      expect(screen.getByRole('alert').querySelector('p')?.textContent).toBe(
        `このアカウントは${day}まで停止されています。`,
      );
    });

    it('has its own sentence for a suspension without an end', () => {
      const activity = renderNotice('ja-JP');
      act(() => activity.accountSuspended({ reason: 'Spam links', until: null }));
      expect(screen.getByRole('alert').querySelector('p')?.textContent).toBe(
        'このアカウントは管理者が解除するまで停止されています。',
      );
    });
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
