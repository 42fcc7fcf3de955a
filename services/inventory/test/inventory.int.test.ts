import { inventoryRoutes as r } from '@akhada/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raiseDailyAlerts } from '../src/app/daily-alerts.ts';
import { bootInventory } from './setup.ts';

const orgA = randomUUID();
const L1 = randomUUID();
const L2 = randomUUID();
const orgB = randomUUID();
const LB = randomUUID();
const ids = { owner: randomUUID(), admin: randomUUID(), adminL2: randomUUID(), trainer: randomUUID(), member: randomUUID(), adminB: randomUUID() };

let t: Awaited<ReturnType<typeof bootInventory>>;
let tok: Record<keyof typeof ids, string>;

beforeAll(async () => {
  t = await bootInventory('inventory');
  await t.org(orgA, [L1, L2]);
  await t.org(orgB, [LB]);
  await t.person(ids.trainer, orgA, 'trainer', L1, 'Ravi Kumar');
  await t.person(ids.member, orgA, 'member', L1, 'Asha Rao');
  tok = {
    owner: await t.sign(orgA, 'owner', [L1, L2], ids.owner, 'Omkar Owner'),
    admin: await t.sign(orgA, 'admin', [L1], ids.admin, 'Priya Shah'),
    adminL2: await t.sign(orgA, 'admin', [L2], ids.adminL2),
    trainer: await t.sign(orgA, 'trainer', [L1], ids.trainer, 'Ravi Kumar'),
    member: await t.sign(orgA, 'member', [L1], ids.member, 'Asha Rao'),
    adminB: await t.sign(orgB, 'admin', [LB], ids.adminB),
  };
}, 120_000);
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

