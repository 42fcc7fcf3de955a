import { AttendanceEvents, AuthEvents, MemberEvents, topicOf, topicSpecs, type EventEnvelope } from '@akhada/contracts';
import { makeEnvelope, type RunningConsumer } from '@akhada/kit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startConsumers } from '../src/consumers/start-consumers.ts';
import { bootEnquiries } from './setup.ts';

type Lead = {
  id: string;
  stage: string;
  memberId: string | null;
  timeline: { type: string; stage: string | null }[];
  trialPasses: { id: string; visits: number }[];
};

let s: Awaited<ReturnType<typeof bootEnquiries<true>>>;
let consumers: RunningConsumer[] = [];
const orgA = randomUUID();
const orgB = randomUUID();
const locA = randomUUID();
const locB = randomUUID();
let owner: string;
let ownerB: string;
const ownerId = randomUUID();
let phoneSeq = 0;

beforeAll(async () => {
  s = await bootEnquiries('enquiries_cons', { kafka: true });
  await s.org(orgA, [locA]);
  await s.org(orgB, [locB]);
  const { bus, logger } = s.runtime;
  await bus.ensureTopics(topicSpecs().filter((t) => [topicOf('members'), topicOf('attendance'), topicOf('auth')].includes(t.topic)));
  consumers = await startConsumers({
    bus,
    db: s.db,
    logger,
    groups: { members: `${s.schema}.members`, attendance: `${s.schema}.attendance`, auth: `${s.schema}.auth` },
    startAt: 'now',
  });
  owner = await s.sign(orgA, 'owner', [locA], ownerId);
  ownerB = await s.sign(orgB, 'owner', [locB]);
}, 120_000);

afterAll(async () => {
  for (const c of consumers) await c.stop();
  await s?.runtime.bus.deleteGroups((g) => g.includes(s.schema)).catch(() => undefined);
  await s?.close();
});

const newLead = async (token = owner, locationId = locA) => {
  const res = await s.call(token, 'POST', '/enquiries/leads', {
    locationId,
    name: 'Kiran Shah',
    phone: `97${String(10_000_000 + ++phoneSeq).padStart(8, '0')}`,
    interest: 'membership',
    source: 'instagram',
  });
  expect(res.status).toBe(201);
  return (res.body.data as { lead: Lead }).lead;
};
const leadNow = async (id: string, token = owner) => (await s.call(token, 'GET', `/enquiries/leads/${id}`)).body.data as Lead;
const publish = (topic: 'members' | 'attendance' | 'auth', ...envs: EventEnvelope[]) =>
  s.runtime.bus.publish(
    envs.map((e) => ({ topic: topicOf(topic), key: e.aggregateId, value: JSON.stringify(e), headers: { 'event-id': e.eventId, 'event-type': e.type } })),
  );
const meta = (orgId: string, aggregateId: string) => ({
  orgId,
  aggregateId,
  correlationId: randomUUID(),
  causationId: randomUUID(),
  occurredAt: new Date(s.clock().getTime() + 60_000).toISOString(),
});
/** member_registered as members publishes it for a member added from the lead `enquiryId`; `key` orders it with others. */
const registered = (orgId: string, memberId: string, enquiryId: string | undefined, key = memberId) =>
  makeEnvelope(MemberEvents.MemberRegistered, {
    ...meta(orgId, key),
    data: {
      memberId,
      locationId: locA,
      firstName: 'Kiran',
      lastName: 'Shah',
      email: `${memberId}@example.in`,
      phone: '9876543210',
      membershipType: 'basic',
      paymentFrequency: 'monthly',
      feePaise: 150000,
      startDate: '2030-03-11',
      endDate: '2030-04-11',
      ...(enquiryId ? { enquiryId, acquisitionSource: 'instagram' } : {}),
    },
  });
const joined = (id: string) => async () => {
  const l = await leadNow(id);
  return l.stage === 'joined' ? l : undefined;
};

