import type { TaxSettings } from '@akhada/contracts';
import { describe, expect, it } from 'vitest';
import { gstPreview } from './gst-preview';

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

// Issue 31: the form shows the GST the server will record, from the same date-effective rule.
describe('GST preview of the record-payment form', () => {
  it('adds the rate in force on the day at a registered location: 18 % until 21 Sep 2025, 5 % from 22 Sep 2025, CGST + SGST', () => {
    expect(gstPreview({ category: 'member', amountRupees: 1000, tax, locationId: PUNE, day: '2025-09-21' })).toEqual({
      ratePercent: 18,
      supply: 'intra_state',
      gst: 180,
      cgst: 90,
      sgst: 90,
      igst: 0,
    });
    expect(gstPreview({ category: 'member', amountRupees: 1000, tax, locationId: PUNE, day: '2025-09-22' })).toMatchObject({ gst: 50, cgst: 25, sgst: 25 });
    // the odd paisa goes to CGST, so the halves add up
    expect(gstPreview({ category: 'other', amountRupees: 10.1, tax, locationId: PUNE, day: '2026-11-20' })).toMatchObject({
      gst: 0.51,
      cgst: 0.26,
      sgst: 0.25,
    });
  });

  it('a business customer of another state pays IGST; a location not registered (or without settings) none', () => {
    expect(gstPreview({ category: 'member', amountRupees: 10000, tax, locationId: PUNE, day: '2026-11-20', billingGstin: '29aapfu0939f1zr' })).toMatchObject({
      supply: 'inter_state',
      gst: 500,
      igst: 500,
      cgst: 0,
    });
    expect(gstPreview({ category: 'member', amountRupees: 1000, tax, locationId: NASHIK, day: '2026-11-20' })).toMatchObject({ supply: 'none', gst: 0 });
    expect(gstPreview({ category: 'member', amountRupees: 1000, tax, locationId: 'elsewhere', day: '2026-11-20' })).toMatchObject({ supply: 'none', gst: 0 });
  });

  it('money going out has no preview (its GST is typed); unknown settings neither', () => {
    expect(gstPreview({ category: 'trainer', amountRupees: 1000, tax, locationId: PUNE, day: '2026-11-20' })).toBeUndefined();
    expect(gstPreview({ category: 'expense', amountRupees: 1000, tax, locationId: PUNE, day: '2026-11-20' })).toBeUndefined();
    expect(gstPreview({ category: 'member', amountRupees: 1000, tax: undefined, locationId: PUNE, day: '2026-11-20' })).toBeUndefined();
  });
});
