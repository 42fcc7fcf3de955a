import type { MemberCopy } from '@akhada/contracts';
import { dateIn } from '@akhada/kit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../src/db/people-repo.ts';
import { bootAttendance } from './setup.ts';

// "Add a member, then check them in at once": the member's event has not reached attendance yet, so the check-in reads
// the member through from the members service (here its contract stand-in, scoping by the forwarded token).
const orgA = randomUUID();
const orgB = randomUUID();
const L1 = randomUUID();
let t: Awaited<ReturnType<typeof bootAttendance>>;
let owner: string;

beforeAll(async () => {
  t = await bootAttendance('attendance_rt', { owner: {} });
  await t.org(orgA, [L1]);
  owner = await t.sign(orgA, 'owner', [L1]);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const today = () => dateIn('Asia/Kolkata', new Date(t.time.now));
const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** What the members service holds right after POST /members answered (its event still on the way). */
const justAdded = (orgId: string, o: Partial<MemberCopy> = {}): MemberCopy & { orgId: string } => {
  const start = today();
  const end = plusDays(start, 30);
  return {
    orgId,
    memberId: randomUUID(),
    locationId: L1,
    firstName: 'Asha',
    lastName: 'Rao',
    email: 'asha@example.in',
    phone: '9876543210',
    status: 'active',
    membershipType: 'basic',
    paymentFrequency: 'monthly',
    feePaise: 150_000,
    startDate: start,
    endDate: end,
    terms: [{ termNo: 1, startDate: start, endDate: end }],
    trainerId: null,
    version: 1,
    updatedAt: new Date(t.time.now).toISOString(),
    ...o,
  };
};
const checkIn = (memberId: string, token = owner) =>
  t.app.inject({ method: 'POST', url: '/attendance/check-in', headers: { authorization: `Bearer ${token}` }, payload: { memberId } });
const copyOf = (id: string) => t.db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();

describe('check-in right after adding a member (read-through on a miss)', () => {
  it('checks in each of five members added a moment ago, asking members once each; a known member asks nobody', async () => {
    for (let i = 0; i < 5; i++) {
      const m = justAdded(orgA, { firstName: `Member${i}` });
      t.owner!.members.set(m.memberId, m);
      const before = t.owner!.calls.members;
      const res = await checkIn(m.memberId);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.member.name).toBe(`Member${i} Rao`);
      expect(t.owner!.calls.members).toBe(before + 1);
      expect(await copyOf(m.memberId)).toMatchObject({ org_id: orgA, status: 'active', updated_at: new Date(m.updatedAt) });

      await t.app.inject({ method: 'POST', url: '/attendance/check-out', headers: { authorization: `Bearer ${owner}` }, payload: { memberId: m.memberId } });
      expect((await checkIn(m.memberId)).statusCode).toBe(201);
      expect(t.owner!.calls.members).toBe(before + 1);
    }
  });

  it('the copy it wrote is the projection’s: an older event changes nothing, a newer one wins', async () => {
    const m = justAdded(orgA);
    t.owner!.members.set(m.memberId, m);
    expect((await checkIn(m.memberId)).statusCode).toBe(201);
    const at = (ms: number) => new Date(Date.parse(m.updatedAt) + ms).toISOString();
    await members.save(t.db, orgA, { ...m, firstName: 'Old', updatedAt: at(-1000) });
    expect((await copyOf(m.memberId))?.first_name).toBe('Asha');
    await members.save(t.db, orgA, { ...m, firstName: 'New', updatedAt: at(1000) });
    expect((await copyOf(m.memberId))?.first_name).toBe('New');
  });

  it('a member the members service does not know stays 404, said once ("Member not found")', async () => {
    const res = await checkIn(randomUUID());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Member not found' });
  });

  it('a member of another organization is 404 (the forwarded token scopes the read) and nothing is copied', async () => {
    const other = justAdded(orgB);
    t.owner!.members.set(other.memberId, other);
    const res = await checkIn(other.memberId);
    expect(res.statusCode).toBe(404);
    expect(await copyOf(other.memberId)).toBeUndefined();
  });

  it('a members service that does not answer in time is a 503 "try again", and nothing is written', async () => {
    const m = justAdded(orgA);
    t.owner!.members.set(m.memberId, m);
    let release!: () => void;
    t.owner!.slow.until = new Promise<void>((r) => (release = r));
    try {
      const res = await checkIn(m.memberId);
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      release();
      t.owner!.slow.until = undefined;
    }
    expect(await copyOf(m.memberId)).toBeUndefined();
    expect(await t.db.selectFrom('sessions').select('id').where('person_id', '=', m.memberId).execute()).toEqual([]);
  });

  it('a member renewed early (the new term starts at the current end) checks in: the current term stays valid', async () => {
    const start = plusDays(today(), -330);
    const end = plusDays(today(), 30);
    const m = justAdded(orgA, {
      startDate: end,
      endDate: plusDays(end, 365),
      terms: [
        { termNo: 1, startDate: start, endDate: end },
        { termNo: 2, startDate: end, endDate: plusDays(end, 365) },
      ],
    });
    t.owner!.members.set(m.memberId, m);
    expect((await checkIn(m.memberId)).statusCode).toBe(201);
  });
});
