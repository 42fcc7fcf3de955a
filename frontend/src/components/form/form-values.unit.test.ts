import { describe, expect, it } from 'vitest';
import { optionalText, rupeesFromInput } from './form-values';

describe('rupeesFromInput', () => {
  it('reads rupees with grouping commas and decimals', () => {
    expect(rupeesFromInput('2000')).toBe(2000);
    expect(rupeesFromInput(' 1,999.50 ')).toBe(1999.5);
    expect(rupeesFromInput('1,00,000')).toBe(100000);
    expect(rupeesFromInput('.5')).toBe(0.5);
    expect(rupeesFromInput('-5')).toBe(-5); // the contract says it cannot be negative
  });
  it('leaves a blank field to the contract’s default', () => {
    expect(rupeesFromInput('')).toBeUndefined();
    expect(rupeesFromInput('   ')).toBeUndefined();
  });
  it('passes anything else on as NaN, for the contract to reject', () => {
    expect(rupeesFromInput('abc')).toBeNaN();
    expect(rupeesFromInput('1e3')).toBeNaN();
  });
});

describe('optionalText', () => {
  it('turns an empty or blank field into "not given"', () => {
    expect(optionalText('')).toBeUndefined();
    expect(optionalText('  ')).toBeUndefined();
    expect(optionalText('Pune')).toBe('Pune');
  });
});
