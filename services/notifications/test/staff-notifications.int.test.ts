// Notifications for staff and trainers from the members and trainers services' events, against the real PostgreSQL
// and Kafka: a member who joined with the gym code, a trainer awaiting approval, a certification about to expire; and
// scheduling's classes: a class full, a place from the waitlist, a cancelled class, the reminder 2 hours before.
import { AuthEvents, MemberEvents, SchedulingEvents, TrainerEvents, topicOf, type EventDefinition, type EventEnvelope, type Role } from '@akhada/contracts';
import { makeEnvelope, newId } from '@akhada/kit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { sweepReminders } from '../src/consumers/reminders.ts';
import { bootNotifications } from './setup.ts';

const orgId = newId();
const [L1, L2] = [newId(), newId()];
const owner = { id: newId(), role: 'owner' as Role, locs: [L1, L2] };
const adminL1 = { id: newId(), role: 'admin' as Role, locs: [L1] };
const adminL2 = { id: newId(), role: 'admin' as Role, locs: [L2] };
const otherTrainer = { id: newId(), role: 'trainer' as Role, locs: [L1] };
const member = { id: newId(), role: 'member' as Role, locs: [L1] };

let svc: Awaited<ReturnType<typeof bootNotifications>>;

const meta = (aggregateId: string, org = orgId, locationId?: string) => ({
  aggregateId,
  orgId: org,
  correlationId: newId(),
  causationId: newId(),
  occurredAt: new Date().toISOString(),
  ...(locationId ? { locationId } : {}),
});
const produce = (topic: string, env: EventEnvelope<unknown>) =>
  svc.producer.publish([{ topic, key: env.aggregateId, value: JSON.stringify(env), headers: { 'event-id': env.eventId, 'event-type': env.type } }]);

const userRegistered = (u: { id: string; role: Role; locs: string[] }, org = orgId) =>
  makeEnvelope(AuthEvents.UserRegistered, {
    ...meta(u.id, org),
    data: { userId: u.id, orgId: org, role: u.role, firstName: 'Test', lastName: u.role, email: `${u.id}@example.in`, locationIds: u.locs },
  });
const memberSignedUp = (locationId: string, org = orgId) => {
  const memberId = newId();
  return makeEnvelope(MemberEvents.MemberSignedUp, {
    ...meta(memberId, org, locationId),
    data: { memberId, locationId, firstName: 'Neha', lastName: 'Verma', email: `${memberId}@example.in`, phone: '+919812345678' },
  });
};
const trainerCreated = (source: 'staff' | 'join_code', locationId: string, trainerId = newId()) =>
  makeEnvelope(TrainerEvents.TrainerCreated, {
    ...meta(trainerId, orgId, locationId),
    data: {
      trainerId,
      locationId,
      firstName: 'Arjun',
      lastName: 'Mehta',
      email: `${trainerId}@example.in`,
      phone: '+919898989898',
      specialization: ['yoga'],
      maxClients: 10,
      isAvailable: true,
      hourlyRatePaise: 50_000,
      status: source === 'join_code' ? 'pending' : 'active',
      source,
    },
  });
const certificationExpiring = (trainerId: string, locationId: string) =>
  makeEnvelope(TrainerEvents.CertificationExpiring, {
    ...meta(trainerId, orgId, locationId),
    data: { trainerId, certificationId: newId(), name: 'ACE Personal Trainer', expiryDate: '2026-12-20', trainerName: 'Arjun Mehta' },
  });

const notificationsOf = (eventId: string) =>
  svc.db.selectFrom('notifications').selectAll().where('source_event_id', '=', eventId).orderBy('recipient_id').execute();
const recipientsOf = async (eventId: string) => (await notificationsOf(eventId)).map((n) => n.recipient_id).sort();