const whey = (over: object = {}) => ({
  name: 'Whey Protein 1 kg',
  category: 'supplement',
  locationId: L1,
  isForSale: true,
  sellingPrice: 2500,
  hsn: '2106',
  gstRate: 18,
  reorderLevel: 3,
  initialStock: { quantity: 10, unitCost: 1500, expiryDate: '2027-03-31', batchNo: 'W-1' },
  ...over,
});
const create = async (body: object, token = tok.admin) => {
  const res = await call('POST', '/inventory', token, body);
  expect(res.statusCode, res.body).toBe(201);
  return r.create.responses[201].parse(res.json()).data;
};
const outboxCount = async (type: string) =>
  Number(
    (
      await t.db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('payload', '@>', JSON.stringify({ type }) as never)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('items', () => {
  it('an admin adds an item with opening stock; staff see it with its batch and cost, published as item_state_changed', async () => {
    const item = await create(whey());
    expect(item).toMatchObject({ quantity: 10, isLowStock: false, sellingPrice: 2500, costPrice: 1500, hsn: '2106', locationId: L1, version: 2 });
    expect(item.batches).toHaveLength(1);
    const got = await call('GET', `/inventory/${item._id}`, tok.trainer);
    expect(got.statusCode).toBe(200);
    expect(r.get.responses[200].parse(got.json()).data.batches[0]).toMatchObject({ batchNo: 'W-1', quantity: 10, unitCost: 1500 });
    expect(await outboxCount('inventory.item_state_changed')).toBeGreaterThanOrEqual(2);
  });

  it('roles: a trainer or member cannot create; a member gets 403 on staff routes; bad input is 400 and changes nothing', async () => {
    expect((await call('POST', '/inventory', tok.trainer, whey())).statusCode).toBe(403);
    expect((await call('POST', '/inventory', tok.member, whey())).statusCode).toBe(403);
    for (const url of ['/inventory', '/inventory/dashboard', '/inventory/alerts/low-stock', '/inventory/suppliers', '/pos/sales'])
      expect((await call('GET', url, tok.member)).statusCode, url).toBe(403);
    const before = (await call('GET', '/inventory?limit=100', tok.owner)).json().totalCount;
    const bad = await call('POST', '/inventory', tok.admin, whey({ hsn: 'abc', gstRate: 7 }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { path: string }) => d.path)).toEqual(expect.arrayContaining(['hsn', 'gstRate']));
    expect((await call('POST', '/inventory', tok.admin, whey({ sellingPrice: undefined }))).statusCode).toBe(400);
    expect((await call('GET', '/inventory?limit=100', tok.owner)).json().totalCount).toBe(before);
  });

  it('a location not the caller’s is 404; another gym’s item is 404 everywhere', async () => {
    expect((await call('POST', '/inventory', tok.admin, whey({ locationId: L2 }))).statusCode).toBe(404);
    const item = await create(whey({ name: 'Other gym bar' }), tok.owner);
    const theirs = await create(whey({ locationId: LB, name: 'B item' }), tok.adminB);
    for (const [m, url, body] of [
      ['GET', `/inventory/${theirs._id}`],
      ['GET', `/inventory/${theirs._id}/movements`],
      ['PUT', `/inventory/${theirs._id}`, { ...whey(), initialStock: undefined, locationId: undefined }],
      ['DELETE', `/inventory/${theirs._id}`],
      ['PATCH', `/inventory/${theirs._id}/stock`, { action: 'receive', quantity: 1, unitCost: 1 }],
      ['PATCH', `/inventory/${theirs._id}/assign`, { assignTo: null }],
      ['POST', `/inventory/${theirs._id}/sell`, { saleId: randomUUID(), quantity: 1 }],
      ['POST', `/inventory/${theirs._id}/dispose`, { reason: 'x' }],
    ] as [Method, string, object?][])
      expect((await call(m, url, tok.admin, body)).statusCode, `${m} ${url}`).toBe(404);
    // an item of the caller's gym at a location not theirs
    expect((await call('GET', `/inventory/${item._id}`, tok.adminL2)).statusCode).toBe(404);
  });

  it('edits with a stale version are refused (409 STALE_VERSION); condition changes are their own movement', async () => {
    const item = await create(whey({ name: 'Shaker bottle', category: 'accessory', hsn: '3924', initialStock: undefined }));
    const body = {
      ...whey({ name: 'Shaker bottle 700 ml', category: 'accessory', hsn: '3924' }),
      initialStock: undefined,
      locationId: undefined,
      condition: 'fair',
      version: item.version,
    };
    const ok = await call('PUT', `/inventory/${item._id}`, tok.admin, body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ name: 'Shaker bottle 700 ml', condition: 'fair' });
    const stale = await call('PUT', `/inventory/${item._id}`, tok.admin, body);
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'STALE_VERSION']);
    const moves = await call('GET', `/inventory/${item._id}/movements`, tok.trainer);
    expect(moves.json().data.map((m: { kind: string }) => m.kind)).toEqual(expect.arrayContaining(['created', 'updated', 'condition_changed']));
  });

  it('stock: receive, adjust with reason, write off expired; a write-off above stock is 409 and changes nothing', async () => {
    const item = await create(whey({ name: 'Electrolyte drink', hsn: '2202', gstRate: 40, sellingPrice: 60, reorderLevel: 0, initialStock: undefined }));
    let res = await call('PATCH', `/inventory/${item._id}/stock`, tok.admin, {
      action: 'receive',
      quantity: 24,
      unitCost: 30,
      expiryDate: '2026-05-20',
      batchNo: 'E1',
    });
    expect(res.json().data.quantity).toBe(24);
    res = await call('PATCH', `/inventory/${item._id}/stock`, tok.admin, { action: 'adjust', countedQuantity: 22, reason: 'Two broken' });
    expect(res.json().data.quantity).toBe(22);
    const over = await call('PATCH', `/inventory/${item._id}/stock`, tok.admin, { action: 'write_off', quantity: 30, reason: 'expired' });
    expect([over.statusCode, over.json().code]).toEqual([409, 'INSUFFICIENT_STOCK']);
    res = await call('PATCH', `/inventory/${item._id}/stock`, tok.admin, { action: 'write_off', quantity: 2, reason: 'expired' });
    expect(res.json().data.quantity).toBe(20);
    expect((await call('PATCH', `/inventory/${item._id}/stock`, tok.admin, { action: 'nope' })).statusCode).toBe(400);
    expect((await call('PATCH', `/inventory/${item._id}/stock`, tok.trainer, { action: 'receive', quantity: 1, unitCost: 1 })).statusCode).toBe(403);
    const moves = (await call('GET', `/inventory/${item._id}/movements`, tok.admin)).json().data;
    expect(moves.map((m: { kind: string; quantityChange: number }) => [m.kind, m.quantityChange])).toEqual([
      ['written_off', -2],
      ['adjusted', -2],
      ['received', 24],
      ['created', 0],
    ]);
  });

  it('equipment: assign to a trainer and return, maintenance round trip with a record, dispose', async () => {
    const eq = await create({
      name: 'Treadmill T1',
      category: 'equipment',
      locationId: L1,
      equipment: { purchaseDate: '2025-01-01', serviceIntervalDays: 90, serialNumber: 'TM-1' },
    });
    expect(eq.equipment).toMatchObject({ nextServiceDue: '2025-04-01', isMaintenanceDue: true });
    let res = await call('PATCH', `/inventory/${eq._id}/assign`, tok.trainer, { assignTo: { kind: 'trainer', trainerId: ids.trainer } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.assignedTo).toMatchObject({ kind: 'trainer', name: 'Ravi Kumar' });
    res = await call('PATCH', `/inventory/${eq._id}/assign`, tok.trainer, { assignTo: { kind: 'trainer', trainerId: randomUUID() } });
    expect(res.statusCode).toBe(404);
    res = await call('PATCH', `/inventory/${eq._id}/assign`, tok.admin, { assignTo: null });
    expect(res.json().data.assignedTo).toBeNull();
    expect((await call('GET', '/inventory/alerts/maintenance-due', tok.trainer)).json().data.map((d: { item: { _id: string } }) => d.item._id)).toContain(
      eq._id,
    );
    res = await call('POST', `/inventory/${eq._id}/maintenance`, tok.admin, { action: 'start', note: 'Belt slipping' });
    expect(res.json().data.status).toBe('maintenance');
    res = await call('POST', `/inventory/${eq._id}/maintenance`, tok.admin, {
      action: 'complete',
      date: '2026-05-09',
      workDone: 'New belt',
      cost: 3500,
      vendor: 'FitFix',
    });
    expect(res.json().data).toMatchObject({
      status: 'active',
      equipment: { lastServiceDate: '2026-05-09', nextServiceDue: '2026-08-07', isMaintenanceDue: false },
    });
    const records = await call('GET', `/inventory/maintenance?itemId=${eq._id}`, tok.trainer);
    expect(r.maintenanceRecords.responses[200].parse(records.json()).data[0]).toMatchObject({ workDone: 'New belt', cost: 3500, vendor: 'FitFix' });
    res = await call('POST', `/inventory/${eq._id}/dispose`, tok.admin, { reason: 'Beyond repair' });
    expect(res.json().data.status).toBe('disposed');
    expect((await call('POST', `/inventory/${eq._id}/maintenance`, tok.admin, { action: 'start' })).statusCode).toBe(409);
  });

  it('a member sees only resale items with GST-inclusive price and in stock, never the cost', async () => {
    const res = await call('GET', '/inventory/shop', tok.member);
    expect(res.statusCode).toBe(200);
    const body = r.shop.responses[200].parse(res.json());
    const w = body.data.find((i) => i.name === 'Whey Protein 1 kg')!;
    expect(w).toMatchObject({ price: 2950, inStock: true });
    expect(JSON.stringify(res.json())).not.toMatch(/cost/i);
    expect(body.data.every((i) => i.locationId === L1)).toBe(true);
  });
});

