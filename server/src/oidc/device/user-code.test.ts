import { describe, expect, it } from 'vitest';
import { formatUserCode, normalizeUserCode } from './user-code.js';

describe('user codes', () => {
  it('reads a code without regard to case, dashes or spaces', () => {
    for (const typed of ['WDJB-MJHT', 'wdjb-mjht', 'wdjbmjht', ' WDJB MJHT ', 'Wd-Jb-Mj-Ht']) {
      expect(normalizeUserCode(typed)).toBe('WDJBMJHT');
    }
  });

  it('refuses what cannot be a code: vowels, digits, another length, a long text', () => {
    for (const typed of ['WDJA-MJHT', 'WDJB-MJH1', 'WDJB-MJH', 'WDJB-MJHTB', '', 'B'.repeat(100)]) {
      expect(normalizeUserCode(typed)).toBeUndefined();
    }
  });

  it('shows a code as XXXX-XXXX', () => {
    expect(formatUserCode('WDJBMJHT')).toBe('WDJB-MJHT');
  });
});
