import { describe, expect, it } from 'vitest';
import { emptyFigures } from '../db/figures-repo.ts';
import { cardsOf, changePercent } from './overview.ts';

describe('a card’s change against its previous period', () => {
  it('is the rounded percentage, and null without a base', () => {
    expect(changePercent(3, 1)).toBe(200);
    expect(changePercent(3, 4)).toBe(-25);
    expect(changePercent(1, 3)).toBe(-66.7);
    expect(changePercent(5, 0)).toBeNull();
    expect(changePercent(null, 4)).toBeNull();
  });

  it('gives no number for a source that has not landed (payments off; inventory always until it exists)', () => {
    const f = { ...emptyFigures(), revenueMonth: 500, revenuePrevMonth: 250, pendingCount: 2, pendingAmount: 900 };
    const off = cardsOf(f, false);
    expect(off.monthlyRevenue).toEqual({ value: null, previous: null, changePercent: null });
    expect(off.pendingPayments.amountPaise).toBeNull();
    expect(off.lowStockItems.value).toBeNull();
    const on = cardsOf(f, true);
    expect(on.monthlyRevenue).toEqual({ value: 500, previous: 250, changePercent: 100 });
    expect(on.pendingPayments).toMatchObject({ value: 2, amountPaise: 900 });
    expect(on.lowStockItems.value).toBeNull();
  });
});
