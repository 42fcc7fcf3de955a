import { describe, expect, it } from 'vitest';
import { carouselEnds, clampIndex, stepIndex } from './carousel';
import { formatMoney, formatNumber } from '../../../lib/format';
import { formatCost, formatPaise, groupIndian } from './price';

describe('formatPaise', () => {
  it('shows whole rupees en-IN with the rupee sign', () => {
    expect(formatPaise(0)).toBe('₹0');
    expect(formatPaise(99_900)).toBe('₹999');
    expect(formatPaise(199_900)).toBe('₹1,999');
    expect(formatPaise(500_000)).toBe('₹5,000');
    expect(formatPaise(1_000_000)).toBe('₹10,000');
  });
  it('groups lakhs the Indian way', () => {
    expect(formatPaise(9_000_000)).toBe('₹90,000');
    expect(formatPaise(15_000_000)).toBe('₹1,50,000');
  });
  it('rounds stray paise to whole rupees', () => {
    expect(formatPaise(199_949)).toBe('₹1,999');
    expect(formatPaise(199_950)).toBe('₹2,000');
  });
});

describe('groupIndian', () => {
  it('agrees with Intl en-IN on whole numbers', () => {
    for (const n of [0, 7, 42, 999, 1000, 12345, 99999, 100000, 1234567, 12345678, 123456789, -1500]) expect(groupIndian(n)).toBe(formatNumber(n));
  });
  it('agrees with formatMoney for whole rupees', () => {
    for (const rupees of [0, 999, 1999, 5000, 10000, 18501, 90000, 150000]) expect(formatPaise(rupees * 100)).toBe(formatMoney(rupees));
  });
});

describe('formatCost', () => {
  it('marks a lower bound with a plus', () => {
    expect(formatCost({ amountPaise: 5_000_000, orMore: true })).toBe('₹50,000+');
    expect(formatCost({ amountPaise: 2_050_000, orMore: false })).toBe('₹20,500');
  });
});

describe('carousel index', () => {
  it('stays between the first and the last image', () => {
    expect(clampIndex(-1, 6)).toBe(0);
    expect(clampIndex(9, 6)).toBe(5);
    expect(clampIndex(3, 6)).toBe(3);
    expect(clampIndex(0, 0)).toBe(0);
  });
  it('moves by one and stops at the ends', () => {
    expect(stepIndex(0, -1, 6)).toBe(0);
    expect(stepIndex(0, 1, 6)).toBe(1);
    expect(stepIndex(5, 1, 6)).toBe(5);
    expect(stepIndex(4, 1, 6)).toBe(5);
  });
  it('disables previous on the first image and next on the last', () => {
    expect(carouselEnds(0, 6)).toEqual({ canPrevious: false, canNext: true });
    expect(carouselEnds(2, 6)).toEqual({ canPrevious: true, canNext: true });
    expect(carouselEnds(5, 6)).toEqual({ canPrevious: true, canNext: false });
    expect(carouselEnds(0, 1)).toEqual({ canPrevious: false, canNext: false });
  });
});
