import { MemberEvents, PaymentEvents, SchedulingEvents, WEBHOOK_KINDS, WebhookEventType, type EventEnvelope } from '@akhada/contracts';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_SOURCES, webhooksOf } from './webhook-payloads.ts';

const env = <T>(type: string, data: T): EventEnvelope<T> => ({
  eventId: '0190f000-0000-7000-8000-000000000001',
  type,
  version: 1,
  occurredAt: '2026-11-29T10:00:00.000Z',
  orgId: '0190f000-0000-7000-8000-000000000002',
  locationId: '0190f000-0000-7000-8000-000000000003',
  aggregateId: 'a',
  correlationId: 'c',
  causationId: 'c',
  data,
});

describe('webhook payloads', () => {
  it('every kind of the catalogue has a version and a summary, and every source is an integration event type', () => {
    for (const type of Object.keys(WEBHOOK_SOURCES)) expect(type).toMatch(/^[a-z]+\.[a-z_]+$/);
    for (const k of WebhookEventType.options) {
      expect(WEBHOOK_KINDS[k].version).toBeGreaterThanOrEqual(1);
      expect(WEBHOOK_KINDS[k].summary.length).toBeGreaterThan(10);
    }
  });

  it('a payment keeps only its public fields (no source key, Razorpay order, who recorded it)', () => {
    const data = {
      paymentId: '0190f000-0000-7000-8000-000000000004',
      organizationId: '0190f000-0000-7000-8000-000000000002',
      locationId: '0190f000-0000-7000-8000-000000000003',
      category: 'member',
      type: 'membership_fee',
      status: 'completed',
      memberId: null,
      memberName: 'Neha Verma',
      trainerId: null,
      trainerName: '',
      amountPaise: 100,
      gstPaise: 18,
      totalPaise: 118,
      refundedPaise: 0,
      method: 'cash',
      description: 'Fee',
      membershipType: null,
      membershipPeriod: null,
      paymentFrequency: null,
      salaryPeriod: null,
      dueDate: null,
      source: 'members',
      sourceId: 'secret-source-key',
      occurredAt: '2026-11-29T10:00:00.000Z',
      paidAt: '2026-11-29T10:00:00.000Z',
      completedVia: 'recorded',
      razorpayPaymentId: null,
      razorpayOrderId: 'order_hidden',
    };
    const [w, ...rest] = webhooksOf(env(PaymentEvents.PaymentCompleted.type, PaymentEvents.PaymentCompleted.data.parse(data)));
    expect(rest).toEqual([]);
    expect(w!.type).toBe('payment.completed');
    expect(WEBHOOK_KINDS['payment.completed'].data.parse(w!.data)).toEqual(w!.data);
    expect(JSON.stringify(w!.data)).not.toMatch(/secret-source-key|order_hidden|sourceId|organizationId/);
  });

  it('an archived member is just the member; an event no webhook follows makes none', () => {
    expect(webhooksOf(env(MemberEvents.MemberArchived.type, { memberId: '0190f000-0000-7000-8000-000000000005' }))).toEqual([
      { type: 'member.archived', data: { memberId: '0190f000-0000-7000-8000-000000000005' }, locationId: null },
    ]);
    expect(webhooksOf(env(MemberEvents.MemberTrainerAssigned.type, {}))).toEqual([]);
  });

  it('event tickets: the event without its online link; a ticket never paid for makes none; a cancelled event one per confirmed holder', () => {
    const facts = {
      eventId: '0190f000-0000-7000-8000-000000000006',
      locationId: '0190f000-0000-7000-8000-000000000003',
      title: 'Sunday run',
      kind: 'run',
      startsAt: '2026-12-06T01:30:00.000Z',
      endsAt: '2026-12-06T03:30:00.000Z',
      onlineUrl: 'https://meet.example.in/hidden',
      capacity: 40,
      pricePaise: 50_000,
    };
    const m1 = '0190f000-0000-7000-8000-000000000007';
    const m2 = '0190f000-0000-7000-8000-000000000008';
    const m3 = '0190f000-0000-7000-8000-000000000009';
    const [booked, ...none] = webhooksOf(env(SchedulingEvents.TicketConfirmed.type, { ...facts, memberId: m1 }));
    expect(none).toEqual([]);
    expect(booked!.type).toBe('event_ticket.booked');
    expect(WEBHOOK_KINDS['event_ticket.booked'].data.parse(booked!.data)).toEqual(booked!.data);
    expect(booked!.data).toMatchObject({ memberId: m1, online: true, pricePaise: 50_000 });
    expect(JSON.stringify(booked!.data)).not.toMatch(/hidden|capacity/);
    expect(webhooksOf(env(SchedulingEvents.TicketCancelled.type, { ...facts, memberId: m1, refund: false, lapsed: true }))).toEqual([]);
    expect(webhooksOf(env(SchedulingEvents.TicketCancelled.type, { ...facts, memberId: m1, refund: false, lapsed: false, pending: true }))).toEqual([]);
    const cancelled = webhooksOf(
      env(SchedulingEvents.EventCancelled.type, { ...facts, reason: 'Rain', ticketHolderIds: [m1, m2, m3], refundMemberIds: [m2], pendingHolderIds: [m3] }),
    );
    expect(cancelled.map((w) => [w.type, w.key, (w.data as { refund: boolean }).refund])).toEqual([
      ['event_ticket.cancelled', m1, false],
      ['event_ticket.cancelled', m2, true],
    ]);
  });
});