beforeAll(async () => {
  svc = await bootNotifications('notifstaff', {
    topics: ['auth', 'members', 'trainers', 'notifications', 'attendance', 'scheduling'],
    consumers: ['recipients', 'members', 'trainers', 'attendance', 'payments', 'feedback', 'chat', 'scheduling'],
  });
  for (const u of [owner, adminL1, adminL2, otherTrainer, member]) await produce(topicOf('auth'), userRegistered(u));
  await vi.waitFor(
    async () => {
      const rows = await svc.db.selectFrom('recipients').select('user_id').where('org_id', '=', orgId).execute();
      expect(rows).toHaveLength(5);
    },
    { message: 'the staff projected', timeout: 30_000, interval: 100 },
  );
});

afterAll(async () => svc?.close());

describe('members.member_signed_up', () => {
  it('tells the owner and the admins of that location that a new member awaits a plan', async () => {
    const env = memberSignedUp(L1);
    await produce(topicOf('members'), env);
    const rows = await vi.waitFor(
      async () => {
        const r = await notificationsOf(env.eventId);
        expect(r).toHaveLength(2);
        return r;
      },
      { message: 'two notifications', timeout: 30_000, interval: 100 },
    );
    expect(rows.map((r) => r.recipient_id).sort()).toEqual([owner.id, adminL1.id].sort());
    expect(rows[0]).toMatchObject({
      org_id: orgId,
      location_id: L1,
      type: 'membership',
      category: 'member_signed_up',
      status: 'unread',
      title: 'New member awaiting a plan',
      message: 'Neha Verma joined with the gym code and is waiting for a membership plan.',
      action_url: `/dashboard/members/${env.data.memberId}`,
    });
    // Announced to the hubs with each recipient's unread count, through the outbox.
    const outbox = await svc.db.selectFrom('outbox').select('key').where('topic', '=', topicOf('notifications')).execute();
    expect(outbox.map((o) => o.key)).toEqual(expect.arrayContaining([owner.id, adminL1.id]));
  });

  it('waits for the owner of an organization it does not know yet, then tells them', async () => {
    const newOrg = newId();
    const newOwner = { id: newId(), role: 'owner' as Role, locs: [L1] };
    const env = memberSignedUp(L1, newOrg);
    await produce(topicOf('members'), env);
    await vi.waitFor(
      async () => {
        const parked = await svc.db.selectFrom('awaiting_recipients').select('event_id').where('event_id', '=', env.eventId).execute();
        expect(parked).toHaveLength(1);
      },
      { message: 'the event parked', timeout: 30_000, interval: 100 },
    );
    await produce(topicOf('auth'), userRegistered(newOwner, newOrg));
    await vi.waitFor(async () => expect(await recipientsOf(env.eventId)).toEqual([newOwner.id]), {
      message: 'the owner told once known',
      timeout: 30_000,
      interval: 100,
    });
  });
});

describe('trainers.trainer_created', () => {
  it('tells the owner and the admins of the location about a trainer awaiting approval, and nobody about one staff added', async () => {
    const trainerId = newId();
    const byStaff = trainerCreated('staff', L2);
    const joined = trainerCreated('join_code', L2, trainerId);
    // Same key, so the same partition: once the second is handled, the first has been too.
    await produce(topicOf('trainers'), { ...byStaff, aggregateId: trainerId });
    await produce(topicOf('trainers'), joined);
    const rows = await vi.waitFor(
      async () => {
        const r = await notificationsOf(joined.eventId);
        expect(r).toHaveLength(2);
        return r;
      },
      { message: 'the pending trainer announced', timeout: 30_000, interval: 100 },
    );
    expect(rows.map((r) => r.recipient_id).sort()).toEqual([owner.id, adminL2.id].sort());
    expect(rows[0]).toMatchObject({
      type: 'trainer',
      category: 'trainer_pending',
      title: 'Trainer awaiting approval',
      action_url: `/dashboard/trainers/${trainerId}`,
      location_id: L2,
    });
    expect(await notificationsOf(byStaff.eventId)).toEqual([]);
  });
});