describe('sales', () => {
  it('a POS sale of two lines takes stock first-expiring-first, computes GST per line, is idempotent by saleId', async () => {
    const bar = await create(whey({ name: 'Protein bar', sellingPrice: 100, gstRate: 18, hsn: '1806', reorderLevel: 0, initialStock: undefined }));
    await call('PATCH', `/inventory/${bar._id}/stock`, tok.admin, { action: 'receive', quantity: 5, unitCost: 50, expiryDate: '2027-01-01', batchNo: 'late' });
    await call('PATCH', `/inventory/${bar._id}/stock`, tok.admin, { action: 'receive', quantity: 5, unitCost: 50, expiryDate: '2026-08-01', batchNo: 'soon' });
    const drink = await create(
      whey({ name: 'Energy drink', sellingPrice: 50, gstRate: 40, hsn: '2202', reorderLevel: 0, initialStock: { quantity: 10, unitCost: 20 } }),
    );
    const saleId = randomUUID();
    const body = {
      saleId,
      locationId: L1,
      buyer: { kind: 'member', memberId: ids.member },
      lines: [
        { itemId: bar._id, quantity: 6 },
        { itemId: drink._id, quantity: 2 },
      ],
      discount: 70,
      paymentMethod: 'upi',
    };
    const before = await outboxCount('inventory.sale_completed');
    const res = await call('POST', '/pos/sales', tok.admin, body);
    expect(res.statusCode, res.body).toBe(201);
    const sale = r.posCreateSale.responses[201].parse(res.json()).data;
    expect(sale).toMatchObject({ status: 'completed', buyer: { kind: 'member', memberId: ids.member, name: 'Asha Rao' }, invoice: null });
    // gross 600 + 100 = 700; discount 70 spread 60 / 10; taxable 540 + 90; GST 97.20 + 36.00
    expect(sale.totals).toEqual({ taxable: 630, discount: 70, gst: 133.2, total: 763.2 });
    const again = await call('POST', '/pos/sales', tok.admin, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().data._id).toBe(saleId);
    expect(await outboxCount('inventory.sale_completed')).toBe(before + 1);
    const barNow = (await call('GET', `/inventory/${bar._id}`, tok.admin)).json().data;
    expect(barNow.quantity).toBe(4);
    expect(barNow.batches.map((b: { batchNo: string; quantity: number }) => [b.batchNo, b.quantity])).toEqual([['late', 4]]);
    // the invoice arrives from payments
    const { paymentHandlers } = await import('../src/consumers/payments.ts');
    const invoiceId = randomUUID();
    const paymentId = randomUUID();
    await t.db.transaction().execute((trx) =>
      paymentHandlers()[0]!.handle(trx, {
        eventId: randomUUID(),
        type: 'payments.sale_invoiced',
        version: 1,
        occurredAt: new Date().toISOString(),
        orgId: orgA,
        aggregateId: paymentId,
        correlationId: randomUUID(),
        causationId: randomUUID(),
        data: { saleId, paymentId, invoiceId, invoiceNumber: 'INV-2026-0001' },
      }),
    );
    const got = await call('GET', `/pos/sales/${saleId}`, tok.member);
    expect(got.statusCode).toBe(200);
    expect(got.json().data.invoice).toEqual({ invoiceId, number: 'INV-2026-0001', paymentId });
    expect((await call('GET', `/pos/sales/${saleId}`, tok.adminB)).statusCode).toBe(404);
    expect((await call('GET', `/pos/sales/${saleId}`, tok.adminL2)).statusCode).toBe(404);
    const list = await call('GET', '/pos/sales?date=2026-05-10', tok.admin);
    expect(r.posListSales.responses[200].parse(list.json()).data.map((s) => s._id)).toContain(saleId);
  });

  it('a sale of more than is there is 409 "Only N left" and takes nothing from any line; not-for-sale is 409; bad input 400', async () => {
    const a = await create(whey({ name: 'Creatine', reorderLevel: 0, initialStock: { quantity: 5, unitCost: 400 } }));
    const b = await create(whey({ name: 'BCAA', reorderLevel: 0, initialStock: { quantity: 2, unitCost: 400 } }));
    const res = await call('POST', '/pos/sales', tok.admin, {
      saleId: randomUUID(),
      locationId: L1,
      buyer: { kind: 'walk_in' },
      lines: [
        { itemId: a._id, quantity: 3 },
        { itemId: b._id, quantity: 3 },
      ],
    });
    expect([res.statusCode, res.json().code, res.json().message]).toEqual([409, 'INSUFFICIENT_STOCK', 'Only 2 left in stock of BCAA']);
    expect((await call('GET', `/inventory/${a._id}`, tok.admin)).json().data.quantity).toBe(5);
    const eq = await create({ name: 'Dumbbell 10 kg', category: 'equipment', locationId: L1 });
    const nfs = await call('POST', `/inventory/${eq._id}/sell`, tok.admin, { saleId: randomUUID(), quantity: 1 });
    expect([nfs.statusCode, nfs.json().code]).toEqual([409, 'NOT_FOR_SALE']);
    expect((await call('POST', '/pos/sales', tok.admin, { saleId: 'x', locationId: L1, buyer: { kind: 'walk_in' }, lines: [] })).statusCode).toBe(400);
    expect((await call('POST', `/inventory/${a._id}/sell`, tok.member, { saleId: randomUUID(), quantity: 1 })).statusCode).toBe(403);
    expect((await call('POST', `/inventory/${a._id}/sell`, tok.trainer, { saleId: randomUUID(), quantity: 1 })).statusCode).toBe(403);
    const one = await call('POST', `/inventory/${a._id}/sell`, tok.admin, { saleId: randomUUID(), quantity: 2, paymentMethod: 'cash' });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json().data.lines[0]).toMatchObject({ name: 'Creatine', hsn: '2106', quantity: 2, gstRate: 18 });
  });

  it('an item created empty and stocked batch by batch (the demo seed) raises no low-stock alert; a sale down to the level raises one', async () => {
    const lowStockOf = async (itemId: string) =>
      Number(
        (
          await t.db
            .selectFrom('outbox')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('payload', '@>', JSON.stringify({ type: 'inventory.low_stock_detected', aggregateId: itemId }) as never)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const item = await create(whey({ name: 'Seeded whey', reorderLevel: 5, initialStock: undefined }));
    expect(item).toMatchObject({ quantity: 0, isLowStock: true });
    for (const [quantity, batchNo] of [
      [2, 'S-1'],
      [6, 'S-2'],
    ] as const) {
      const res = await call('PATCH', `/inventory/${item._id}/stock`, tok.admin, { action: 'receive', quantity, unitCost: 1500, batchNo });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await call('GET', `/inventory/${item._id}`, tok.admin)).json().data).toMatchObject({ quantity: 8, isLowStock: false });
    expect(await lowStockOf(item._id)).toBe(0);

    const sale = await call('POST', `/inventory/${item._id}/sell`, tok.admin, { saleId: randomUUID(), quantity: 3, paymentMethod: 'cash' });
    expect(sale.statusCode, sale.body).toBe(201);
    expect(await lowStockOf(item._id)).toBe(1);
  });

  it('50 simultaneous sales of the last 10 units sell exactly 10 and refuse 40; stock and sale_completed rows agree', async () => {
    const item = await create(whey({ name: 'Last ten', reorderLevel: 2, initialStock: { quantity: 10, unitCost: 100 } }));
    const before = await outboxCount('inventory.sale_completed');
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call('POST', '/pos/sales', tok.admin, { saleId: randomUUID(), locationId: L1, buyer: { kind: 'walk_in' }, lines: [{ itemId: item._id, quantity: 1 }] }),
      ),
    );
    const codes = results.map((x) => x.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    const refused = results.filter((x) => x.statusCode === 409);
    expect(refused).toHaveLength(40);
    expect(refused.every((x) => x.json().code === 'INSUFFICIENT_STOCK' && /out of stock|Only \d+ left/.test(x.json().message))).toBe(true);
    expect((await call('GET', `/inventory/${item._id}`, tok.admin)).json().data.quantity).toBe(0);
    expect(await outboxCount('inventory.sale_completed')).toBe(before + 10);
    const sold = await t.db
      .selectFrom('sales')
      .select('id')
      .where('org_id', '=', orgA)
      .where('lines', '@>', JSON.stringify([{ itemId: item._id }]) as never)
      .execute();
    expect(sold).toHaveLength(10);
    expect(await outboxCount('inventory.low_stock_detected')).toBeGreaterThanOrEqual(1);
  }, 60_000);

  it('a member’s own order holds the stock and waits for the online payment', async () => {
    const item = await create(
      whey({
        name: 'Gym towel',
        category: 'accessory',
        hsn: '6302',
        gstRate: 5,
        sellingPrice: 300,
        reorderLevel: 0,
        initialStock: { quantity: 3, unitCost: 150 },
      }),
    );
    const res = await call('POST', '/pos/orders', tok.member, { saleId: randomUUID(), lines: [{ itemId: item._id, quantity: 1 }] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ status: 'awaiting_payment', paymentMethod: 'razorpay', buyer: { memberId: ids.member } });
    expect((await call('POST', '/pos/orders', tok.admin, { saleId: randomUUID(), lines: [{ itemId: item._id, quantity: 1 }] })).statusCode).toBe(403);
  });
});

