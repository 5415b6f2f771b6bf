import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { AuditAction } from '../../../graphql/generated/schema-enums';
import { auditActionWords, describeAuditAction } from './audit-action-words';

describe('describeAuditAction', () => {
  it('has words of its own for every action of the schema', () => {
    const words = Object.values(AuditAction).map((action) => describeAuditAction(i18n, action));
    expect(new Set(words).size).toBe(Object.values(AuditAction).length);
    expect(words.filter((word, index) => word === Object.values(AuditAction)[index])).toEqual([]);
    expect(Object.keys(auditActionWords).sort()).toEqual(Object.values(AuditAction).sort());
  });

  it('says a refused sign-in and a linked wallet as a person would', () => {
    expect(describeAuditAction(i18n, 'sign_in_refused')).toBe('Sign-in refused');
    expect(describeAuditAction(i18n, 'wallet_linked')).toBe('Wallet linked');
  });

  it('shows an action this build does not know as it came', () => {
    expect(describeAuditAction(i18n, 'account_merged')).toBe('account_merged');
    expect(describeAuditAction(i18n, 'constructor')).toBe('constructor');
  });
});
