import { inventoryRoutes as r, type MemberCopy } from '@akhada/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootInventory } from './setup.ts';

// "Add a member, then sell them a shake at once": the member's event has not reached inventory yet, so the sale reads
// the buyer through from the members service (here its contract stand-in, scoping by the forwarded token).
const orgA = randomUUID();
const orgB = randomUUID();
const L1 = randomUUID();
const LB = randomUUID();
let t: Awaited<ReturnType<typeof bootInventory>>;
let admin: string;
let itemId: string;

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

/** What the members service holds right after POST /members answered (its event still on the way). */
const justAdded = (orgId: string, locationId: string, firstName: string): MemberCopy & { orgId: string } => ({
  orgId,
  memberId: randomUUID(),
  locationId,
  firstName,
  lastName: 'Rao',
  email: `${firstName.toLowerCase()}@example.in`,
  phone: '9876543210',
  status: 'active',
  membershipType: 'basic',
  paymentFrequency: 'monthly',
  feePaise: 150_000,
  startDate: '2026-05-10',
  endDate: '2026-06-09',
  terms: [{ termNo: 1, startDate: '2026-05-10', endDate: '2026-06-09' }],
  trainerId: null,
  version: 1,
  updatedAt: new Date().toISOString(),
});
const sale = (memberId: string) =>
  call('POST', '/pos/sales', admin, { saleId: randomUUID(), locationId: L1, buyer: { kind: 'member', memberId }, lines: [{ itemId, quantity: 1 }] });

beforeAll(async () => {
  t = await bootInventory('inv_rt', { owner: true });
  await t.org(orgA, [L1]);
  await t.org(orgB, [LB]);
  admin = await t.sign(orgA, 'admin', [L1], randomUUID(), 'Priya Shah');
  const res = await call('POST', '/inventory', admin, {
    name: 'Protein shake',
    category: 'supplement',
    locationId: L1,
    isForSale: true,
    sellingPrice: 120,
    hsn: '2106',
    gstRate: 18,
    initialStock: { quantity: 50, unitCost: 60, expiryDate: '2027-03-31', batchNo: 'PS-1' },
  });
  expect(res.statusCode, res.body).toBe(201);
  itemId = r.create.responses[201].parse(res.json()).data._id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('a sale to a member added a moment ago (read-through on a miss)', () => {
  it('sells to each of five members added a moment ago, asking members once each; a known member asks nobody', async () => {
    for (let i = 0; i < 5; i++) {
      const m = justAdded(orgA, L1, `Member${i}`);
      t.owner!.members.set(m.memberId, m);
      const before = t.owner!.calls.members;
      const res = await sale(m.memberId);
      expect(res.statusCode, res.body).toBe(201);
      expect(r.posCreateSale.responses[201].parse(res.json()).data.buyer).toMatchObject({ kind: 'member', memberId: m.memberId, name: `Member${i} Rao` });
      expect(t.owner!.calls.members).toBe(before + 1);
      const again = await sale(m.memberId);
      expect(again.statusCode, again.body).toBe(201);
      expect(t.owner!.calls.members).toBe(before + 1);
    }
  });

  it('an id members does not know stays 404 "Member not found", and sells nothing', async () => {
    const res = await sale(randomUUID());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Member not found' });
  });

  it('another gym’s member is 404 and copies nothing (the forwarded token scopes the owner’s read)', async () => {
    const theirs = justAdded(orgB, LB, 'Theirs');
    t.owner!.members.set(theirs.memberId, theirs);
    const res = await sale(theirs.memberId);
    expect(res.statusCode).toBe(404);
    expect(await t.db.selectFrom('people').select('id').where('id', '=', theirs.memberId).executeTakeFirst()).toBeUndefined();
  });
});
