import { inventoryRoutes as r } from '@akhada/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentHandlers } from '../src/consumers/payments.ts';
import { bootInventory } from './setup.ts';

// The sales list (GET /pos/sales with its filters and totals), one sale (GET /pos/sales/:id), the sales CSV and the
// inventory export: scoped by organization, location and role; bad filters are 400.

const orgA = randomUUID();
const L1 = randomUUID();
const L2 = randomUUID();
const orgB = randomUUID();
const LB = randomUUID();
const ids = { owner: randomUUID(), admin: randomUUID(), adminL2: randomUUID(), trainer: randomUUID(), member: randomUUID(), adminB: randomUUID() };

let t: Awaited<ReturnType<typeof bootInventory>>;
let tok: Record<keyof typeof ids, string>;

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

const item = async (locationId: string, name: string, token: string, quantity = 20) => {
  const res = await call('POST', '/inventory', token, {
    name,
    category: 'supplement',
    locationId,
    isForSale: true,
    sellingPrice: 100,
    hsn: '2106',
    gstRate: 18,
    initialStock: { quantity, unitCost: 60, expiryDate: '2027-03-31', batchNo: `${name}-1` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return r.create.responses[201].parse(res.json()).data;
};
const sell = async (token: string, body: object) => {
  const res = await call('POST', '/pos/sales', token, { saleId: randomUUID(), ...body });
  expect(res.statusCode, res.body).toBe(201);
  return r.posCreateSale.responses[201].parse(res.json()).data;
};
const invoiced = (saleId: string, number: string) =>
  t.db.transaction().execute((trx) =>
    paymentHandlers()[0]!.handle(trx, {
      eventId: randomUUID(),
      type: 'payments.sale_invoiced',
      version: 1,
      occurredAt: new Date().toISOString(),
      orgId: orgA,
      aggregateId: randomUUID(),
      correlationId: randomUUID(),
      causationId: randomUUID(),
      data: { saleId, paymentId: randomUUID(), invoiceId: randomUUID(), invoiceNumber: number },
    }),
  );
const list = async (query: string, token = tok.owner) => {
  const res = await call('GET', `/pos/sales?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return r.posListSales.responses[200].parse(res.json());
};

const sales: Record<string, string> = {};

beforeAll(async () => {
  t = await bootInventory('saleslist');
  await t.org(orgA, [L1, L2]);
  await t.org(orgB, [LB]);
  await t.person(ids.member, orgA, 'member', L1, 'Asha Rao');
  tok = {
    owner: await t.sign(orgA, 'owner', [L1, L2], ids.owner, 'Omkar Owner'),
    admin: await t.sign(orgA, 'admin', [L1], ids.admin, 'Priya Shah'),
    adminL2: await t.sign(orgA, 'admin', [L2], ids.adminL2),
    trainer: await t.sign(orgA, 'trainer', [L1], ids.trainer, 'Ravi Kumar'),
    member: await t.sign(orgA, 'member', [L1], ids.member, 'Asha Rao'),
    adminB: await t.sign(orgB, 'admin', [LB], ids.adminB),
  };
  const bar = await item(L1, 'Protein bar', tok.admin);
  const water = await item(L2, 'Water', tok.owner);
  const theirs = await item(LB, 'B bar', tok.adminB);
  // 9 May 23:00 IST (17:30 UTC) is still the 9th in the location's day, though the 10th is near.
  t.time.now = Date.parse('2026-05-09T17:30:00.000Z');
  sales.may9 = (await sell(tok.admin, { locationId: L1, buyer: { kind: 'walk_in', name: 'Kiran' }, lines: [{ itemId: bar._id, quantity: 1 }] }))._id;
  t.time.now = Date.parse('2026-05-10T06:30:00.000Z');
  sales.member = (
    await sell(tok.admin, { locationId: L1, buyer: { kind: 'member', memberId: ids.member }, lines: [{ itemId: bar._id, quantity: 2 }], paymentMethod: 'upi' })
  )._id;
  t.time.now += 60_000;
  sales.online = (
    await sell(tok.admin, { locationId: L1, buyer: { kind: 'walk_in' }, lines: [{ itemId: bar._id, quantity: 1 }], paymentMethod: 'razorpay' })
  )._id;
  t.time.now += 60_000;
  sales.l2 = (await sell(tok.owner, { locationId: L2, buyer: { kind: 'walk_in', phone: '98200 11111' }, lines: [{ itemId: water._id, quantity: 3 }] }))._id;
  sales.b = (await sell(tok.adminB, { locationId: LB, buyer: { kind: 'walk_in' }, lines: [{ itemId: theirs._id, quantity: 1 }] }))._id;
  await invoiced(sales.member, 'INV-2026-0042');
}, 120_000);
afterAll(async () => t?.close());

describe('GET /pos/sales', () => {
  it('lists the caller’s locations’ sales newest first, with the filtered totals (money of completed sales only)', async () => {
    const all = await list('limit=2');
    expect(all.totalCount).toBe(4);
    expect(all.data.map((s) => s._id)).toEqual([sales.l2, sales.online]);
    expect(all.pagination).toMatchObject({ page: 1, limit: 2, totalPages: 2 });
    // completed: 100 + 200 + 300 taxable, 18 % GST; the awaiting online order is counted but not summed
    expect(all.summary).toEqual({ count: 4, completed: { count: 3, taxable: 600, gst: 108, total: 708 } });
    const page2 = await list('limit=2&page=2');
    expect(page2.data.map((s) => s._id)).toEqual([sales.member, sales.may9]);
    // an admin of L1 sees L1 only; another gym's sale is never in it
    expect((await list('', tok.admin)).data.map((s) => s._id).sort()).toEqual([sales.may9, sales.member, sales.online].sort());
  });

  it('filters by the location’s days, location, status, method, buyer kind and search (buyer, phone, invoice number)', async () => {
    expect((await list('from=2026-05-09&to=2026-05-09')).data.map((s) => s._id)).toEqual([sales.may9]);
    expect((await list('date=2026-05-10')).totalCount).toBe(3);
    expect((await list('from=2026-05-10')).totalCount).toBe(3);
    expect((await list('to=2026-05-09')).totalCount).toBe(1);
    expect((await list(`locationId=${L2}`)).data.map((s) => s._id)).toEqual([sales.l2]);
    expect((await list('status=awaiting_payment')).data.map((s) => s._id)).toEqual([sales.online]);
    expect((await list('status=cancelled')).totalCount).toBe(0);
    expect((await list('paymentMethod=upi')).data.map((s) => s._id)).toEqual([sales.member]);
    expect((await list('buyerKind=member')).data.map((s) => s._id)).toEqual([sales.member]);
    expect((await list('search=asha')).data.map((s) => s._id)).toEqual([sales.member]);
    expect((await list('search=0042')).data.map((s) => s._id)).toEqual([sales.member]);
    expect((await list('search=98200')).data.map((s) => s._id)).toEqual([sales.l2]);
    expect((await list('search=50%25')).totalCount).toBe(0);
    const member = (await list('buyerKind=member')).data[0]!;
    expect(member.invoice).toMatchObject({ number: 'INV-2026-0042' });
    expect(member.totals).toEqual({ taxable: 200, discount: 0, gst: 36, total: 236 });
  });

  it('roles: a trainer views (read-only), a member is 403; a location not the caller’s is 403; another gym’s sale is 404', async () => {
    expect((await list('', tok.trainer)).totalCount).toBe(3);
    expect((await call('GET', '/pos/sales', tok.member)).statusCode).toBe(403);
    expect((await call('GET', '/pos/sales/export', tok.member)).statusCode).toBe(403);
    expect((await call('GET', `/pos/sales?locationId=${L2}`, tok.admin)).statusCode).toBe(403);
    expect((await call('GET', `/pos/sales?locationId=${LB}`, tok.owner)).statusCode).toBe(403);
    expect((await call('GET', `/pos/sales/export?locationId=${L2}`, tok.admin)).statusCode).toBe(403);
    expect((await call('GET', `/pos/sales/${sales.b}`, tok.owner)).statusCode).toBe(404);
    expect((await call('GET', `/pos/sales/${sales.l2}`, tok.admin)).statusCode).toBe(404);
    expect((await call('GET', `/pos/sales/${sales.member}`, tok.trainer)).statusCode).toBe(200);
    expect((await call('GET', `/pos/sales/${sales.may9}`, tok.member)).statusCode).toBe(404);
    // a trainer still cannot sell
    const body = { saleId: randomUUID(), locationId: L1, buyer: { kind: 'walk_in' }, lines: [{ itemId: randomUUID(), quantity: 1 }] };
    expect((await call('POST', '/pos/sales', tok.trainer, body)).statusCode).toBe(403);
  });

  it('bad filters are 400 with the field named', async () => {
    for (const [query, path] of [
      ['from=2026-13-01', 'from'],
      ['from=2026-05-10&to=2026-05-01', 'to'],
      ['status=paid', 'status'],
      ['paymentMethod=cheque', 'paymentMethod'],
      ['buyerKind=guest', 'buyerKind'],
      ['locationId=abc', 'locationId'],
      ['limit=0', 'limit'],
      [`search=${'x'.repeat(101)}`, 'search'],
    ]) {
      const res = await call('GET', `/pos/sales?${query}`, tok.owner);
      expect(res.statusCode, query).toBe(400);
      expect(
        res.json().details.map((d: { path: string }) => d.path),
        query,
      ).toContain(path);
    }
    expect((await call('GET', '/pos/sales/not-a-uuid', tok.owner)).statusCode).toBe(400);
    expect((await call('GET', '/pos/sales/export?from=2026-05-10&to=2026-05-01', tok.owner)).statusCode).toBe(400);
  });
});

describe('GET /pos/sales/export', () => {
  it('streams the filtered sales as CSV, named by the period', async () => {
    const res = await call('GET', '/pos/sales/export?from=2026-05-10&to=2026-05-10&paymentMethod=upi', tok.owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="sales-2026-05-10-2026-05-10.csv"');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('saleId,date,locationId,status');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(sales.member);
    expect(lines[1]).toContain('INV-2026-0042');
    expect(lines[1]).toContain('2 × Protein bar');
  });
});

describe('GET /inventory/export', () => {
  it('owners and admins get each part of their locations’ inventory as CSV or JSON; trainers and members are 403', async () => {
    const items = await call('GET', '/inventory/export?part=items&format=json', tok.admin);
    expect(items.statusCode).toBe(200);
    expect(items.headers['content-disposition']).toBe('attachment; filename="inventory-items.json"');
    const rows = items.json() as { name: string; quantity: number; costPrice: number; locationId: string }[];
    expect(rows.map((x) => x.name)).toEqual(['Protein bar']);
    expect(rows[0]).toMatchObject({ quantity: 16, costPrice: 60, locationId: L1 });
    const batches = (await call('GET', '/inventory/export?part=batches&format=json', tok.owner)).json() as { batchNo: string; quantity: number }[];
    expect(batches.map((b) => [b.batchNo, b.quantity]).sort()).toEqual([
      ['Protein bar-1', 16],
      ['Water-1', 17],
    ]);
    const salesCsv = await call('GET', '/inventory/export?part=sales', tok.owner);
    expect(salesCsv.headers['content-type']).toContain('text/csv');
    expect(salesCsv.body).not.toContain(sales.b);
    expect(salesCsv.body.trim().split('\r\n')).toHaveLength(5);
    expect((await call('GET', '/inventory/export?part=suppliers', tok.owner)).statusCode).toBe(200);
    expect((await call('GET', '/inventory/export', tok.trainer)).statusCode).toBe(403);
    expect((await call('GET', '/inventory/export', tok.member)).statusCode).toBe(403);
    expect((await call('GET', '/inventory/export?part=stock', tok.owner)).statusCode).toBe(400);
    expect((await call('GET', '/inventory/export?format=xml', tok.owner)).statusCode).toBe(400);
  });
});
