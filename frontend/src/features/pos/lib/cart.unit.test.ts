import { saleTotalsOf } from '@akhada/contracts';
import { describe, expect, it } from 'vitest';
import { cartReducer, priceCart, spreadDiscount, type CartLine } from './cart';

const item = (id: string, price: number, stock: number, gstRate = 18) => ({
  _id: `0198a3c1-0000-7000-8000-00000000${id.padStart(4, '0')}`,
  name: `Item ${id}`,
  hsn: '21069099',
  lineKind: 'goods' as const,
  gstRate,
  chargedGstRate: gstRate,
  sellingPrice: price,
  quantity: stock,
});

describe('the cart', () => {
  it('adds one unit per add, never beyond the stock, and drops a line set to 0', () => {
    let lines: CartLine[] = [];
    const whey = item('1', 2499, 2);
    lines = cartReducer(lines, { type: 'add', item: whey });
    lines = cartReducer(lines, { type: 'add', item: whey });
    lines = cartReducer(lines, { type: 'add', item: whey });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ quantity: 2, inStock: 2, unitPricePaise: 249900 });
    lines = cartReducer(lines, { type: 'set', itemId: whey._id, quantity: 9 });
    expect(lines[0]?.quantity).toBe(2);
    lines = cartReducer(lines, { type: 'set', itemId: whey._id, quantity: 0 });
    expect(lines).toEqual([]);
    expect(cartReducer([], { type: 'add', item: item('2', 50, 0) })).toEqual([]);
  });

  it('spreads a sale discount by value, to the paisa, the rest on the largest line (as the inventory service does), never more than the value', () => {
    expect(spreadDiscount([300, 700], 100)).toEqual([30, 70]);
    expect(spreadDiscount([69900, 499800], 10000)).toEqual([1226, 8774]);
    expect(spreadDiscount([100, 300, 300], 100)).toEqual([14, 44, 42]);
    expect(spreadDiscount([100, 100, 100], 100)).toEqual([34, 33, 33]);
    expect(spreadDiscount([100, 200], 1000)).toEqual([100, 200]);
    expect(spreadDiscount([0, 0], 50)).toEqual([0, 0]);
    for (const [gross, d] of [
      [[12345, 6789, 1], 999],
      [[249900, 4500], 25000],
    ] as const) {
      expect(spreadDiscount(gross, d).reduce((a, b) => a + b, 0)).toBe(d);
    }
  });

  it('prices the cart exactly as saleTotalsOf does (screen = invoice), GST per line at its own rate', () => {
    const lines = [
      { ...cartReducer([], { type: 'add', item: item('1', 2499, 5, 18) })[0]!, quantity: 3 },
      cartReducer([], { type: 'add', item: item('2', 45.5, 5, 5) })[0]!,
      cartReducer([], { type: 'add', item: item('3', 10.01, 5, 12) })[0]!,
    ];
    const priced = priceCart(lines, 12345);
    expect(priced.grossPaise).toBe(3 * 249900 + 4550 + 1001);
    expect(priced.totals).toEqual(saleTotalsOf(priced.lines));
    expect(priced.totals.discountPaise).toBe(12345);
    expect(priced.lines.map((l) => l.discountPaise).reduce((a, b) => a + b, 0)).toBe(12345);
    // Each line's GST is rounded on its own (half up), not on the sum.
    for (const l of priced.lines) expect(l.gstPaise).toBe(Math.round((l.taxablePaise * l.gstRatePercent) / 100));
    expect(priced.totals.totalPaise).toBe(priced.lines.reduce((s, l) => s + l.totalPaise, 0));
  });
});
