import { DomainError } from '@akhada/kit/domain';
import { DeciderSpecification } from '@akhada/kit/testing/decider';
import { describe, it } from 'vitest';
import { gymEventDecider, type EventCommand, type GymEventEvent } from './decider.ts';

const given = DeciderSpecification.for(gymEventDecider);
const startsAt = '2030-03-20T04:30:00.000Z'; // 10:00 in Kolkata
const endsAt = '2030-03-20T07:30:00.000Z';
const facts = {
  eventId: 'e1',
  orgId: 'o1',
  locationId: 'l1',
  title: 'Mobility workshop',
  description: '',
  kind: 'workshop' as const,
  onlineUrl: null,
  startsAt,
  endsAt,
  capacity: 2,
  pricePaise: 0,
};
const published = (o: Partial<typeof facts> = {}): GymEventEvent => ({ type: 'EventPublished', data: { ...facts, ...o, at: '2030-03-01T00:00:00.000Z' } });
const paid = published({ pricePaise: 50_000 });
const early = '2030-03-10T00:00:00.000Z'; // ten days before
const dayBefore = '2030-03-19T10:00:00.000Z'; // under 24 hours before
const took = (memberId: string, holdUntil: string | null = null, pricePaise = 0, at = early): GymEventEvent => ({
  type: 'TicketTaken',
  data: { eventId: 'e1', memberId, pricePaise, holdUntil, at },
});
const confirmed = (memberId: string, paidPaise = 50_000, at = early): GymEventEvent => ({
  type: 'TicketConfirmed',
  data: { eventId: 'e1', memberId, paymentId: `p-${memberId}`, paidPaise, at },
});
const take = (memberId: string, at = early): EventCommand => ({ type: 'TakeTicket', data: { memberId, at } });
const hold = (at: string) => new Date(new Date(at).getTime() + 15 * 60_000).toISOString();
const code =
  (c: string, status = 409) =>
  (e: DomainError) =>
    e.code === c && e.status === status;

describe('event: publishing and changes', () => {
  it('publishes an event', () =>
    given([])
      .when({ type: 'PublishEvent', data: { ...facts, at: early } })
      .then([{ type: 'EventPublished', data: { ...facts, at: early } }]));
  it('refuses an event that ends before it starts (400)', () =>
    given([])
      .when({ type: 'PublishEvent', data: { ...facts, endsAt: startsAt, at: early } })
      .thenThrows(DomainError, code('VALIDATION_FAILED', 400)));
  it('refuses an event in the past (400)', () =>
    given([])
      .when({ type: 'PublishEvent', data: { ...facts, at: '2030-03-21T00:00:00.000Z' } })
      .thenThrows(DomainError, code('VALIDATION_FAILED', 400)));
  it('changes the title and capacity', () =>
    given([published()])
      .when({ type: 'EditEvent', data: { changes: { title: 'Yoga retreat', capacity: 3 }, at: early } })
      .then([{ type: 'EventEdited', data: { eventId: 'e1', changes: { title: 'Yoga retreat', capacity: 3 }, at: early } }]));
  it('refuses a capacity below the places taken', () =>
    given([published(), took('m1'), took('m2')])
      .when({ type: 'EditEvent', data: { changes: { capacity: 1 }, at: early } })
      .thenThrows(DomainError, (e) => e.code === 'CONFLICT' && /2 places are taken/.test(e.message)));
  it('refuses to change an event that has started', () =>
    given([published()])
      .when({ type: 'EditEvent', data: { changes: { title: 'Later' }, at: startsAt } })
      .thenThrows(DomainError, code('CONFLICT')));
});