describe("members' member_registered naming a lead", () => {
  it('marks the lead joined and links the member exactly once, redelivered or named again; another gym’s lead is left alone', async () => {
    const lead = await newLead();
    const foreign = await newLead(ownerB, locB);
    const sentinelLead = await newLead();
    const memberId = randomUUID();
    const first = registered(orgA, memberId, lead.id);
    // The same event twice (a redelivery), a second member naming the lead, gym A's event naming gym B's lead, then a
    // sentinel on the same partition (key): once the sentinel's lead has joined, everything before it was handled.
    await publish(
      'members',
      first,
      first,
      registered(orgA, randomUUID(), lead.id, memberId),
      registered(orgA, randomUUID(), foreign.id, memberId),
      registered(orgA, randomUUID(), sentinelLead.id, memberId),
    );
    await vi.waitUntil(joined(sentinelLead.id), { timeout: 20_000, interval: 100 });
    const after = await leadNow(lead.id);
    expect(after.stage).toBe('joined');
    expect(after.memberId).toBe(memberId);
    expect(after.timeline.filter((e) => e.type === 'joined')).toHaveLength(1);
    const other = await leadNow(foreign.id, ownerB);
    expect(other).toMatchObject({ stage: 'new', memberId: null });
    const outbox = await s.db.selectFrom('outbox').select(['payload']).where('key', '=', lead.id).execute();
    expect(outbox.filter((r) => JSON.stringify(r.payload).includes('"to":"joined"') || JSON.stringify(r.payload).includes('"stage":"joined"'))).toHaveLength(1);
  });

  it('a referred lead (a code given at the desk, source referral) announces enquiries.lead_joined with its code, once', async () => {
    const bad = await s.call(owner, 'POST', '/enquiries/leads', {
      locationId: locA,
      name: 'Ravi',
      phone: '9555000111',
      interest: 'class',
      source: 'walk_in',
      referralCode: 'no!',
    });
    expect(bad.status).toBe(400);
    const res = await s.call(owner, 'POST', '/enquiries/leads', {
      locationId: locA,
      name: 'Ravi Kumar',
      phone: '9555000112',
      interest: 'membership',
      source: 'walk_in',
      referralCode: '7k2m-9qxa',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const lead = (res.body.data as { lead: Lead & { source: string } }).lead;
    expect(lead.source).toBe('referral');
    const memberId = randomUUID();
    const first = registered(orgA, memberId, lead.id);
    await publish('members', first, first);
    await vi.waitUntil(joined(lead.id), { timeout: 20_000, interval: 100 });
    const outbox = await s.db.selectFrom('outbox').select(['payload']).where('key', '=', lead.id).execute();
    const announced = outbox.map((r) => r.payload as { type: string; data: unknown }).filter((p) => p.type === 'enquiries.lead_joined');
    expect(announced.map((p) => p.data)).toEqual([{ leadId: lead.id, locationId: locA, memberId, referralCode: '7K2M9QXA' }]);
  });
});

describe("attendance's trial visits", () => {
  it('a visit on the lead’s pass joins the timeline and marks the trial done at the first visit only', async () => {
    const lead = await newLead();
    const issued = await s.call(owner, 'POST', `/enquiries/leads/${lead.id}/trial-pass`, { days: 3 });
    expect(issued.status).toBe(200);
    const passId = (issued.body.data as Lead).trialPasses[0]!.id;
    const visit = (n: number) =>
      makeEnvelope(AttendanceEvents.TrialVisitRecorded, {
        ...meta(orgA, passId),
        locationId: locA,
        data: {
          visitId: randomUUID(),
          passId,
          leadId: lead.id,
          locationId: locA,
          name: 'Kiran Shah',
          visitTime: new Date(s.clock().getTime() + n * 86_400_000).toISOString(),
          checkInMethod: 'manual',
          visitNumber: n,
        },
      });
    const one = visit(1);
    await publish('attendance', one, one, visit(2));
    await vi.waitUntil(async () => ((await leadNow(lead.id)).trialPasses[0]!.visits === 2 ? true : undefined), { timeout: 20_000, interval: 100 });
    const after = await leadNow(lead.id);
    expect(after.stage).toBe('trial_done');
    expect(after.timeline.filter((e) => e.type === 'trial_visit')).toHaveLength(2);
    expect(after.timeline.filter((e) => e.type === 'stage_changed').map((e) => e.stage)).toEqual(['trial_done', 'trial_booked']);
  });
});

describe("auth's staff names", () => {
  it('a lead’s owner and the funnel’s owner rows read as the staff member’s name once auth announced them; a member’s registration names nobody', async () => {
    const lead = await newLead();
    expect((await leadNow(lead.id)) as unknown as { ownerName: string | null }).toMatchObject({ ownerName: null });
    const user = (userId: string, role: 'owner' | 'member', firstName: string) =>
      makeEnvelope(AuthEvents.UserRegistered, {
        ...meta(orgA, userId),
        data: { userId, orgId: orgA, role, firstName, lastName: 'Rao ', email: `${userId}@example.in`, locationIds: [locA] },
      });
    const memberId = randomUUID();
    await publish('auth', user(ownerId, 'owner', ' Asha'), user(memberId, 'member', 'Vikram'));
    await vi.waitUntil(async () => (((await leadNow(lead.id)) as unknown as { ownerName: string | null }).ownerName === 'Asha Rao' ? true : undefined), {
      timeout: 20_000,
      interval: 100,
    });
    expect(await s.db.selectFrom('staff').select('id').where('id', '=', memberId).execute()).toEqual([]);
    const list = await s.call(owner, 'GET', '/enquiries/leads');
    expect((list.body.data as { id: string; ownerName: string | null }[]).find((l) => l.id === lead.id)?.ownerName).toBe('Asha Rao');
    const day = new Date(s.clock().getTime()).toISOString().slice(0, 10);
    const report = await s.call(owner, 'GET', `/enquiries/reports/funnel?by=owner&from=${day}&to=${day}`);
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect((report.body.data as { rows: { key: string; label: string }[] }).rows.find((r) => r.key === ownerId)?.label).toBe('Asha Rao');
    // Gym B's owner asks about the same lead: not theirs (404), and their list names nobody of gym A.
    expect((await s.call(ownerB, 'GET', `/enquiries/leads/${lead.id}`)).status).toBe(404);
  });
});
