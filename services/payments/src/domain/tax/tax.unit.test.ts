import { describe, expect, it } from 'vitest';
import { creditLines } from './credit.ts';
import { gstinCheckCharacter, isValidGstin } from './gstin.ts';
import { documentNumber } from './numbering.ts';
import { computeTax, financialYearOf, GYM_SERVICE_RATES, rateOn, serviceLineOfPayment, type TaxContext } from './rule.ts';
import { indianFigures, rupeesInWords } from './words.ts';

const MH = '27';
const KA = '29';
const ctx = (o: Partial<TaxContext> & { registered?: boolean } = {}): TaxContext => ({
  date: o.date ?? '2026-05-10',
  supplier: { registered: o.registered ?? true, stateCode: MH },
  placeOfSupplyStateCode: o.placeOfSupplyStateCode ?? MH,
  sacCode: o.sacCode ?? '999723',
});
const gym = (taxablePaise: number) => ({ kind: 'service' as const, description: 'Membership', quantity: 1, taxablePaise });

describe('the gym services rate around 22 Sep 2025', () => {
  it('given an invoice dated 21 Sep 2025, when taxed, then 18%', () => {
    const r = computeTax(ctx({ date: '2025-09-21' }), [gym(100_000)]);
    expect(r.lines[0]).toMatchObject({ rateBps: 1800, cgstPaise: 9000, sgstPaise: 9000, igstPaise: 0, totalPaise: 118_000 });
  });
  it('given an invoice dated 22 Sep 2025, when taxed, then 5%', () => {
    const r = computeTax(ctx({ date: '2025-09-22' }), [gym(100_000)]);
    expect(r.lines[0]).toMatchObject({ rateBps: 500, cgstPaise: 2500, sgstPaise: 2500, totalPaise: 105_000 });
    expect(r.totalPaise).toBe(105_000);
  });
  it('given a date before any rate, when asked, then it refuses rather than guess', () => {
    expect(() => rateOn(GYM_SERVICE_RATES, '2017-06-30')).toThrow(/no GST rate/);
  });
  it('given the organization configures another SAC, then the line carries it', () => {
    expect(computeTax(ctx({ sacCode: '999729' }), [gym(100)]).lines[0]?.sacOrHsn).toBe('999729');
  });
});

describe('place of supply', () => {
  it('given the location in the same state as the GSTIN, then CGST + SGST halves', () => {
    const r = computeTax(ctx(), [gym(200_000)]);
    expect(r).toMatchObject({ kind: 'tax_invoice', supply: 'intra_state', cgstPaise: 5000, sgstPaise: 5000, igstPaise: 0, totalPaise: 210_000 });
  });
  it('given the service performed in another state, then IGST only', () => {
    const r = computeTax(ctx({ placeOfSupplyStateCode: KA }), [gym(200_000)]);
    expect(r).toMatchObject({ supply: 'inter_state', cgstPaise: 0, sgstPaise: 0, igstPaise: 10_000, totalTaxPaise: 10_000, totalPaise: 210_000 });
  });
});

describe('an unregistered gym', () => {
  it('given no GST registration, then a bill of supply without tax', () => {
    const r = computeTax(ctx({ registered: false }), [gym(150_000)]);
    expect(r).toMatchObject({ kind: 'bill_of_supply', supply: 'none', totalTaxPaise: 0, totalPaise: 150_000 });
    expect(r.lines[0]?.rateBps).toBe(0);
  });
  it("given a payment at an unregistered gym, then the whole total is the line's value", () => {
    expect(
      serviceLineOfPayment(
        { description: 'x', amountPaise: 100, gstPaise: 0, totalPaise: 100 },
        { date: '2026-01-01', supplier: { registered: false, stateCode: MH } },
      ),
    ).toMatchObject({ taxablePaise: 100 });
  });
});

describe('goods lines', () => {
  it('given a goods line with its HSN and rate, then taxed at its own rate beside the service', () => {
    const r = computeTax(ctx({ date: '2026-01-10' }), [
      gym(100_000),
      { kind: 'goods', description: 'Whey protein 1 kg', quantity: 2, taxablePaise: 400_000, hsn: '21069099', rateBps: 1800 },
    ]);
    expect(r.lines[1]).toMatchObject({ sacOrHsn: '21069099', rateBps: 1800, cgstPaise: 36_000, sgstPaise: 36_000, totalPaise: 472_000 });
    expect(r.lines[0]).toMatchObject({ sacOrHsn: '999723', rateBps: 500 });
    expect(r.totalPaise).toBe(105_000 + 472_000);
  });
});

