import { describe, expect, it } from 'vitest';
import { paiseToRupees, rupeesToPaise } from './money.ts';

describe('paise and rupees: one rounding rule', () => {
  it('converts two-decimal rupees exactly, float noise included', () => {
    expect(rupeesToPaise(19.99)).toBe(1999);
    expect(rupeesToPaise(1180)).toBe(118000);
    expect(rupeesToPaise(0.07)).toBe(7);
    expect(rupeesToPaise(1.005)).toBe(100); // 1.005 is 1.00499… in binary: below the half, so down
  });
  it('rounds a half paisa up', () => {
    expect(rupeesToPaise(0.125)).toBe(13);
    expect(rupeesToPaise(-0.125)).toBe(-12);
  });
  it('reads paise as pg returns them', () => {
    expect(paiseToRupees(118000)).toBe(1180);
    expect(paiseToRupees('5619')).toBe(56.19);
    expect(paiseToRupees(5619n)).toBe(56.19);
    expect(paiseToRupees(0)).toBe(0);
  });
  it('round-trips every paisa of a day’s takings', () => {
    for (let p = 0; p < 100_000; p += 7) expect(rupeesToPaise(paiseToRupees(p))).toBe(p);
  });
});