describe('suppliers, alerts, dashboard, analytics', () => {
  it('suppliers: create, duplicate 409, detail with purchases, cross-org 404, member 403', async () => {
    const res = await call('POST', '/inventory/suppliers', tok.admin, { name: 'NutriSource Pune', gstin: '27AAPFU0939F1ZV', phone: '+91 98220 12345' });
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json().data;
    expect((await call('POST', '/inventory/suppliers', tok.admin, { name: 'nutrisource pune' })).json().code).toBe('SUPPLIER_EXISTS');
    expect((await call('POST', '/inventory/suppliers', tok.admin, { name: 'X', gstin: 'bad' })).statusCode).toBe(400);
    const item = await create(whey({ name: 'Mass gainer', supplierId: s._id, initialStock: undefined }));
    await call('PATCH', `/inventory/${item._id}/stock`, tok.admin, { action: 'receive', quantity: 4, unitCost: 1200, supplierId: s._id });
    const detail = await call('GET', `/inventory/suppliers/${s._id}`, tok.admin);
    const d = r.getSupplier.responses[200].parse(detail.json()).data;
    expect(d).toMatchObject({ itemCount: 1, totalPurchased: 4800 });
    expect(d.purchases[0]).toMatchObject({ quantity: 4, unitCost: 1200, total: 4800 });
    expect((await call('GET', `/inventory/suppliers/${s._id}`, tok.adminB)).statusCode).toBe(404);
    expect((await call('PUT', `/inventory/suppliers/${s._id}`, tok.adminB, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call('DELETE', `/inventory/suppliers/${s._id}`, tok.adminB)).statusCode).toBe(404);
    expect((await call('GET', '/inventory/suppliers', tok.trainer)).statusCode).toBe(403);
    expect((await call('POST', '/inventory', tok.adminB, whey({ locationId: LB, supplierId: s._id }))).statusCode).toBe(404);
  });

  it('alerts: low stock, expiring within days; the daily job raises each expiring batch and due service once', async () => {
    const low = (await call('GET', '/inventory/alerts/low-stock', tok.trainer)).json().data.map((i: { name: string }) => i.name);
    expect(low).toContain('Last ten');
    const exp = await call('GET', '/inventory/alerts/expiring?days=30', tok.admin);
    const batches = r.expiring.responses[200].parse(exp.json()).data;
    expect(batches.find((b) => b.item.name === 'Electrolyte drink')).toMatchObject({ daysLeft: 10 });
    expect((await call('GET', '/inventory/alerts/expiring?days=999', tok.admin)).statusCode).toBe(400);
    await create({ name: 'Rowing machine', category: 'equipment', locationId: L1, equipment: { purchaseDate: '2025-01-01', serviceIntervalDays: 30 } });
    const first = await raiseDailyAlerts(t.deps);
    expect(first).toBeGreaterThanOrEqual(2);
    expect(await raiseDailyAlerts(t.deps)).toBe(0);
    expect(await outboxCount('inventory.batch_expiring')).toBeGreaterThanOrEqual(1);
    expect(await outboxCount('inventory.maintenance_due')).toBeGreaterThanOrEqual(1);
  });

  it('dashboard and analytics in the contract’s shape, from sales and write-offs; archived items leave the lists', async () => {
    const dash = await call('GET', '/inventory/dashboard', tok.trainer);
    const d = r.dashboard.responses[200].parse(dash.json()).data;
    expect(d.salesToday.count).toBeGreaterThanOrEqual(12);
    expect(d.lowStockCount).toBeGreaterThanOrEqual(1);
    expect(d.equipmentStatusPercent).not.toBeNull();
    expect((await call('GET', '/inventory/analytics', tok.trainer)).statusCode).toBe(403);
    const an = await call('GET', '/inventory/analytics?period=30d', tok.admin);
    const a = r.analytics.responses[200].parse(an.json()).data;
    expect(a.salesOverTime).toHaveLength(30);
    expect(a.fastMovers[0]!.name).toBe('Last ten');
    expect(a.wastage.byReason).toEqual(expect.arrayContaining([{ reason: 'expired', quantity: 2, valueAtCost: 60 }]));
    expect(a.stockValue.atCost).toBeGreaterThan(0);
    const item = await create(whey({ name: 'To archive', initialStock: undefined }));
    expect((await call('DELETE', `/inventory/${item._id}`, tok.trainer)).statusCode).toBe(403);
    expect((await call('DELETE', `/inventory/${item._id}`, tok.admin)).statusCode).toBe(200);
    expect((await call('GET', `/inventory/${item._id}`, tok.admin)).statusCode).toBe(404);
    const list = await call('GET', '/inventory?search=archive', tok.admin);
    expect(list.json().totalCount).toBe(0);
  });
});
