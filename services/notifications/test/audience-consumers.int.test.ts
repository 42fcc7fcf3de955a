// The audience facts' consumer groups as the service runs them, through the real Kafka: enquiries' lead events (the
// lead's copy and the public form's consent), attendance's check-ins (a member's last visit) and auth's organization
// events (the gym's name) reach their tables.
import { AttendanceEvents, AuthEvents, EnquiriesEvents, topicOf, type EventEnvelope } from '@akhada/contracts';
import { makeEnvelope, newId } from '@akhada/kit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bootNotifications } from './setup.ts';

let svc: Awaited<ReturnType<typeof bootNotifications>>;
const orgId = newId();
const L1 = newId();
const meta = (aggregateId: string, at = new Date().toISOString()) => ({ orgId, correlationId: newId(), causationId: 'test', aggregateId, occurredAt: at });
const produce = (topic: string, env: EventEnvelope<unknown>) =>
  svc.producer.publish([{ topic, key: env.aggregateId, value: JSON.stringify(env), headers: { 'event-id': env.eventId, 'event-type': env.type } }]);

beforeAll(async () => {
  svc = await bootNotifications('notif_aud_kafka', { topics: ['enquiries', 'attendance', 'auth'], consumers: ['enquiries', 'attendance', 'recipients'] });
});
afterAll(() => svc?.close());

describe('audience consumers through Kafka', () => {
  it('keeps a lead from the public form with its offers-and-news consent, a member’s last visit and the gym’s name', async () => {
    const leadId = newId();
    await produce(
      topicOf('enquiries'),
      makeEnvelope(EnquiriesEvents.LeadCaptured, {
        ...meta(leadId),
        locationId: L1,
        data: {
          leadId,
          locationId: L1,
          name: 'Meera Shah',
          phone: '9811122233',
          interest: 'membership',
          source: 'website',
          stage: 'new',
          ownerId: null,
          email: null,
          viaPublicForm: true,
          consentText: 'I agree',
          marketingConsent: { text: 'Send me offers and news from Iron Temple', at: '2030-03-01T05:00:00.000Z', recordedBy: null },
        },
      }),
    );
    const memberId = newId();
    await svc.db
      .insertInto('member_copies')
      .values({ member_id: memberId, org_id: orgId, location_id: L1, email: null, phone: null, end_date: null, trainer_id: null })
      .execute();
    const at = '2030-03-10T06:00:00.000Z';
    await produce(
      topicOf('attendance'),
      makeEnvelope(AttendanceEvents.CheckedIn, {
        ...meta(memberId, at),
        data: {
          attendanceId: newId(),
          memberId,
          type: 'member',
          locationId: L1,
          firstName: 'A',
          lastName: 'B',
          trainerId: null,
          workoutType: 'strength',
          checkInMethod: 'qr',
          checkInTime: at,
        },
      }),
    );
    await produce(
      topicOf('auth'),
      makeEnvelope(AuthEvents.OrganizationCreated, { ...meta(orgId), data: { orgId, name: 'Iron Temple', plan: 'free', trialEndsAt: null, ownerId: newId() } }),
    );

    await vi.waitFor(
      async () =>
        expect(await svc.db.selectFrom('lead_copies').select('name').where('lead_id', '=', leadId).executeTakeFirst()).toEqual({ name: 'Meera Shah' }),
      { timeout: 20_000, interval: 100 },
    );
    expect((await svc.db.selectFrom('marketing_consent').select('channel').where('person_id', '=', leadId).where('granted', '=', true).execute()).length).toBe(
      3,
    );
    await vi.waitFor(
      async () =>
        expect(
          (
            await svc.db.selectFrom('member_copies').select('last_visit_at').where('member_id', '=', memberId).executeTakeFirstOrThrow()
          ).last_visit_at?.toISOString(),
        ).toBe(at),
      { timeout: 20_000, interval: 100 },
    );
    await vi.waitFor(
      async () => expect(await svc.db.selectFrom('org_brands').select('name').where('org_id', '=', orgId).executeTakeFirst()).toEqual({ name: 'Iron Temple' }),
      { timeout: 20_000, interval: 100 },
    );
  });
});
