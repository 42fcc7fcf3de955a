// Every webhook kind (issue 29) against the real PostgreSQL and Kafka: one internal event of each source, published on
// its service's topic, reaches a subscribed endpoint once as its public payload (the contract's schema, nothing more),
// signed; another organization's events never reach it; a kind it did not ask for is not sent.
import {
  AttendanceEvents,
  EnquiriesEvents,
  FeedbackEvents,
  integrationRoutes as r,
  MemberEvents,
  PaymentEvents,
  SaleCompleted,
  SchedulingEvents,
  topicOf,
  WEBHOOK_KINDS,
  WebhookBody,
  WebhookEventType,
  type EventEnvelope,
  type ServiceName,
} from '@akhada/contracts';
import { createSecretBox, makeEnvelope, newId, startConsumerGroups } from '@akhada/kit';
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOrgChannels } from '../src/adapters/org-channels.ts';
import { createEmailAdapter } from '../src/adapters/email.ts';
import { createWhatsAppAdapter } from '../src/adapters/whatsapp.ts';
import { webhookConsumerGroups } from '../src/consumers/webhooks.ts';
import { startWebhookDeliverer } from '../src/delivery/webhook-deliverer.ts';
import { bootNotifications } from './setup.ts';

const SERVICES: ServiceName[] = ['members', 'attendance', 'payments', 'inventory', 'scheduling', 'enquiries', 'feedback'];
const orgId = newId();
const otherOrg = newId();
const L1 = newId();
const ownerId = newId();
const box = createSecretBox('webhook-kinds-test-key');
let svc: Awaited<ReturnType<typeof bootNotifications>>;

const got: { headers: http.IncomingHttpHeaders; body: string }[] = [];
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    got.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    res.writeHead(200).end('ok');
  });
});

const verifies = (secret: string, header: string | undefined, body: string): boolean => {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!m) return false;
  return timingSafeEqual(createHmac('sha256', secret).update(`${m[1]}.${body}`).digest(), Buffer.from(m[2]!, 'hex'));
};

beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await new Promise((res) => server.once('listening', res));
  svc = await bootNotifications('notif_whkinds', {
    clock: () => new Date(),
    topics: SERVICES,
    app: (c) => ({
      integrations: {
        box,
        allowPrivateWebhooks: true,
        channels: createOrgChannels({
          db: c.db,
          box,
          platform: {
            email: createEmailAdapter({ host: '127.0.0.1', port: 1, from: 'Akhada <no-reply@akhada.local>' }),
            sms: createWhatsAppAdapter({ baseUrl: 'http://127.0.0.1:1', version: 'v21.0', phoneNumberId: '1', token: 't' }),
          },
          whatsapp: { baseUrl: 'http://127.0.0.1:1', version: 'v21.0' },
          allowPrivate: true,
        }),
      },
    }),
  });
  const consumers = await startConsumerGroups(
    { bus: svc.runtime!.bus, db: svc.db, logger: svc.logger, startAt: 'now' },
    webhookConsumerGroups(`${svc.schema}.webhooks`),
  );
  svc.onClose(async () => {
    for (const c of consumers) await c.stop();
  });
  const deliverer = startWebhookDeliverer({ db: svc.db, box, logger: svc.logger, allowPrivate: true, backoffBaseMs: 20, pollMs: 50, timeoutMs: 3000 });
  svc.onClose(() => deliverer.stop());
  svc.onClose(() => new Promise<void>((res) => server.close(() => res())));
});

afterAll(async () => svc?.close());

const at = () => new Date().toISOString();
const member = newId();
const trainer = newId();
const payment = {
  paymentId: newId(),
  organizationId: orgId,
  locationId: L1,
  category: 'member' as const,
  type: 'membership_fee',
  status: 'completed' as const,
  memberId: member,
  memberName: 'Neha Verma',
  trainerId: null,
  trainerName: '',
  amountPaise: 100_000,
  gstPaise: 5_000,
  totalPaise: 105_000,
  refundedPaise: 0,
  method: 'upi' as const,
  description: 'Monthly membership',
  membershipType: 'basic' as const,
  membershipPeriod: { startDate: '2026-11-01', endDate: '2026-11-30' },
  paymentFrequency: 'monthly' as const,
  salaryPeriod: null,
  dueDate: null,
  source: 'staff' as const,
  sourceId: 'internal-source-key',
  occurredAt: '2026-11-29T10:00:00.000Z',
};
const appointment = {
  appointmentId: newId(),
  locationId: L1,
  memberId: member,
  trainerId: trainer,
  startsAt: '2026-12-01T04:30:00.000Z',
  endsAt: '2026-12-01T05:30:00.000Z',
  bookedBy: member,
};
const classId = newId();
const attended2 = newId();
const leadId = newId();
const holder2 = newId();
const pendingHolder = newId();
const gymEvent = {
  eventId: newId(),
  title: 'Sunday 10K run',
  kind: 'run',
  startsAt: '2026-12-06T01:30:00.000Z',
  endsAt: '2026-12-06T03:30:00.000Z',
  onlineUrl: 'https://meet.example.in/secret-room',
  capacity: 40,
  pricePaise: 50_000,
};