describe('trainers.certification_expiring', () => {
  it('tells the trainer and the admins, with high priority, once however often it is delivered', async () => {
    const trainerId = newId();
    const env = certificationExpiring(trainerId, L1);
    await produce(topicOf('trainers'), env);
    await produce(topicOf('trainers'), env); // delivered twice: still one notification each
    const barrier = trainerCreated('join_code', L1, trainerId);
    await produce(topicOf('trainers'), barrier);
    await vi.waitFor(async () => expect(await notificationsOf(barrier.eventId)).toHaveLength(2), { message: 'the barrier', timeout: 30_000, interval: 100 });
    const rows = await notificationsOf(env.eventId);
    expect(rows.map((r) => r.recipient_id).sort()).toEqual([trainerId, owner.id, adminL1.id].sort());
    for (const r of rows) {
      expect(r).toMatchObject({ type: 'trainer', category: 'certification_expiring', priority: 'high', title: 'Certification expiring soon' });
      expect(r.message).toBe('Arjun Mehta’s certification "ACE Personal Trainer" expires on 2026-12-20.');
    }
    expect(rows.find((r) => r.recipient_id === trainerId)?.action_url).toBe('/dashboard/my-schedule');
    expect(rows.find((r) => r.recipient_id === owner.id)?.action_url).toBe(`/dashboard/trainers/${trainerId}`);
  });
});

