import { describe, expect, it } from 'vitest';
import { integerFromInput, optionalDate } from './form-numbers';

describe('number inputs', () => {
  it('reads blank as not given, numbers as numbers and anything else as not a number', () => {
    expect(integerFromInput('  ')).toBeUndefined();
    expect(integerFromInput(' 12 ')).toBe(12);
    expect(integerFromInput('-1')).toBe(-1);
    expect(integerFromInput('2.5')).toBe(2.5);
    expect(integerFromInput('ten')).toBeNaN();
  });
  it('reads a blank date as none', () => {
    expect(optionalDate('')).toBeNull();
    expect(optionalDate('2027-01-31')).toBe('2027-01-31');
  });
});