/** One internal event of every source (for `org`), with the kinds each makes. */
const fixtures = (org: string) => {
  const meta = () => ({ orgId: org, locationId: L1, correlationId: newId(), causationId: newId(), occurredAt: at() });
  const list: { service: ServiceName; env: EventEnvelope<unknown>; kinds: WebhookEventType[] }[] = [];
  const add = (service: ServiceName, env: EventEnvelope<unknown>, kinds: WebhookEventType[]) => list.push({ service, env, kinds });
  add(
    'members',
    makeEnvelope(MemberEvents.MemberRegistered, {
      ...meta(),
      aggregateId: member,
      data: {
        memberId: member,
        locationId: L1,
        firstName: 'Neha',
        lastName: 'Verma',
        email: 'neha@example.in',
        phone: '+919812345678',
        membershipType: 'basic',
        paymentFrequency: 'monthly',
        feePaise: 100_000,
        startDate: '2026-11-01',
        endDate: '2026-11-30',
        enquiryId: leadId,
      },
    }),
    ['member.registered'],
  );
  add(
    'members',
    makeEnvelope(MemberEvents.MembershipRenewed, {
      ...meta(),
      aggregateId: member,
      data: {
        memberId: member,
        locationId: L1,
        term: {
          termNo: 2,
          membershipType: 'basic',
          paymentFrequency: 'monthly',
          feePaise: 100_000,
          paymentMethod: 'upi',
          startDate: '2026-12-01',
          endDate: '2026-12-31',
        },
        renewedAt: at(),
      },
    }),
    ['member.renewed'],
  );
  add(
    'members',
    makeEnvelope(MemberEvents.MembershipFrozen, { ...meta(), aggregateId: member, data: { memberId: member, frozenFrom: '2026-12-05', reason: 'Travel' } }),
    ['member.frozen'],
  );
  add('members', makeEnvelope(MemberEvents.MembershipExpired, { ...meta(), aggregateId: member, data: { memberId: member, endDate: '2026-12-31' } }), [
    'member.expired',
  ]);
  add('members', makeEnvelope(MemberEvents.MemberArchived, { ...meta(), aggregateId: member, data: { memberId: member } }), ['member.archived']);
  const visit = { attendanceId: newId(), memberId: member, type: 'member' as const, locationId: L1, firstName: 'Neha', lastName: 'Verma' };
  add(
    'attendance',
    makeEnvelope(AttendanceEvents.CheckedIn, {
      ...meta(),
      aggregateId: member,
      data: { ...visit, trainerId: null, workoutType: 'cardio', checkInMethod: 'qr', checkInTime: '2026-11-29T05:00:00.000Z' },
    }),
    ['checkin.created'],
  );
  add(
    'attendance',
    makeEnvelope(AttendanceEvents.CheckedOut, {
      ...meta(),
      aggregateId: member,
      data: {
        ...visit,
        checkInTime: '2026-11-29T05:00:00.000Z',
        checkOutTime: '2026-11-29T06:00:00.000Z',
        durationMinutes: 60,
        checkOutMethod: 'qr',
        autoClosed: false,
      },
    }),
    ['checkout.created'],
  );
  const p = { ...payment, organizationId: org };
  add(
    'payments',
    makeEnvelope(PaymentEvents.PaymentCompleted, {
      ...meta(),
      aggregateId: p.paymentId,
      data: { ...p, paidAt: at(), completedVia: 'online', razorpayPaymentId: 'pay_123', razorpayOrderId: 'order_internal' },
    }),
    ['payment.completed'],
  );
  add(
    'payments',
    makeEnvelope(PaymentEvents.PaymentFailed, {
      ...meta(),
      aggregateId: p.paymentId,
      data: { ...p, status: 'pending', reason: 'Card declined', razorpayPaymentId: 'pay_9' },
    }),
    ['payment.failed'],
  );
  add(
    'payments',
    makeEnvelope(PaymentEvents.PaymentRefunded, {
      ...meta(),
      aggregateId: p.paymentId,
      data: {
        ...p,
        status: 'refunded',
        refundedPaise: 105_000,
        refundId: 'rfnd_1',
        refundPaise: 105_000,
        fully: true,
        reason: 'Moved city',
        refundedAt: at(),
        refundedBy: newId(),
      },
    }),
    ['payment.refunded'],
  );
  add(
    'payments',
    makeEnvelope(PaymentEvents.InvoiceIssued, {
      ...meta(),
      aggregateId: newId(),
      data: {
        invoiceId: newId(),
        kind: 'tax_invoice',
        organizationId: org,
        locationId: L1,
        paymentId: p.paymentId,
        memberId: member,
        gstin: '27AAPFU0939F1ZV',
        number: 'PUN/2026-27/0001',
        issueDate: '2026-11-29',
        financialYear: '2026-27',
        taxablePaise: 100_000,
        cgstPaise: 2_500,
        sgstPaise: 2_500,
        igstPaise: 0,
        totalPaise: 105_000,
        occurredAt: at(),
      },
    }),
    ['invoice.issued'],
  );
  add(
    'inventory',
    makeEnvelope(SaleCompleted, {
      ...meta(),
      aggregateId: newId(),
      data: {
        saleId: newId(),
        organizationId: org,
        locationId: L1,
        buyer: { kind: 'member', memberId: member, name: 'Neha Verma' },
        lines: [{ itemId: newId(), name: 'Whey 1 kg', hsn: '2106', quantity: 1, unitPricePaise: 250_000, discountPaise: 0, gstRatePercent: 18, kind: 'goods' }],
        paymentMethod: 'cash',
        totals: { taxablePaise: 250_000, discountPaise: 0, gstPaise: 45_000, totalPaise: 295_000 },
        soldBy: newId(),
        occurredAt: at(),
      },
    }),
    ['sale.completed'],
  );
  add('scheduling', makeEnvelope(SchedulingEvents.ClassBooked, { ...meta(), aggregateId: classId, data: { classId, memberId: member } }), ['booking.created']);
  add(
    'scheduling',
    makeEnvelope(SchedulingEvents.BookingCancelled, { ...meta(), aggregateId: classId, data: { classId, memberId: member, late: true, from: 'booked' } }),
    ['booking.cancelled'],
  );
  // Leaving a waitlist is not a booking cancelled: no webhook.
  add(
    'scheduling',
    makeEnvelope(SchedulingEvents.BookingCancelled, { ...meta(), aggregateId: classId, data: { classId, memberId: newId(), late: false, from: 'waitlist' } }),
    [],
  );
  // A closed class: one booking.attended per member who came.
  add(
    'scheduling',
    makeEnvelope(SchedulingEvents.ClassClosed, {
      ...meta(),
      aggregateId: classId,
      data: { classId, attendedMemberIds: [member, attended2], noShowMemberIds: [newId()] },
    }),
    ['booking.attended', 'booking.attended'],
  );
  add('scheduling', makeEnvelope(SchedulingEvents.AppointmentBooked, { ...meta(), aggregateId: appointment.appointmentId, data: appointment }), [
    'booking.created',
  ]);
  add(
    'scheduling',
    makeEnvelope(SchedulingEvents.AppointmentCancelled, {
      ...meta(),
      aggregateId: appointment.appointmentId,
      data: { ...appointment, late: false, cancelledBy: trainer },
    }),
    ['booking.cancelled'],
  );
  add('scheduling', makeEnvelope(SchedulingEvents.AppointmentAttended, { ...meta(), aggregateId: appointment.appointmentId, data: appointment }), [
    'booking.attended',
  ]);
  // One-off events: a ticket confirmed, given up (refunded), one lapsed unpaid (never booked: no webhook), the holder
  // came, and the event cancelled with two holders (one webhook each, the paid one refunded) and a third whose ticket
  // still awaited its payment (none).
  const facts = { ...gymEvent, locationId: L1 };
  add('scheduling', makeEnvelope(SchedulingEvents.TicketConfirmed, { ...meta(), aggregateId: gymEvent.eventId, data: { ...facts, memberId: member } }), [
    'event_ticket.booked',
  ]);
  add(
    'scheduling',
    makeEnvelope(SchedulingEvents.TicketCancelled, {
      ...meta(),
      aggregateId: gymEvent.eventId,
      data: { ...facts, memberId: member, refund: true, lapsed: false },
    }),
    ['event_ticket.cancelled'],
  );
  add(
    'scheduling',
    makeEnvelope(SchedulingEvents.TicketCancelled, {
      ...meta(),
      aggregateId: gymEvent.eventId,
      data: { ...facts, memberId: newId(), refund: false, lapsed: true },
    }),
    [],
  );
  // Given up while still awaiting its payment: never booked either.
  add(
    'scheduling',
    makeEnvelope(SchedulingEvents.TicketCancelled, {
      ...meta(),
      aggregateId: gymEvent.eventId,
      data: { ...facts, memberId: newId(), refund: false, lapsed: false, pending: true },
    }),
    [],
  );
  add(
    'scheduling',
    makeEnvelope(SchedulingEvents.TicketAttended, { ...meta(), aggregateId: gymEvent.eventId, data: { eventId: gymEvent.eventId, memberId: member } }),
    ['event_ticket.attended'],
  );
  add(
    'scheduling',
    makeEnvelope(SchedulingEvents.EventCancelled, {
      ...meta(),
      aggregateId: gymEvent.eventId,
      data: {
        ...facts,
        reason: 'Heavy rain',
        ticketHolderIds: [member, holder2, pendingHolder],
        refundMemberIds: [holder2],
        pendingHolderIds: [pendingHolder],
      },
    }),
    ['event_ticket.cancelled', 'event_ticket.cancelled'],
  );
  add(
    'enquiries',
    makeEnvelope(EnquiriesEvents.LeadCaptured, {
      ...meta(),
      aggregateId: leadId,
      data: {
        leadId,
        locationId: L1,
        name: 'Arjun Rao',
        phone: '+919800000001',
        interest: 'weight loss',
        source: 'instagram',
        stage: 'new',
        ownerId: null,
        viaPublicForm: true,
        consentText: 'I agree to be contacted about my enquiry',
      },
    }),
    ['lead.created'],
  );
  add(
    'enquiries',
    makeEnvelope(EnquiriesEvents.LeadJoined, { ...meta(), aggregateId: leadId, data: { leadId, locationId: L1, memberId: member, referralCode: 'ABCD2345' } }),
    ['lead.converted'],
  );
  add(
    'feedback',
    makeEnvelope(FeedbackEvents.FeedbackSubmitted, {
      ...meta(),
      aggregateId: newId(),
      data: {
        feedbackId: newId(),
        locationId: L1,
        type: 'facility',
        rating: 4,
        title: 'Clean showers',
        complaintCategory: null,
        priority: null,
        isAnonymous: false,
        memberId: member,
        memberName: 'Neha Verma',
        trainerId: null,
        submittedAt: at(),
      },
    }),
    ['feedback.submitted'],
  );
  return list;
};