describe('event: tickets', () => {
  it('a free ticket is confirmed at once', () =>
    given([published()])
      .when(take('m1'))
      .then([took('m1')]));
  it('a paid ticket is pending and holds its place for 15 minutes', () =>
    given([paid])
      .when(take('m1'))
      .then([took('m1', hold(early), 50_000)]));
  it('refuses a second ticket for the same member', () =>
    given([published(), took('m1')])
      .when(take('m1'))
      .thenThrows(DomainError, code('ALREADY_HAS_TICKET')));
  it('refuses a ticket when every place is taken or held', () =>
    given([paid, took('m1', hold(early), 50_000), confirmed('m2')])
      .when(take('m3'))
      .thenThrows(DomainError, code('EVENT_FULL')));
  it('a hold that ran out lapses before the next ticket is decided, freeing its place', () => {
    const later = '2030-03-10T00:15:00.000Z';
    return given([paid, took('m1', hold(early), 50_000), confirmed('m2')])
      .when(take('m3', later))
      .then([{ type: 'TicketLapsed', data: { eventId: 'e1', memberId: 'm1', at: later } }, took('m3', hold(later), 50_000, later)]);
  });
  it('refuses tickets once the event has started, or was cancelled', () => {
    given([published()]).when(take('m1', startsAt)).thenThrows(DomainError, code('CONFLICT'));
    given([published(), { type: 'EventCancelled', data: { eventId: 'e1', reason: 'Rain', at: early, ticketHolderIds: [], refunds: [] } }])
      .when(take('m1'))
      .thenThrows(DomainError, code('CONFLICT'));
  });
  it('lapses the holds that ran out, and only those', () => {
    const at = '2030-03-10T00:20:00.000Z';
    return given([paid, took('m1', hold(early), 50_000), took('m2', hold('2030-03-10T00:10:00.000Z'), 50_000, '2030-03-10T00:10:00.000Z')])
      .when({ type: 'LapseHolds', data: { at } })
      .then([{ type: 'TicketLapsed', data: { eventId: 'e1', memberId: 'm1', at } }]);
  });
});

describe('event: payments', () => {
  const capture = (memberId: string, at = early): EventCommand => ({
    type: 'CapturePayment',
    data: { memberId, paymentId: `p-${memberId}`, amountPaise: 50_000, at },
  });
  it('a captured payment confirms the pending ticket', () =>
    given([paid, took('m1', hold(early), 50_000)])
      .when(capture('m1'))
      .then([confirmed('m1')]));
  it('a capture delivered twice confirms once', () =>
    given([paid, took('m1', hold(early), 50_000), confirmed('m1')])
      .when(capture('m1'))
      .thenNothingHappened());
  it('a late capture still gets a place while one is free', () => {
    const late = '2030-03-10T01:00:00.000Z';
    return given([paid, took('m1', hold(early), 50_000)])
      .when(capture('m1', late))
      .then([confirmed('m1', 50_000, late)]);
  });
  it('a late capture for a full event is paid back', () => {
    const late = '2030-03-10T01:00:00.000Z';
    return given([
      paid,
      took('m1', hold(early), 50_000),
      { type: 'TicketLapsed', data: { eventId: 'e1', memberId: 'm1', at: late } },
      confirmed('m2'),
      confirmed('m3'),
    ])
      .when(capture('m1', late))
      .then([
        {
          type: 'PaymentToRefund',
          data: { eventId: 'e1', memberId: 'm1', paymentId: 'p-m1', amountPaise: 50_000, reason: 'The ticket’s hold ran out and the event is full.', at: late },
        },
      ]);
  });
});

describe('event: cancellations', () => {
  it('a member cancelling more than 24 hours before gets their money back', () =>
    given([paid, took('m1', hold(early), 50_000), confirmed('m1')])
      .when({ type: 'CancelTicket', data: { memberId: 'm1', at: early } })
      .then([{ type: 'TicketCancelled', data: { eventId: 'e1', memberId: 'm1', refundPaise: 50_000, at: early } }]));
  it('a member cancelling within 24 hours gets nothing back', () =>
    given([paid, took('m1', hold(early), 50_000), confirmed('m1')])
      .when({ type: 'CancelTicket', data: { memberId: 'm1', at: dayBefore } })
      .then([{ type: 'TicketCancelled', data: { eventId: 'e1', memberId: 'm1', refundPaise: 0, at: dayBefore } }]));
  it('a cancelled ticket frees its place', () =>
    given([published({ capacity: 1 }), took('m1'), { type: 'TicketCancelled', data: { eventId: 'e1', memberId: 'm1', refundPaise: 0, at: early } }])
      .when(take('m2'))
      .then([took('m2')]));
  it('cancelling without a ticket is a 404', () =>
    given([published()])
      .when({ type: 'CancelTicket', data: { memberId: 'm1', at: early } })
      .thenThrows(DomainError, code('NOT_FOUND', 404)));
  it('staff cancelling the event tell every holder and refund the paid tickets', () =>
    given([paid, took('m1', hold(early), 50_000), confirmed('m1'), took('m2', hold(early), 50_000)])
      .when({ type: 'CancelEvent', data: { reason: 'Coach unwell', at: early } })
      .then([
        {
          type: 'EventCancelled',
          data: { eventId: 'e1', reason: 'Coach unwell', at: early, ticketHolderIds: ['m1', 'm2'], refunds: [{ memberId: 'm1', amountPaise: 50_000 }] },
        },
      ]));
  it('a payment captured after the event was cancelled is paid back', () =>
    given([
      paid,
      took('m1', hold(early), 50_000),
      { type: 'EventCancelled', data: { eventId: 'e1', reason: 'Rain', at: early, ticketHolderIds: ['m1'], refunds: [] } },
    ])
      .when({ type: 'CapturePayment', data: { memberId: 'm1', paymentId: 'p-m1', amountPaise: 50_000, at: early } })
      .then([
        {
          type: 'PaymentToRefund',
          data: { eventId: 'e1', memberId: 'm1', paymentId: 'p-m1', amountPaise: 50_000, reason: 'The event was cancelled.', at: early },
        },
      ]));
});

