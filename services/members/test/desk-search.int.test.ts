import { memberRoutes } from '@akhada/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootMembers } from './setup.ts';

// Issue 31: the desk's check-in finds a member by name, phone or member id (GET /members?search=, as POS's buyer picker),
// only among the caller's organization and locations.
const orgA = randomUUID();
const orgB = randomUUID();
const L1 = randomUUID();
const L2 = randomUUID();
const LB = randomUUID();
let env: Awaited<ReturnType<typeof bootMembers>>;
let tokens: { deskL1: string; ownerA: string; adminB: string };
const ids: Record<'priya' | 'atL2' | 'ofB', string> = { priya: '', atL2: '', ofB: '' };

const register = async (token: string, body: Record<string, unknown>) => {
  const res = await env.app.inject({
    method: 'POST',
    url: '/members',
    headers: { authorization: `Bearer ${token}` },
    payload: { lastName: 'Sharma', membershipType: 'basic', membershipFee: 999, paymentFrequency: 'monthly', ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return memberRoutes.create.responses[201].parse(res.json()).data._id;
};

const search = async (token: string, term: string) => {
  const res = await env.app.inject({
    method: 'GET',
    url: `/members?search=${encodeURIComponent(term)}&limit=6`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return memberRoutes.list.responses[200].parse(res.json()).data.map((m) => m._id);
};

beforeAll(async () => {
  env = await bootMembers('members_desk');
  await env.org(orgA, 'enterprise', null, [
    [L1, 'Asia/Kolkata'],
    [L2, 'Asia/Kolkata'],
  ]);
  await env.org(orgB, 'enterprise', null, [[LB, 'Asia/Kolkata']]);
  tokens = {
    deskL1: await env.sign(orgA, 'admin', [L1]),
    ownerA: await env.sign(orgA, 'owner', [L1, L2]),
    adminB: await env.sign(orgB, 'admin', [LB]),
  };
  ids.priya = await register(tokens.deskL1, { firstName: 'Priya', email: `priya-${randomUUID().slice(0, 6)}@example.in`, phone: '+91 98765 11111' });
  ids.atL2 = await register(await env.sign(orgA, 'admin', [L2]), {
    firstName: 'Second',
    email: `l2-${randomUUID().slice(0, 6)}@example.in`,
    phone: '+91 98765 22222',
  });
  ids.ofB = await register(tokens.adminB, { firstName: 'Other', email: `b-${randomUUID().slice(0, 6)}@example.in`, phone: '+91 98765 33333' });
});

afterAll(async () => {
  await env?.close();
});

describe('the desk finds a member to check in', () => {
  it('by name, by phone in any spelling, and by member id (any case)', async () => {
    expect(await search(tokens.deskL1, 'pri')).toEqual([ids.priya]);
    expect(await search(tokens.deskL1, '9876511111')).toEqual([ids.priya]);
    expect(await search(tokens.deskL1, '98765-11111')).toEqual([ids.priya]);
    expect(await search(tokens.deskL1, ids.priya)).toEqual([ids.priya]);
    expect(await search(tokens.deskL1, ids.priya.toUpperCase())).toEqual([ids.priya]);
  });

  it("only among the caller's locations and organization: another branch's or gym's member id finds nobody", async () => {
    expect(await search(tokens.deskL1, ids.atL2)).toEqual([]);
    expect(await search(tokens.deskL1, ids.ofB)).toEqual([]);
    expect(await search(tokens.adminB, ids.priya)).toEqual([]);
    // The owner of both branches finds the second branch's member; another gym's still not.
    expect(await search(tokens.ownerA, ids.atL2)).toEqual([ids.atL2]);
    expect(await search(tokens.ownerA, ids.ofB)).toEqual([]);
    // A phone shared in shape only: B's number is not found from A.
    expect(await search(tokens.ownerA, '9876533333')).toEqual([]);
  });
});
