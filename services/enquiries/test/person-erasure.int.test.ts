import { AuthEvents, DataRightsEvents, MemberEvents, topicOf, topicSpecs, type EventEnvelope } from '@akhada/contracts';
import { makeEnvelope, type RunningConsumer } from '@akhada/kit';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startConsumers } from '../src/consumers/start-consumers.ts';
import { bootEnquiries } from './setup.ts';

type Lead = { id: string; name: string; stage: string; memberId: string | null; followUps: { id: string }[] };

let s: Awaited<ReturnType<typeof bootEnquiries<true>>>;
let consumers: RunningConsumer[] = [];
const orgA = randomUUID();
const orgB = randomUUID();
const locA = randomUUID();
const locB = randomUUID();
const ownerId = randomUUID();
let owner: string;
let ownerB: string;

/** Everything personal the test writes about the erased people; none of it may be left in their rows or streams. */
const PERSONAL = ['Asha', 'Verma', 'asha@example.in', '9812345678', 'Knee injury', 'Call after 6', 'Wants a discount', 'Early mornings', 'Meera', 'Kapoor'];

beforeAll(async () => {
  // The owning services' read-through still knows the old name (as trainers may, until it has erased the person too).
  s = await bootEnquiries('enquiries_erase', { kafka: true, staffDirectory: async (id) => ({ id, firstName: 'Meera', lastName: 'Kapoor' }) });
  await s.org(orgA, [locA]);
  await s.org(orgB, [locB]);
  const { bus, logger } = s.runtime;
  await bus.ensureTopics(topicSpecs().filter((t) => [topicOf('members'), topicOf('auth')].includes(t.topic)));
  consumers = await startConsumers({
    bus,
    db: s.db,
    logger,
    groups: { members: `${s.schema}.members`, auth: `${s.schema}.auth`, attendance: `${s.schema}.attendance` },
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

const publish = (topic: 'members' | 'auth', ...envs: EventEnvelope[]) =>
  s.runtime.bus.publish(
    envs.map((e) => ({ topic: topicOf(topic), key: e.aggregateId, value: JSON.stringify(e), headers: { 'event-id': e.eventId, 'event-type': e.type } })),
  );
const meta = (orgId: string, aggregateId: string) => ({
  orgId,
  aggregateId,
  correlationId: randomUUID(),
  causationId: randomUUID(),
  occurredAt: new Date().toISOString(),
});
const call = async (token: string, method: 'POST' | 'PATCH', url: string, body: unknown) => {
  const res = await s.call(token, method, url, body);
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body.data as { lead?: Lead } & Lead;
};
const leadNow = async (id: string, token = owner) => (await s.call(token, 'GET', `/enquiries/leads/${id}`)).body.data as Lead;

/** Asha's lead with everything a lead can hold: notes, an edit, a note, a follow-up done with an outcome, a loss and a reopening. */
const ashaLead = async (token: string, locationId: string) => {
  const created = await call(token, 'POST', '/enquiries/leads', {
    locationId,
    name: 'Asha Verma',
    phone: '9812345678',
    email: 'asha@example.in',
    interest: 'membership',
    source: 'instagram',
    preferredTime: 'Early mornings',
    notes: 'Knee injury',
    marketingConsent: true,
  });
  const id = (created.lead ?? created).id;
  await call(token, 'PATCH', `/enquiries/leads/${id}`, { notes: 'Knee injury, mild' });
  await call(token, 'POST', `/enquiries/leads/${id}/notes`, { text: 'Wants a discount' });
  const withFollowUp = await call(token, 'POST', `/enquiries/leads/${id}/follow-ups`, {
    kind: 'call',
    dueAt: '2030-03-12T05:00:00.000Z',
    note: 'Call after 6',
  });
  const followUpId = (withFollowUp.lead ?? withFollowUp).followUps[0]!.id;
  await call(token, 'POST', `/enquiries/leads/${id}/follow-ups/${followUpId}/done`, { outcome: 'Asha will visit' });
  return id;
};

/** The lead's rows and its stream's stored events, as one text to search. */
const leadText = async (leadId: string): Promise<string> =>
  JSON.stringify([
    (await sql`select * from leads where id = ${leadId}`.execute(s.db)).rows,
    (await sql`select * from lead_timeline where lead_id = ${leadId}`.execute(s.db)).rows,
    (await sql`select * from lead_follow_ups where lead_id = ${leadId}`.execute(s.db)).rows,
    (await sql`select data from events where stream_id = ${`lead-${leadId}`}`.execute(s.db)).rows,
  ]);
const answers = async () =>
  (await s.db.selectFrom('outbox').select('payload').execute())
    .map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as { type: string; data: DataRightsEvents.PersonErasedData })
    .filter((e) => e.type === DataRightsEvents.PersonErased.enquiries.type);

describe('enquiries: erasure of a person (DPDP)', () => {
  it('erases the lead that became the member and a staff member’s name, keeps the funnel, answers once under redelivery; another gym’s same-phone lead is untouched', async () => {
    const leadId = await ashaLead(owner, locA);
    const foreignId = await ashaLead(ownerB, locB);
    const memberId = randomUUID();
    const staffId = randomUUID();
    // Asha becomes a member from her lead; Meera Kapoor is a trainer of the gym.
    await publish(
      'members',
      makeEnvelope(MemberEvents.MemberRegistered, {
        ...meta(orgA, memberId),
        data: {
          memberId,
          locationId: locA,
          firstName: 'Asha',
          lastName: 'Verma',
          email: 'asha@example.in',
          phone: '9812345678',
          membershipType: 'basic',
          paymentFrequency: 'monthly',
          feePaise: 150000,
          startDate: '2030-03-11',
          endDate: '2030-04-11',
          enquiryId: leadId,
          acquisitionSource: 'instagram',
        },
      }),
    );
    await publish(
      'auth',
      makeEnvelope(AuthEvents.UserRegistered, {
        ...meta(orgA, staffId),
        data: { userId: staffId, orgId: orgA, role: 'trainer', firstName: 'Meera', lastName: 'Kapoor', email: 'meera@example.in', locationIds: [locA] },
      }),
    );
    await vi.waitUntil(async () => (await leadNow(leadId)).stage === 'joined', { timeout: 20_000, interval: 100 });
    await vi.waitUntil(async () => (await s.db.selectFrom('staff').select('id').where('id', '=', staffId).executeTakeFirst()) !== undefined, {
      timeout: 20_000,
      interval: 100,
    });
    const before = await leadText(leadId);
    for (const p of ['Asha', '9812345678', 'asha@example.in', 'Knee injury', 'Wants a discount', 'Call after 6', 'Early mornings']) expect(before).toContain(p);
    const funnelBefore = (await s.call(owner, 'GET', '/enquiries/reports/funnel')).body.data;

    // Both erasures, the member's delivered twice (a redelivery of the same event).
    const eraseMember = makeEnvelope(DataRightsEvents.PersonErasureRequested, {
      ...meta(orgA, memberId),
      data: { requestId: randomUUID(), organizationId: orgA, userId: memberId, memberId, trainerId: null },
    });
    const eraseStaff = makeEnvelope(DataRightsEvents.PersonErasureRequested, {
      ...meta(orgA, staffId),
      data: { requestId: randomUUID(), organizationId: orgA, userId: staffId, memberId: null, trainerId: staffId },
    });
    await publish('auth', eraseMember, eraseMember, eraseStaff);
    await vi.waitUntil(async () => (await answers()).length >= 2, { timeout: 20_000, interval: 100 });
    // A sentinel after the redelivery on the member's key: once it is handled, so was everything before it.
    const sentinelStaff = randomUUID();
    await publish(
      'auth',
      makeEnvelope(AuthEvents.UserRegistered, {
        ...meta(orgA, memberId),
        data: { userId: sentinelStaff, orgId: orgA, role: 'admin', firstName: 'Ravi', lastName: 'Rao', email: 'ravi@example.in', locationIds: [locA] },
      }),
    );
    await vi.waitUntil(async () => (await s.db.selectFrom('staff').select('id').where('id', '=', sentinelStaff).executeTakeFirst()) !== undefined, {
      timeout: 20_000,
      interval: 100,
    });

    const got = await answers();
    expect(got.map((a) => [a.data.userId, a.data.service, a.data.requestId]).sort()).toEqual(
      [
        [memberId, 'enquiries', eraseMember.data.requestId],
        [staffId, 'enquiries', eraseStaff.data.requestId],
      ].sort(),
    );

    const after = await leadText(leadId);
    for (const p of PERSONAL) expect(after).not.toContain(p);
    const lead = await leadNow(leadId);
    expect(lead).toMatchObject({ name: DataRightsEvents.ERASED_NAME, stage: 'joined', memberId });
    const staff = await s.db.selectFrom('staff').select(['first_name', 'last_name']).where('id', '=', staffId).executeTakeFirstOrThrow();
    expect(staff).toEqual({ first_name: DataRightsEvents.ERASED_NAME, last_name: '' });
    // Giving a lead to the erased staff member does not learn their name again through the staff directory.
    await call(owner, 'POST', `/enquiries/leads/${leadId}/owner`, { ownerId: staffId });
    expect(await s.db.selectFrom('staff').select(['first_name', 'last_name']).where('id', '=', staffId).executeTakeFirstOrThrow()).toEqual(staff);
    // The funnel's figures do not change.
    expect((await s.call(owner, 'GET', '/enquiries/reports/funnel')).body.data).toEqual(funnelBefore);
    // The same number enquiring again is a new lead (the erased one is not found by phone).
    const again = await call(owner, 'POST', '/enquiries/leads', {
      locationId: locA,
      name: 'Asha Verma',
      phone: '9812345678',
      interest: 'membership',
      source: 'walk_in',
    });
    expect((again.lead ?? again).id).not.toBe(leadId);
    // Another gym's lead with the same phone keeps everything.
    const foreign = await leadText(foreignId);
    for (const p of ['Asha Verma', '9812345678', 'asha@example.in', 'Knee injury', 'Wants a discount', 'Call after 6']) expect(foreign).toContain(p);
    expect((await leadNow(foreignId, ownerB)).name).toBe('Asha Verma');
  }, 90_000);
});
