import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuild } from '../src/projections/rebuild.ts';
import { bootInventory } from './setup.ts';

// `npm run rebuild -w services/inventory -- items` replays the item streams into the same read tables, and sends no
// integration event again (the live projection's outbox rows are not repeated).
const orgA = randomUUID();
const L1 = randomUUID();
let t: Awaited<ReturnType<typeof bootInventory>>;
let admin: string;

beforeAll(async () => {
  t = await bootInventory('inventory_rebuild');
  await t.org(orgA, [L1]);
  admin = await t.sign(orgA, 'admin', [L1], randomUUID(), 'Priya Shah');
}, 120_000);
afterAll(async () => t?.close());

const call = async (method: 'POST' | 'PATCH', url: string, payload: object, status = 200) => {
  const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${admin}` }, payload });
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data;
};
const snapshot = async () => ({
  items: await t.db.selectFrom('items').selectAll().orderBy('id').execute(),
  movements: await t.db.selectFrom('movements').selectAll().orderBy('id').execute(),
  maintenance: await t.db.selectFrom('maintenance_records').selectAll().orderBy('id').execute(),
});
const outboxCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('rebuild items', () => {
  it('equals the live tables after receipts, counts, write-offs, sales (low stock) and maintenance, and publishes nothing', async () => {
    const whey = await call(
      'POST',
      '/inventory',
      {
        name: 'Whey 1 kg',
        category: 'supplement',
        locationId: L1,
        isForSale: true,
        sellingPrice: 2499,
        hsn: '2106',
        gstRate: 18,
        reorderLevel: 3,
        initialStock: { quantity: 6, unitCost: 1800, expiryDate: '2027-01-31', batchNo: 'W-1' },
      },
      201,
    );
    await call('PATCH', `/inventory/${whey._id}/stock`, { action: 'receive', quantity: 4, unitCost: 1850, expiryDate: '2026-12-31', batchNo: 'W-2' });
    await call('PATCH', `/inventory/${whey._id}/stock`, { action: 'adjust', countedQuantity: 9, reason: 'Shelf count' });
    await call('PATCH', `/inventory/${whey._id}/stock`, { action: 'write_off', quantity: 1, reason: 'damaged' });
    // down to 2: below the reorder level, so low stock is raised (an outbox event)
    await call(
      'POST',
      '/pos/sales',
      { saleId: randomUUID(), locationId: L1, buyer: { kind: 'walk_in' }, lines: [{ itemId: whey._id, quantity: 6 }], discount: 0, paymentMethod: 'cash' },
      201,
    );
    const treadmill = await call(
      'POST',
      '/inventory',
      { name: 'Treadmill', category: 'equipment', locationId: L1, reorderLevel: 0, equipment: { serviceIntervalDays: 90, purchaseDate: '2025-01-10' } },
      201,
    );
    await call('POST', `/inventory/${treadmill._id}/maintenance`, { action: 'start', note: 'Belt slipping' });
    await call('POST', `/inventory/${treadmill._id}/maintenance`, { action: 'complete', date: '2026-05-09', workDone: 'Belt replaced', cost: 3500 });

    const before = await snapshot();
    expect(before.items).toHaveLength(2);
    expect(before.items.find((i) => i.id === whey._id)).toMatchObject({ quantity: 2, is_low_stock: true });
    expect(before.maintenance).toHaveLength(1);
    const outbox = await outboxCount();
    expect(outbox).toBeGreaterThan(0);

    const { rows, events } = await rebuild(t.db, 'items', { batchSize: 3 });
    expect(rows).toBe(2);
    expect(events).toBeGreaterThanOrEqual(before.movements.length);
    expect(await snapshot()).toEqual(before);
    expect(await outboxCount()).toBe(outbox);
  });
});