const publish = (items: ReturnType<typeof fixtures>) =>
  svc.producer.publish(
    items.map(({ service, env }) => ({
      topic: topicOf(service),
      key: env.aggregateId,
      value: JSON.stringify(env),
      headers: { 'event-id': env.eventId, 'event-type': env.type },
    })),
  );

const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
  const token = await svc.keys.sign({ userId: ownerId, orgId, role: 'owner', locationIds: [L1], name: 'Owner' });
  const res = await svc.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json() as unknown };
};

describe('webhook kinds', () => {
  it('a subscribed endpoint gets each kind once, signed, as its public payload; not another gym’s, not a kind it did not ask for', async () => {
    // Subscribed to every kind but feedback.submitted.
    const subscribed: WebhookEventType[] = WebhookEventType.options.filter((k) => k !== 'feedback.submitted');
    const created = await call('POST', '/settings/integrations/webhooks', {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
      eventTypes: subscribed,
    });
    expect(created.status).toBe(201);
    const { endpoint, secret } = r.createWebhook.responses[201].parse(created.body).data;

    const ours = fixtures(orgId);
    const theirs = fixtures(otherOrg);
    const expected = ours.flatMap((f) => f.kinds).filter((k) => subscribed.includes(k));
    // Every kind of the catalogue but the unsubscribed one is among them (a new kind without a source fails here).
    expect(new Set(expected)).toEqual(new Set(subscribed));
    await publish([...theirs, ...ours]);
    // Kafka hands the same events over again: still once each.
    await publish(ours);

    const bodies = await vi.waitFor(
      () => {
        const b = got.map((g) => ({ ...g, parsed: WebhookBody.parse(JSON.parse(g.body)) }));
        expect(b.length).toBeGreaterThanOrEqual(expected.length);
        return b;
      },
      { timeout: 60_000, interval: 100, message: 'every kind at the receiver' },
    );
    // Every one of ours handled (also the waitlist cancel and the unsubscribed feedback), and theirs too.
    const ids = [...ours, ...theirs].map((f) => f.env.eventId);
    await vi.waitFor(
      async () => {
        const seen = await svc.db.selectFrom('inbox').select('event_id').where('event_id', 'in', ids).execute();
        expect(new Set(seen.map((s) => s.event_id)).size).toBe(ids.length);
      },
      { timeout: 60_000, interval: 100, message: 'every event handled' },
    );

    expect(bodies.map((b) => b.parsed.type).sort()).toEqual([...expected].sort());
    expect(new Set(bodies.map((b) => b.parsed.id)).size).toBe(bodies.length);
    for (const b of bodies) {
      expect(verifies(secret, b.headers['akhada-signature'] as string, b.body)).toBe(true);
      expect(b.parsed.organizationId).toBe(orgId);
      expect(b.parsed.locationId).toBe(L1);
      const kind = WEBHOOK_KINDS[b.parsed.type as keyof typeof WEBHOOK_KINDS];
      expect(b.parsed.version).toBe(kind.version);
      // The payload is exactly its schema: parsing strips unknown keys, so an internal field would make them differ.
      expect(kind.data.parse(b.parsed.data)).toEqual(b.parsed.data);
    }
    const text = got.map((g) => g.body).join('\n');
    for (const internal of [
      'internal-source-key',
      'order_internal',
      'soldBy',
      'refundedBy',
      'consentText',
      'ABCD2345',
      'bookedBy',
      'cancelledBy',
      'secret-room',
      'ticketHolderIds',
      'Heavy rain',
      otherOrg,
    ])
      expect(text).not.toContain(internal);
    // The closed class: one booking.attended per member who came, each with its own stable id.
    const attended = bodies.filter((b) => b.parsed.type === 'booking.attended' && (b.parsed.data as { bookingType: string }).bookingType === 'class');
    expect(attended.map((b) => (b.parsed.data as { memberId: string }).memberId).sort()).toEqual([member, attended2].sort());
    // Event tickets: the member's own cancellation and one per holder of the cancelled event, each refunded as it was.
    const tickets = bodies
      .filter((b) => b.parsed.type === 'event_ticket.cancelled')
      .map((b) => b.parsed.data as { memberId: string; reason: string; refund: boolean; online: boolean; eventId: string });
    expect(
      tickets
        .map(({ memberId, reason, refund }) => ({ memberId, reason, refund }))
        .sort((x, y) => (x.reason + x.memberId).localeCompare(y.reason + y.memberId)),
    ).toEqual(
      [
        { memberId: member, reason: 'event_cancelled', refund: false },
        { memberId: holder2, reason: 'event_cancelled', refund: true },
        { memberId: member, reason: 'given_up', refund: true },
      ].sort((x, y) => (x.reason + x.memberId).localeCompare(y.reason + y.memberId)),
    );
    expect(tickets.every((t) => t.online && t.eventId === gymEvent.eventId)).toBe(true);

    const log = await svc.db.selectFrom('webhook_deliveries').select(['event_type', 'org_id', 'status']).where('endpoint_id', '=', endpoint._id).execute();
    expect(log).toHaveLength(expected.length);
    expect(log.every((d) => d.org_id === orgId)).toBe(true);
    expect(log.some((d) => d.event_type === 'feedback.submitted')).toBe(false);
    expect(await svc.db.selectFrom('webhook_deliveries').select('id').where('org_id', '=', otherOrg).execute()).toHaveLength(0);
  });
});
