import type { MemberCopy, TrainerCopy } from '@akhada/contracts';
import { peopleOwners } from '@akhada/kit';
import { createTestKeys, startPeopleOwnerStub } from '@akhada/kit/testing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootPayments } from './setup.ts';

// "Add a member, then take the fee at once" (issue 31): the member's event has not reached payments yet, so recording
// the payment reads the member through from the members service (here its contract stand-in, scoping by the token).
const orgA = randomUUID();
const orgB = randomUUID();
const L1 = randomUUID();
const LB = randomUUID();
let svc: Awaited<ReturnType<typeof bootPayments>>;
let app: typeof svc.app;
let owner: Awaited<ReturnType<typeof startPeopleOwnerStub>>;
let admin: string;

const today = new Date().toISOString().slice(0, 10);
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
  startDate: today,
  endDate: today,
  terms: [{ termNo: 1, startDate: today, endDate: today }],
  trainerId: null,
  version: 1,
  updatedAt: new Date().toISOString(),
});
const pay = (memberId: string) =>
  app.inject({
    method: 'POST',
    url: '/payments',
    headers: { authorization: `Bearer ${admin}` },
    payload: {
      paymentCategory: 'member',
      paymentType: 'membership_fee',
      amount: 1500,
      paymentMethod: 'cash',
      description: 'First month',
      member: memberId,
      membershipType: 'basic',
      membershipPeriod: { startDate: '2026-11-25', endDate: '2026-12-24' },
    },
  });

beforeAll(async () => {
  // The owners of people: a stub on a real port that accepts the harness's test keys, made before the service that asks it.
  const keys = await createTestKeys();
  owner = await startPeopleOwnerStub(keys.keys);
  svc = await bootPayments('pay_rt', { keys, clock: () => new Date(), people: peopleOwners({ MEMBERS_URL: owner.url, TRAINERS_URL: owner.url }) });
  app = svc.app;
  await svc.seed({
    orgs: [{ orgId: orgA }, { orgId: orgB }],
    locations: [
      { locationId: L1, orgId: orgA },
      { locationId: LB, orgId: orgB },
    ],
  });
  admin = await svc.keys.sign({ orgId: orgA, role: 'admin', locationIds: [L1], userId: randomUUID() });
}, 120_000);
afterAll(async () => {
  await svc?.close();
  await owner?.close();
});

describe('a payment right after adding a member (read-through on a miss)', () => {
  it('records the fee of each of five members added a moment ago, asking members once each', async () => {
    for (let i = 0; i < 5; i++) {
      const m = justAdded(orgA, L1, `Member${i}`);
      owner.members.set(m.memberId, m);
      const before = owner.calls.members;
      const res = await pay(m.memberId);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.member).toEqual({ _id: m.memberId, name: `Member${i} Rao` });
      expect(owner.calls.members).toBe(before + 1);
      expect((await pay(m.memberId)).statusCode).toBe(201);
      expect(owner.calls.members).toBe(before + 1);
    }
  });

  it('pays a trainer added a moment ago', async () => {
    const t: TrainerCopy & { orgId: string } = {
      orgId: orgA,
      trainerId: randomUUID(),
      locationId: L1,
      firstName: 'Arjun',
      lastName: 'Nair',
      email: 'arjun@example.in',
      phone: '9822033333',
      specialization: ['cardio'],
      maxClients: 10,
      isAvailable: true,
      hourlyRatePaise: 85_000,
      status: 'active',
      version: 1,
      updatedAt: new Date().toISOString(),
    };
    owner.trainers.set(t.trainerId, t);
    const res = await app.inject({
      method: 'POST',
      url: `/payments/trainer/${t.trainerId}/salary`,
      headers: { authorization: `Bearer ${admin}` },
      payload: { month: 11, year: 2026, amount: 30000 },
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('an id members does not know stays 404 "Member not found"; another gym’s member is 404 and copies nothing', async () => {
    const unknown = await pay(randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Member not found' });
    const theirs = justAdded(orgB, LB, 'Theirs');
    owner.members.set(theirs.memberId, theirs);
    expect((await pay(theirs.memberId)).statusCode).toBe(404);
    expect(await svc.db.selectFrom('pay_members').select('id').where('id', '=', theirs.memberId).executeTakeFirst()).toBeUndefined();
  });
});
