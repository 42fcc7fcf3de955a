import { describe, expect, it } from 'vitest';
import { referralCodeOf } from './referral-code.ts';

describe('referralCodeOf', () => {
  it('is the code members have been handed out (8 characters of Crockford base 32 from the id), the same every time', () => {
    // Pinned: members share these codes; the rule moving to the kit must not change one of them.
    expect(referralCodeOf('0192f3a4-5b6c-7d8e-9f01-23456789abcd')).toBe('C8ET002J');
    expect(referralCodeOf('00000000-0000-0000-0000-000000000001')).toBe('SYXMA84Y');
    expect(referralCodeOf('0192f3a4-5b6c-7d8e-9f01-23456789abcd')).toBe(referralCodeOf('0192f3a4-5b6c-7d8e-9f01-23456789abcd'));
    expect(referralCodeOf('00000000-0000-0000-0000-000000000002')).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
  });
});
