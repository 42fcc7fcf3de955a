import { describe, expect, it } from 'vitest';
import { SaleCompleted, saleLineTaxablePaise, saleLineTaxPaise, saleTotalsOf } from './inventory-sale.ts';

describe('sale line totals (the rule both inventory and payments use)', () => {
  it('given a line, when totalled, then taxable = qty × price − discount and tax rounds half up per line', () => {
    const line = { quantity: 2, unitPricePaise: 249_900, discountPaise: 10_000, gstRatePercent: 18 };
    expect(saleLineTaxablePaise(line)).toBe(489_800);
    expect(saleTotalsOf([line])).toEqual({ taxablePaise: 489_800, discountPaise: 10_000, gstPaise: 88_164, totalPaise: 577_964 });
    expect(saleLineTaxPaise(50, 5)).toBe(3); // 2.5 → 3 (half up)
    expect(saleLineTaxPaise(49, 5)).toBe(2); // 2.45 → 2
    expect(saleLineTaxPaise(1000, 0.25)).toBe(3); // 2.5 → 3
    expect(saleLineTaxPaise(333, 12)).toBe(40); // 39.96 → 40
  });
  it('given several lines, when totalled, then each is rounded on its own and summed', () => {
    const t = saleTotalsOf([
      { quantity: 1, unitPricePaise: 50, discountPaise: 0, gstRatePercent: 5 },
      { quantity: 1, unitPricePaise: 50, discountPaise: 0, gstRatePercent: 5 },
    ]);
    expect(t).toEqual({ taxablePaise: 100, discountPaise: 0, gstPaise: 6, totalPaise: 106 });
  });
  it('given a discount above the line value, when totalled, then the taxable value is 0, never negative', () => {
    expect(saleTotalsOf([{ quantity: 1, unitPricePaise: 100, discountPaise: 500, gstRatePercent: 18 }])).toMatchObject({ taxablePaise: 0, gstPaise: 0 });
  });
  it('given an event payload, when parsed, then the buyer is a member or a walk-in and lines carry HSN and kind', () => {
    const base = {
      saleId: '0194f5c2-0000-7000-8000-000000000001',
      organizationId: '0194f5c2-0000-7000-8000-000000000002',
      locationId: '0194f5c2-0000-7000-8000-000000000003',
      lines: [
        {
          itemId: '0194f5c2-0000-7000-8000-000000000004',
          name: 'Whey',
          hsn: '21061000',
          quantity: 1,
          unitPricePaise: 100,
          discountPaise: 0,
          gstRatePercent: 18,
          kind: 'goods',
        },
      ],
      paymentMethod: 'cash',
      totals: { taxablePaise: 100, discountPaise: 0, gstPaise: 18, totalPaise: 118 },
      soldBy: '0194f5c2-0000-7000-8000-000000000005',
      occurredAt: '2026-05-10T06:30:00.000Z',
    };
    const parse = (o: object) => SaleCompleted.data.safeParse({ ...base, ...o }).success;
    expect(parse({ buyer: { kind: 'walk_in', name: 'Ravi', phone: null } })).toBe(true);
    expect(parse({ buyer: { kind: 'member', memberId: base.soldBy, name: 'Asha Rao' } })).toBe(true);
    expect(parse({ buyer: { kind: 'member' } })).toBe(false);
    expect(parse({ buyer: { kind: 'walk_in', name: 'R', phone: null }, lines: [{ ...base.lines[0], hsn: 'AB' }] })).toBe(false);
  });
});
