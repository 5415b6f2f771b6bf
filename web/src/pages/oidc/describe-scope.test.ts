import { describe, expect, it } from 'vitest';
import { describeScope } from './describe-scope';

describe('describeScope', () => {
  it('says in words what the roles scope lets an app learn', () => {
    expect(describeScope('roles')).toBe(
      'Your roles: those your wallets earn by what they hold, and any an administrator gave you',
    );
  });

  it('names a scope it does not know by its own name', () => {
    expect(describeScope('email')).toBe('email');
  });
});
