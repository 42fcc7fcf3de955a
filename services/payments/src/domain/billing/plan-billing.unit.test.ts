import { describe, expect, it } from 'vitest';
import { limitsOf, subscriptionGst, subscriptionInvoiceNumber, whyNotFits } from './plan-billing.ts';

describe('plan billing rules', () => {
  it('gives Version B limits, with one location below Enterprise', () => {
    expect(limitsOf('mini')).toEqual({ members: 25, trainers: 1, locations: 1 });
    expect(limitsOf('enterprise')).toEqual({ members: null, trainers: null, locations: null });
  });
  it('refuses a plan the usage exceeds, naming the limit', () => {
    expect(whyNotFits('mini', { members: 25, trainers: 1, locations: 1 })).toBeNull();
    expect(whyNotFits('mini', { members: 26, trainers: 1, locations: 1 })).toBe(
      'Your gym has 26 members; the Mini plan allows 25. Remove members or choose a bigger plan.',
    );
    expect(whyNotFits('pro', { members: 10, trainers: 2, locations: 2 })).toMatch(/2 locations; the Pro plan allows 1/);
    expect(whyNotFits('enterprise', { members: 900, trainers: 40, locations: 9 })).toBeNull();
  });
  it('splits 18 % GST into CGST + SGST in Akhada’s state, IGST elsewhere', () => {
    expect(subscriptionGst('starter', '27AAACA1234A1ZK', '27')).toEqual({
      taxablePaise: 199_900,
      cgstPaise: 17_991,
      sgstPaise: 17_991,
      igstPaise: 0,
      totalPaise: 235_882,
    });
    expect(subscriptionGst('starter', '27AAACA1234A1ZK', null).igstPaise).toBe(0);
    expect(subscriptionGst('pro', '27AAACA1234A1ZK', '29')).toEqual({
      taxablePaise: 500_000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 90_000,
      totalPaise: 590_000,
    });
  });
  it('numbers Akhada’s invoices in their own series', () => {
    expect(subscriptionInvoiceNumber('2026-27', 42)).toBe('AKH/2026-27/000042');
  });
});
