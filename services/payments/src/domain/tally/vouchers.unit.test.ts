import { DEFAULT_TALLY_LEDGERS as L } from '@akhada/contracts';
import { describe, expect, it } from 'vitest';
import { documentVoucher, mastersOf, receiptVoucher, tallyAmount, tallyDate, type TallyDocument } from './vouchers.ts';

const invoice: TallyDocument = {
  kind: 'tax_invoice',
  number: 'PUN/26-27/000001',
  date: '2026-05-10',
  party: 'Priya Deshpande',
  partyGstin: null,
  originalNumber: null,
  taxablePaise: 200_000,
  cgstPaise: 5_000,
  sgstPaise: 5_000,
  igstPaise: 0,
  totalPaise: 210_000,
};
const sum = (entries: { paise: number }[]) => entries.reduce((a, e) => a + e.paise, 0);

describe('Tally vouchers', () => {
  it('a tax invoice: party Dr the total (negative), sales and CGST/SGST Cr; balanced, no zero lines', () => {
    const v = documentVoucher(invoice, L);
    expect(v).toMatchObject({ type: 'Sales', party: 'Priya Deshpande' });
    expect(v.entries).toEqual([
      { ledger: 'Priya Deshpande', paise: -210_000 },
      { ledger: 'Sales - Membership', paise: 200_000 },
      { ledger: 'Output CGST', paise: 5_000 },
      { ledger: 'Output SGST', paise: 5_000 },
    ]);
    expect(sum(v.entries)).toBe(0);
  });

  it('a credit note reverses the ledgers; a paisa between total and parts goes to round off', () => {
    const v = documentVoucher({ ...invoice, kind: 'credit_note', number: 'PUN/CN26/0000001', originalNumber: 'PUN/26-27/000001', totalPaise: 210_001 }, L);
    expect(v.type).toBe('Credit Note');
    expect(v.entries[0]).toEqual({ ledger: 'Priya Deshpande', paise: 210_001 });
    expect(v.entries).toContainEqual({ ledger: 'Round Off', paise: -1 });
    expect(v.entries).toContainEqual({ ledger: 'Sales - Membership', paise: -200_000 });
    expect(sum(v.entries)).toBe(0);
  });

  it('a receipt: the method ledger Dr, the party Cr; a business party is named with its GSTIN', () => {
    const v = receiptVoucher({ number: 'X/1', date: '2026-05-10', party: 'Acme', method: 'upi', totalPaise: 118_000 }, L, '29AAPFU0939F1ZA');
    expect(v.entries).toEqual([
      { ledger: 'Bank - UPI', paise: -118_000 },
      { ledger: 'Acme (29AAPFU0939F1ZA)', paise: 118_000 },
    ]);
    const masters = mastersOf([v, documentVoucher(invoice, L)], L, new Map([['Acme (29AAPFU0939F1ZA)', '29AAPFU0939F1ZA']]));
    expect(masters).toContainEqual({ name: 'Bank - UPI', parent: 'Bank Accounts' });
    expect(masters).toContainEqual({ name: 'Acme (29AAPFU0939F1ZA)', parent: 'Sundry Debtors', gstin: '29AAPFU0939F1ZA' });
    expect(masters).toContainEqual({ name: 'Output CGST', parent: 'Duties & Taxes', taxHead: 'Central Tax' });
    expect(masters.find((m) => m.name === 'Output IGST')).toBeUndefined();
  });

  it('amounts in rupees with two decimals, dates YYYYMMDD', () => {
    expect([tallyAmount(-210_000), tallyAmount(5), tallyAmount(199_950)]).toEqual(['-2100.00', '0.05', '1999.50']);
    expect(tallyDate('2026-05-09')).toBe('20260509');
  });
});
