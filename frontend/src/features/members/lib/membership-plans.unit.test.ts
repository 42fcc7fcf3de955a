import type { TaxSettings } from '@akhada/contracts';
import { describe, expect, it } from 'vitest';
import { frequencyOfPlan, gymGstRate, memberPays } from './membership-plans';

const PUNE = '0198a3c1-0000-7000-8000-0000000000a1';
const NASHIK = '0198a3c1-0000-7000-8000-0000000000a3';
const tax: TaxSettings = {
  sacCode: '999723',
  hindiInvoices: false,
  locations: [
    { locationId: PUNE, gstRegistered: true, gstin: '27AAPFU0939F1ZV', stateCode: '27', legalName: 'Akhada', address: 'Pune', invoicePrefix: 'PUN' },
    { locationId: NASHIK, gstRegistered: false, gstin: null, stateCode: '27', legalName: 'Akhada', address: 'Nashik', invoicePrefix: 'NSK' },
  ],
};

describe('membership plans', () => {
  it('records a plan’s term with the longest period that divides it', () => {
    expect([1, 2, 3, 6, 12, 18, 24, 5].map(frequencyOfPlan)).toEqual([
      'monthly',
      'monthly',
      'quarterly',
      'quarterly',
      'annually',
      'quarterly',
      'annually',
      'monthly',
    ]);
  });

  it('charges GST at the rule’s rate of the day where the location is registered, none elsewhere', () => {
    expect(gymGstRate(tax, PUNE, '2025-09-21')).toBe(1800);
    expect(gymGstRate(tax, PUNE, '2025-09-22')).toBe(500);
    expect(gymGstRate(tax, NASHIK, '2026-01-10')).toBe(0);
    // A location without tax settings issues a bill of supply, as payments does.
    expect(gymGstRate(tax, '0198a3c1-0000-7000-8000-0000000000ff', '2026-01-10')).toBe(0);
    expect(gymGstRate(undefined, PUNE, '2026-01-10')).toBeUndefined();
  });

  it('asks the member the price of a plan with GST in it, and the price plus GST of one without', () => {
    expect(memberPays({ price: 3999.5, gstInclusive: true }, undefined)).toBe(3999.5);
    expect(memberPays({ price: 3000, gstInclusive: false }, 500)).toBe(3150);
    expect(memberPays({ price: 999.99, gstInclusive: false }, 1800)).toBe(1179.99);
    expect(memberPays({ price: 3000, gstInclusive: false }, 0)).toBe(3000);
    expect(memberPays({ price: 3000, gstInclusive: false }, undefined)).toBeUndefined();
  });
});