describe('event: attendance and end', () => {
  const during = '2030-03-20T05:00:00.000Z';
  it('marks a confirmed ticket attended once', () => {
    given([published(), took('m1')])
      .when({ type: 'MarkAttended', data: { memberId: 'm1', at: during, by: 'check_in' } })
      .then([{ type: 'TicketAttended', data: { eventId: 'e1', memberId: 'm1', by: 'check_in', at: during } }]);
    given([published(), took('m1'), { type: 'TicketAttended', data: { eventId: 'e1', memberId: 'm1', by: 'staff', at: during } }])
      .when({ type: 'MarkAttended', data: { memberId: 'm1', at: during, by: 'check_in' } })
      .thenNothingHappened();
  });
  it('refuses to mark an unpaid ticket, or days before the event', () => {
    given([paid, took('m1', hold(early), 50_000)])
      .when({ type: 'MarkAttended', data: { memberId: 'm1', at: early, by: 'staff' } })
      .thenThrows(DomainError, code('CONFLICT'));
    given([published(), took('m1')])
      .when({ type: 'MarkAttended', data: { memberId: 'm1', at: early, by: 'staff' } })
      .thenThrows(DomainError, code('CONFLICT'));
  });
  it('ends the event with who came and who did not', () =>
    given([published(), took('m1'), took('m2'), { type: 'TicketAttended', data: { eventId: 'e1', memberId: 'm1', by: 'staff', at: during } }])
      .when({ type: 'EndEvent', data: { at: endsAt } })
      .then([{ type: 'EventEnded', data: { eventId: 'e1', at: endsAt, attendedMemberIds: ['m1'], absentMemberIds: ['m2'] } }]));
  it('ending an ended or cancelled event does nothing', () =>
    given([published(), { type: 'EventEnded', data: { eventId: 'e1', at: endsAt, attendedMemberIds: [], absentMemberIds: [] } }])
      .when({ type: 'EndEvent', data: { at: endsAt } })
      .thenNothingHappened());
});