describe('rounding of odd paise', () => {
  it('given a tax of an odd number of paise, then the halves add up to it (CGST takes the odd paisa)', () => {
    // 5% of ₹10.10 = 50.5 paise → 51; halves 26 + 25
    const r = computeTax(ctx(), [gym(1010)]);
    expect(r.lines[0]).toMatchObject({ cgstPaise: 26, sgstPaise: 25, totalPaise: 1061 });
    expect(r.cgstPaise + r.sgstPaise).toBe(r.totalTaxPaise);
  });
  it('given many odd lines, then totals equal the sum of the lines exactly', () => {
    const lines = Array.from({ length: 17 }, (_, i) => gym(999 + i * 7));
    const r = computeTax(ctx(), lines);
    expect(r.totalPaise).toBe(r.lines.reduce((a, l) => a + l.totalPaise, 0));
    for (const l of r.lines) expect(l.cgstPaise + l.sgstPaise + l.taxablePaise).toBe(l.totalPaise);
  });
  it('given a tax-inclusive total, then the taxable value and tax add up to it', () => {
    const line = serviceLineOfPayment(
      { description: 'x', amountPaise: 99_999, gstPaise: 0, totalPaise: 99_999 },
      { date: '2026-01-01', supplier: { registered: true, stateCode: MH } },
    );
    expect(computeTax(ctx(), [line]).totalPaise).toBe(99_999);
  });
  it("given a payment whose GST is the rule's, then the amount is the taxable value", () => {
    const line = serviceLineOfPayment(
      { description: 'x', amountPaise: 250_000, gstPaise: 12_500, totalPaise: 262_500 },
      { date: '2026-01-01', supplier: { registered: true, stateCode: MH } },
    );
    expect(line.taxablePaise).toBe(250_000);
  });
});

describe('GSTIN, numbering, words', () => {
  it('checks the GSTIN check character', () => {
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin('27AAPFU0939F1ZW')).toBe(false);
    expect(gstinCheckCharacter('29AAGCB7383J1Z')).toBe('4');
  });
  it('financial years run April to March', () => {
    expect(financialYearOf('2026-03-31')).toBe('2025-26');
    expect(financialYearOf('2026-04-01')).toBe('2026-27');
    expect(financialYearOf('2099-12-01')).toBe('2099-00');
  });
  it('numbers fit 16 characters of letters, digits, - and /', () => {
    expect(documentNumber('invoice', 'PUN', '2026-27', 123)).toBe('PUN/26-27/000123');
    expect(documentNumber('invoice', 'AKHD', '2026-27', 7)).toBe('AKHD/26-27/00007');
    expect(documentNumber('credit_note', 'PUN', '2026-27', 12)).toBe('PUN/CN26/0000012');
    expect(() => documentNumber('invoice', 'AKHD', '2026-27', 100_000)).toThrow(/16/);
  });
  it('writes amounts in lakh and crore', () => {
    expect(rupeesInWords(1_234_567_850)).toBe('Rupees One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight and Fifty Paise Only');
    expect(rupeesInWords(105_000)).toBe('Rupees One Thousand Fifty Only');
    expect(indianFigures(1_234_567_805)).toBe('1,23,45,678.05');
    expect(indianFigures(5)).toBe('0.05');
  });
});

describe('credit notes', () => {
  it('given a refund of part of a two-line invoice, then each line is credited in proportion at its own rate, adding up to the refund', () => {
    const inv = computeTax(ctx({ date: '2026-01-10' }), [
      gym(100_000),
      { kind: 'goods', description: 'Whey', quantity: 1, taxablePaise: 50_000, hsn: '21069099', rateBps: 1800 },
    ]);
    const lines = creditLines(inv.lines, 33_333, 'PUN/25-26/000001');
    expect(lines.reduce((a, l) => a + l.totalPaise, 0)).toBe(33_333);
    for (const l of lines) expect(l.taxablePaise + l.cgstPaise + l.sgstPaise + l.igstPaise).toBe(l.totalPaise);
    expect(lines.map((l) => l.rateBps)).toEqual([500, 1800]);
    expect(lines[0]?.description).toMatch(/^Refund against PUN\/25-26\/000001/);
  });
  it('given an IGST invoice, then the credit is IGST too', () => {
    const inv = computeTax(ctx({ placeOfSupplyStateCode: KA }), [gym(100_000)]);
    const [l] = creditLines(inv.lines, 105_000, 'X');
    expect(l).toMatchObject({ taxablePaise: 100_000, igstPaise: 5000, cgstPaise: 0, sgstPaise: 0, totalPaise: 105_000 });
  });
  it('given a bill of supply, then the credit carries no tax', () => {
    const inv = computeTax(ctx({ registered: false }), [gym(100_000)]);
    expect(creditLines(inv.lines, 40_000, 'X')[0]).toMatchObject({ taxablePaise: 40_000, cgstPaise: 0, igstPaise: 0, totalPaise: 40_000 });
  });
});