describe('scheduling', () => {
  const classScheduled = (startsAt: Date, className = 'Sunrise Yoga') => {
    const classId = newId();
    return makeEnvelope(SchedulingEvents.ClassScheduled, {
      ...meta(classId, orgId, L1),
      data: {
        classId,
        locationId: L1,
        classTypeId: newId(),
        className,
        seriesId: null,
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
        capacity: 1,
        trainerId: null,
        room: 'Studio 1',
      },
    });
  };
  const onClass = <TType extends string, TData extends z.ZodType>(classId: string, def: EventDefinition<TType, TData>, data: z.input<TData>) =>
    makeEnvelope(def, { ...meta(classId, orgId, L1), data });
  const sendAll = async (...envs: EventEnvelope<unknown>[]) => {
    for (const env of envs) await produce(topicOf('scheduling'), env);
  };
  const waiter = { id: newId(), role: 'member' as Role, locs: [L1] };
  // 07:00 in Kolkata (UTC+5:30) on a fixed day: the text shows the location's wall clock, not UTC.
  const at = new Date('2026-12-01T01:30:00Z');

  it('tells staff a class is full, the waiting member they are in, and everyone with a place that it is cancelled', async () => {
    await produce(topicOf('auth'), userRegistered(waiter));
    const scheduled = classScheduled(at);
    const classId = scheduled.data.classId;
    const full = onClass(classId, SchedulingEvents.ClassFull, { classId, capacity: 1 });
    const promoted = onClass(classId, SchedulingEvents.WaitlistPromoted, { classId, memberId: waiter.id });
    const cancelled = onClass(classId, SchedulingEvents.ClassCancelled, {
      classId,
      reason: 'The trainer is unwell.',
      bookedMemberIds: [member.id, waiter.id],
      waitlistedMemberIds: [],
    });
    await sendAll(
      scheduled,
      onClass(classId, SchedulingEvents.ClassBooked, { classId, memberId: member.id }),
      full,
      onClass(classId, SchedulingEvents.MemberWaitlisted, { classId, memberId: waiter.id, position: 1 }),
      onClass(classId, SchedulingEvents.BookingCancelled, { classId, memberId: member.id, late: false, from: 'booked' }),
      promoted,
      onClass(classId, SchedulingEvents.ClassBooked, { classId, memberId: member.id }),
      cancelled,
    );
    await vi.waitFor(async () => expect(await recipientsOf(cancelled.eventId)).toEqual([member.id, waiter.id].sort()), {
      message: 'the cancellation told',
      timeout: 30_000,
      interval: 100,
    });
    const [fullRow] = await notificationsOf(full.eventId);
    expect((await notificationsOf(full.eventId)).map((n) => n.recipient_id).sort()).toEqual([owner.id, adminL1.id].sort());
    expect(fullRow).toMatchObject({
      category: 'class_full',
      title: 'Class full: Sunrise Yoga',
      message: 'Sunrise Yoga on 2026-12-01 at 07:00 has all 1 places booked.',
      action_url: `/dashboard/classes/${classId}`,
    });
    expect(await notificationsOf(promoted.eventId)).toEqual([
      expect.objectContaining({ recipient_id: waiter.id, title: 'You’re in: Sunrise Yoga', action_url: '/dashboard/me/bookings' }),
    ]);
    expect((await notificationsOf(cancelled.eventId))[0]).toMatchObject({
      category: 'class_cancelled',
      message: 'Sunrise Yoga on 2026-12-01 at 07:00 is cancelled. The trainer is unwell.',
    });
    // A cancelled class keeps nobody's place: the reminder sweep has nothing of it.
    expect(await svc.db.selectFrom('class_places').selectAll().where('class_id', '=', classId).execute()).toEqual([]);
  });

  it('tells a member their event ticket is confirmed, and every ticket holder that the event is cancelled', async () => {
    await produce(topicOf('auth'), userRegistered(waiter));
    const eventId = newId();
    const facts = {
      eventId,
      locationId: L1,
      title: 'Mobility workshop',
      kind: 'workshop',
      startsAt: at.toISOString(),
      endsAt: new Date(at.getTime() + 3 * 3_600_000).toISOString(),
      onlineUrl: null,
      capacity: 20,
      pricePaise: 50_000,
    };
    const confirmed = makeEnvelope(SchedulingEvents.TicketConfirmed, { ...meta(eventId, orgId, L1), data: { ...facts, memberId: member.id } });
    const cancelled = makeEnvelope(SchedulingEvents.EventCancelled, {
      ...meta(eventId, orgId, L1),
      data: { ...facts, reason: 'The coach is unwell.', ticketHolderIds: [member.id, waiter.id], refundMemberIds: [member.id] },
    });
    await sendAll(confirmed, cancelled);
    await vi.waitFor(async () => expect(await recipientsOf(cancelled.eventId)).toEqual([member.id, waiter.id].sort()), {
      message: 'the event cancellation told',
      timeout: 30_000,
      interval: 100,
    });
    expect(await notificationsOf(confirmed.eventId)).toEqual([
      expect.objectContaining({
        recipient_id: member.id,
        category: 'event_ticket',
        title: 'Your ticket: Mobility workshop',
        message: 'Your ticket for Mobility workshop on 2026-12-01 at 07:00 is confirmed.',
        action_url: '/dashboard/me/events',
      }),
    ]);
    expect((await notificationsOf(cancelled.eventId))[0]).toMatchObject({
      category: 'event_cancelled',
      title: 'Event cancelled: Mobility workshop',
      message: 'Mobility workshop on 2026-12-01 at 07:00 is cancelled. The coach is unwell. Paid tickets are refunded.',
    });
  });

  it('tells the member and the trainer of a session someone else booked or cancelled, and nobody of their own doing', async () => {
    // The member's name comes from this service's copy of members.
    await produce(
      topicOf('members'),
      makeEnvelope(MemberEvents.MemberSignedUp, {
        ...meta(member.id, orgId, L1),
        data: { memberId: member.id, locationId: L1, firstName: 'Neha', lastName: 'Verma', email: `${member.id}@example.in`, phone: '+919812345678' },
      }),
    );
    await vi.waitFor(
      async () => expect(await svc.db.selectFrom('member_copies').select('member_id').where('member_id', '=', member.id).executeTakeFirst()).toBeTruthy(),
      {
        message: 'the member copied',
        timeout: 30_000,
        interval: 100,
      },
    );
    const appointment = (bookedBy: string) => {
      const appointmentId = newId();
      return {
        appointmentId,
        locationId: L1,
        memberId: member.id,
        trainerId: otherTrainer.id,
        startsAt: at.toISOString(),
        endsAt: new Date(at.getTime() + 45 * 60_000).toISOString(),
        bookedBy,
      };
    };
    // Booked by staff: both told. Booked by the member themself, then cancelled by the trainer: the trainer of the
    // booking, the member of the cancel.
    const byStaff = appointment(owner.id);
    const bookedByStaff = makeEnvelope(SchedulingEvents.AppointmentBooked, { ...meta(byStaff.appointmentId, orgId, L1), data: byStaff });
    const own = appointment(member.id);
    const bookedOwn = makeEnvelope(SchedulingEvents.AppointmentBooked, { ...meta(own.appointmentId, orgId, L1), data: own });
    const cancelledByTrainer = makeEnvelope(SchedulingEvents.AppointmentCancelled, {
      ...meta(own.appointmentId, orgId, L1),
      data: { ...own, late: false, cancelledBy: otherTrainer.id },
    });
    await sendAll(bookedByStaff, bookedOwn, cancelledByTrainer);
    await vi.waitFor(async () => expect(await recipientsOf(cancelledByTrainer.eventId)).toEqual([member.id]), {
      message: 'the cancellation told',
      timeout: 30_000,
      interval: 100,
    });
    expect((await notificationsOf(bookedByStaff.eventId)).map((n) => [n.recipient_id, n.title, n.message, n.action_url]).sort()).toEqual(
      [
        [
          member.id,
          'Session booked: 2026-12-01 at 07:00',
          'A 45-minute personal-training session is booked for you on 2026-12-01 at 07:00.',
          '/dashboard/me/sessions',
        ],
        [otherTrainer.id, 'New session: Neha Verma', 'Neha Verma has a 45-minute session with you on 2026-12-01 at 07:00.', '/dashboard/my-appointments'],
      ].sort(),
    );
    expect(await recipientsOf(bookedOwn.eventId)).toEqual([otherTrainer.id]);
    expect((await notificationsOf(cancelledByTrainer.eventId))[0]).toMatchObject({
      category: 'appointment',
      title: 'Session cancelled: 2026-12-01 at 07:00',
      message: 'Your personal-training session on 2026-12-01 at 07:00 is cancelled.',
    });
  });

  it('reminds each booked member once, 2 hours ahead, and nobody waiting', async () => {
    const now = new Date();
    const soon = classScheduled(new Date(now.getTime() + 90 * 60_000), 'Evening Zumba');
    const later = classScheduled(new Date(now.getTime() + 5 * 3_600_000), 'Late Spin');
    const classId = soon.data.classId;
    const lastOne = onClass(classId, SchedulingEvents.MemberWaitlisted, { classId, memberId: waiter.id, position: 1 });
    await sendAll(
      soon,
      later,
      onClass(later.data.classId, SchedulingEvents.ClassBooked, { classId: later.data.classId, memberId: member.id }),
      onClass(classId, SchedulingEvents.ClassBooked, { classId, memberId: member.id }),
      lastOne,
    );
    await vi.waitFor(
      async () => {
        const places = await svc.db.selectFrom('class_places').select('member_id').where('class_id', '=', classId).execute();
        expect(places).toHaveLength(2);
      },
      { message: 'the places copied', timeout: 30_000, interval: 100 },
    );
    const reminders = () => svc.db.selectFrom('notifications').selectAll().where('org_id', '=', orgId).where('category', '=', 'class_reminder').execute();
    await sweepReminders(svc.db, now);
    await sweepReminders(svc.db, new Date(now.getTime() + 15 * 60_000));
    expect(await reminders()).toEqual([expect.objectContaining({ recipient_id: member.id, title: expect.stringContaining('Evening Zumba') })]);
  });
});