describe('event: paid tickets through the purchase pipeline', () => {
  const bought = (memberId: string, purchaseId: string, at = early): GymEventEvent => ({
    type: 'TicketTaken',
    data: { eventId: 'e1', memberId, pricePaise: 50_000, holdUntil: hold(at), at, purchaseId },
  });
  const capture = (memberId: string, purchaseId: string, at = early): EventCommand => ({
    type: 'CapturePayment',
    data: { memberId, purchaseId, paymentId: `pay-${purchaseId}`, amountPaise: 50_000, at },
  });
  const paidBy = (memberId: string, purchaseId: string, at = early): GymEventEvent => ({
    type: 'TicketConfirmed',
    data: { eventId: 'e1', memberId, paymentId: `pay-${purchaseId}`, paidPaise: 50_000, at, purchaseId },
  });
  it('a paid ticket is taken with its purchase (pending); a free one never carries one', () => {
    given([paid])
      .when({ type: 'TakeTicket', data: { memberId: 'm1', at: early, purchaseId: 'b1' } })
      .then([bought('m1', 'b1')]);
    given([published()])
      .when({ type: 'TakeTicket', data: { memberId: 'm1', at: early, purchaseId: 'b1' } })
      .then([took('m1')]);
  });
  it('the purchase’s capture confirms the ticket once; the same capture again does nothing', () => {
    given([paid, bought('m1', 'b1')])
      .when(capture('m1', 'b1'))
      .then([paidBy('m1', 'b1')]);
    given([paid, bought('m1', 'b1'), paidBy('m1', 'b1')])
      .when(capture('m1', 'b1'))
      .thenNothingHappened();
  });
  it('a hold that runs out lapses the ticket and cancels its purchase', () =>
    given([paid, bought('m1', 'b1')])
      .when({ type: 'LapseHolds', data: { at: hold(early) } })
      .then([{ type: 'TicketLapsed', data: { eventId: 'e1', memberId: 'm1', at: hold(early), purchase: { id: 'b1', action: 'cancel' } } }]));
  it('payments cancelling the payment releases the place (its purchase is gone already); another purchase’s cancel does nothing', () => {
    given([paid, bought('m1', 'b1')])
      .when({ type: 'ReleaseHold', data: { memberId: 'm1', purchaseId: 'b1', at: early } })
      .then([{ type: 'TicketLapsed', data: { eventId: 'e1', memberId: 'm1', at: early } }]);
    given([paid, bought('m1', 'b2')])
      .when({ type: 'ReleaseHold', data: { memberId: 'm1', purchaseId: 'b1', at: early } })
      .thenNothingHappened();
    given([paid, bought('m1', 'b1'), paidBy('m1', 'b1')])
      .when({ type: 'ReleaseHold', data: { memberId: 'm1', purchaseId: 'b1', at: early } })
      .thenNothingHappened();
  });
  it('a lapsed purchase paid late while the member holds the ticket by a newer one is refunded', () =>
    given([paid, bought('m1', 'b2')])
      .when(capture('m1', 'b1'))
      .then([
        {
          type: 'PaymentToRefund',
          data: {
            eventId: 'e1',
            memberId: 'm1',
            paymentId: 'pay-b1',
            amountPaise: 50_000,
            reason: 'You hold this ticket by another purchase.',
            at: early,
            purchaseId: 'b1',
          },
        },
      ]));
  it('cancelling the event refunds paid purchases and cancels pending ones', () =>
    given([paid, bought('m1', 'b1'), paidBy('m1', 'b1'), bought('m2', 'b2')])
      .when({ type: 'CancelEvent', data: { reason: 'Rain', at: early } })
      .then([
        {
          type: 'EventCancelled',
          data: {
            eventId: 'e1',
            reason: 'Rain',
            at: early,
            ticketHolderIds: ['m1', 'm2'],
            refunds: [{ memberId: 'm1', amountPaise: 50_000 }],
            purchases: [
              { memberId: 'm1', id: 'b1', action: 'refund' },
              { memberId: 'm2', id: 'b2', action: 'cancel' },
            ],
          },
        },
      ]));
  it('a member giving up a paid ticket in time refunds its purchase; too late keeps it; an unpaid one cancels it', () => {
    given([paid, bought('m1', 'b1'), paidBy('m1', 'b1')])
      .when({ type: 'CancelTicket', data: { memberId: 'm1', at: early } })
      .then([{ type: 'TicketCancelled', data: { eventId: 'e1', memberId: 'm1', refundPaise: 50_000, at: early, purchase: { id: 'b1', action: 'refund' } } }]);
    given([paid, bought('m1', 'b1'), paidBy('m1', 'b1')])
      .when({ type: 'CancelTicket', data: { memberId: 'm1', at: dayBefore } })
      .then([{ type: 'TicketCancelled', data: { eventId: 'e1', memberId: 'm1', refundPaise: 0, at: dayBefore } }]);
    given([paid, bought('m1', 'b1')])
      .when({ type: 'CancelTicket', data: { memberId: 'm1', at: early } })
      .then([{ type: 'TicketCancelled', data: { eventId: 'e1', memberId: 'm1', refundPaise: 0, at: early, purchase: { id: 'b1', action: 'cancel' } } }]);
  });
});
