import { DomainError, fold } from '@akhada/kit/domain';
import { DeciderSpecification } from '@akhada/kit/testing/decider';
import { describe, expect, it } from 'vitest';
import { bookingNeedsEligibility, occurrenceDecider, type BookingRules, type OccurrenceEvent } from './decider.ts';

const given = DeciderSpecification.for(occurrenceDecider);
const rules: BookingRules = { opensDaysBefore: 7, closesMinutesBefore: 30, lateCancelMinutes: 120, confirmMinutes: 15 };
const startsAt = '2025-03-20T01:30:00.000Z'; // 07:00 in Kolkata
const slot = {
  occurrenceId: 'c1',
  orgId: 'o1',
  className: 'Sunrise yoga',
  locationId: 'l1',
  classTypeId: 't1',
  seriesId: null,
  startsAt,
  endsAt: '2025-03-20T02:30:00.000Z',
  capacity: 2,
  trainerId: null,
  room: 'Studio',
  at: '2025-03-10T00:00:00.000Z',
};
const scheduled: OccurrenceEvent = { type: 'ClassScheduled', data: slot };
const early = '2025-03-19T00:00:00.000Z'; // a day before: outside the late-cancel window
const late = '2025-03-20T00:30:00.000Z'; // an hour before: inside it
const booked = (memberId: string, at = early): OccurrenceEvent => ({ type: 'ClassBooked', data: { classId: 'c1', memberId, at } });
const waitlisted = (memberId: string, position: number, at = early): OccurrenceEvent => ({
  type: 'Waitlisted',
  data: { classId: 'c1', memberId, at, position },
});
const book = (memberId: string, at = early, byStaff = false, ineligible: string[] = []) => ({
  type: 'BookClass' as const,
  data: { memberId, at, rules, byStaff, ineligible },
});
const cancel = (memberId: string, at = early, ineligible: string[] = []) => ({ type: 'CancelBooking' as const, data: { memberId, at, rules, ineligible } });
const code =
  (c: string, status = 409) =>
  (e: DomainError) =>
    e.code === c && e.status === status;

describe('class occurrence: scheduling', () => {
  it('puts a class on the timetable', () => given([]).when({ type: 'ScheduleClass', data: slot }).then([scheduled]));
  it('refuses a capacity below 1 with a 400', () =>
    given([])
      .when({ type: 'ScheduleClass', data: { ...slot, capacity: 0 } })
      .thenThrows(DomainError, code('VALIDATION_FAILED', 400)));
  it('refuses a class that ends before it starts', () =>
    given([])
      .when({ type: 'ScheduleClass', data: { ...slot, endsAt: startsAt } })
      .thenThrows(DomainError, code('VALIDATION_FAILED', 400)));
  it('refuses to schedule the same class twice', () =>
    given([scheduled]).when({ type: 'ScheduleClass', data: slot }).thenThrows(DomainError, code('CONFLICT')));
});

describe('class occurrence: booking', () => {
  it('books while there is a place', () =>
    given([scheduled])
      .when(book('m1'))
      .then([booked('m1')]));
  it('waitlists in order once full', () =>
    given([scheduled, booked('m1'), booked('m2'), waitlisted('m3', 1)])
      .when(book('m4'))
      .then([waitlisted('m4', 2)]));
  it('books nobody twice', () =>
    given([scheduled, booked('m1')])
      .when(book('m1'))
      .thenThrows(DomainError, code('ALREADY_BOOKED')));
  it('refuses a member already waitlisted', () =>
    given([scheduled, booked('m1'), booked('m2'), waitlisted('m3', 1)])
      .when(book('m3'))
      .thenThrows(DomainError, code('ALREADY_BOOKED')));
  it('refuses before the window opens, saying when it does', () =>
    given([scheduled])
      .when(book('m1', '2025-03-12T00:00:00.000Z'))
      .thenThrows(DomainError, (e) => e.code === 'BOOKING_NOT_ALLOWED' && e.message === 'Booking opens 7 days before the class.'));
  it('refuses after the window closes', () =>
    given([scheduled])
      .when(book('m1', '2025-03-20T01:10:00.000Z'))
      .thenThrows(DomainError, (e) => e.code === 'BOOKING_NOT_ALLOWED' && e.message === 'Booking closes 30 minutes before the class.'));
  it('lets staff book a member outside the window (not after the start)', () =>
    given([scheduled])
      .when(book('m1', '2025-03-12T00:00:00.000Z', true))
      .then([booked('m1', '2025-03-12T00:00:00.000Z')]));
  it('refuses a cancelled class', () =>
    given([scheduled, { type: 'ClassCancelled', data: { classId: 'c1', at: early, reason: 'x', bookedMemberIds: [], waitlistedMemberIds: [] } }])
      .when(book('m1'))
      .thenThrows(DomainError, (e) => e.message === 'This class was cancelled.'));
});

describe('class occurrence: cancellation and promotion', () => {
  const full = [scheduled, booked('m1'), booked('m2'), waitlisted('m3', 1), waitlisted('m4', 2)];
  it('promotes the first waiting member at once before the late-cancel window', () =>
    given(full)
      .when(cancel('m1'))
      .then([
        { type: 'BookingCancelled', data: { classId: 'c1', memberId: 'm1', at: early, late: false, from: 'booked' } },
        { type: 'WaitlistPromoted', data: { classId: 'c1', memberId: 'm3', at: early } },
      ]));
  it('inside the late-cancel window: a late cancel, and the first waiting member is offered the place to confirm', () =>
    given(full)
      .when(cancel('m1', late))
      .then([
        { type: 'BookingCancelled', data: { classId: 'c1', memberId: 'm1', at: late, late: true, from: 'booked' } },
        { type: 'PromotionOffered', data: { classId: 'c1', memberId: 'm3', at: late, expiresAt: '2025-03-20T00:45:00.000Z' } },
      ]));
  const offered = [
    ...full,
    { type: 'BookingCancelled', data: { classId: 'c1', memberId: 'm1', at: late, late: true, from: 'booked' } } as OccurrenceEvent,
    { type: 'PromotionOffered', data: { classId: 'c1', memberId: 'm3', at: late, expiresAt: '2025-03-20T00:45:00.000Z' } } as OccurrenceEvent,
  ];
  it('the offered member confirms within the time', () =>
    given(offered)
      .when({ type: 'ConfirmPromotion', data: { memberId: 'm3', at: '2025-03-20T00:40:00.000Z' } })
      .then([{ type: 'WaitlistPromoted', data: { classId: 'c1', memberId: 'm3', at: '2025-03-20T00:40:00.000Z' } }]));
  it('an unconfirmed offer passes to the next one', () =>
    given(offered)
      .when({ type: 'ExpireOffer', data: { at: '2025-03-20T00:46:00.000Z', rules, ineligible: [] } })
      .then([
        { type: 'PromotionExpired', data: { classId: 'c1', memberId: 'm3', at: '2025-03-20T00:46:00.000Z' } },
        { type: 'PromotionOffered', data: { classId: 'c1', memberId: 'm4', at: '2025-03-20T00:46:00.000Z', expiresAt: '2025-03-20T01:01:00.000Z' } },
      ]));
  it('a confirmation after the time is refused', () =>
    given(offered)
      .when({ type: 'ConfirmPromotion', data: { memberId: 'm3', at: '2025-03-20T00:50:00.000Z' } })
      .thenThrows(DomainError, (e) => e.message === 'The time to confirm this place has passed.'));
  it('a new booking queues behind an open offer', () =>
    given(offered)
      .when(book('m9', late, true))
      .then([waitlisted('m9', 2, late)]));
  it('leaving the waitlist promotes nobody', () =>
    given(full)
      .when(cancel('m4'))
      .then([{ type: 'BookingCancelled', data: { classId: 'c1', memberId: 'm4', at: early, late: false, from: 'waitlist' } }]));
  it('a member not booked has no booking to cancel', () => given(full).when(cancel('m9')).thenThrows(DomainError, code('NOT_FOUND', 404)));
  it('more capacity promotes as many as fit', () =>
    given(full)
      .when({ type: 'EditClass', data: { changes: { capacity: 4 }, at: early, rules, ineligible: [] } })
      .then([
        { type: 'ClassEdited', data: { classId: 'c1', changes: { capacity: 4 }, at: early } },
        { type: 'WaitlistPromoted', data: { classId: 'c1', memberId: 'm3', at: early } },
        { type: 'WaitlistPromoted', data: { classId: 'c1', memberId: 'm4', at: early } },
        { type: 'ClassFilled', data: { classId: 'c1', at: early, capacity: 4 } },
      ]));
  it('cancelling the class names everyone it tells', () =>
    given(full)
      .when({ type: 'CancelClass', data: { at: early, reason: 'Trainer ill' } })
      .then([
        { type: 'ClassCancelled', data: { classId: 'c1', at: early, reason: 'Trainer ill', bookedMemberIds: ['m1', 'm2'], waitlistedMemberIds: ['m3', 'm4'] } },
      ]));
});

describe('class occurrence: waiting members who may no longer book are passed over', () => {
  // m3 waited first, then their membership expired (or froze, or their allowance ran out): the use case says so.
  const full = [scheduled, booked('m1'), booked('m2'), waitlisted('m3', 1), waitlisted('m4', 2), waitlisted('m5', 3)];
  const cancelledEarly: OccurrenceEvent = { type: 'BookingCancelled', data: { classId: 'c1', memberId: 'm1', at: early, late: false, from: 'booked' } };
  it('a cancellation promotes the first waiting member who may book; the ineligible one keeps their place', () =>
    given(full)
      .when(cancel('m1', early, ['m3']))
      .then([cancelledEarly, { type: 'WaitlistPromoted', data: { classId: 'c1', memberId: 'm4', at: early } }]));
  it('inside the late-cancel window the place is offered to the first who may book', () =>
    given(full)
      .when(cancel('m1', late, ['m3', 'm4']))
      .then([
        { type: 'BookingCancelled', data: { classId: 'c1', memberId: 'm1', at: late, late: true, from: 'booked' } },
        { type: 'PromotionOffered', data: { classId: 'c1', memberId: 'm5', at: late, expiresAt: '2025-03-20T00:45:00.000Z' } },
      ]));
  it('nobody waiting may book: the place stays free and the waitlist as it was', () =>
    given(full)
      .when(cancel('m1', early, ['m3', 'm4', 'm5']))
      .then([cancelledEarly]));
  it('an offer that expires passes over the ineligible to the next who may book', () =>
    given([
      ...full,
      { type: 'BookingCancelled', data: { classId: 'c1', memberId: 'm1', at: late, late: true, from: 'booked' } },
      { type: 'PromotionOffered', data: { classId: 'c1', memberId: 'm3', at: late, expiresAt: '2025-03-20T00:45:00.000Z' } },
    ])
      .when({ type: 'ExpireOffer', data: { at: '2025-03-20T00:46:00.000Z', rules, ineligible: ['m4'] } })
      .then([
        { type: 'PromotionExpired', data: { classId: 'c1', memberId: 'm3', at: '2025-03-20T00:46:00.000Z' } },
        { type: 'PromotionOffered', data: { classId: 'c1', memberId: 'm5', at: '2025-03-20T00:46:00.000Z', expiresAt: '2025-03-20T01:01:00.000Z' } },
      ]));
  it('more capacity promotes as many who may book as fit, in order', () =>
    given(full)
      .when({ type: 'EditClass', data: { changes: { capacity: 4 }, at: early, rules, ineligible: ['m4'] } })
      .then([
        { type: 'ClassEdited', data: { classId: 'c1', changes: { capacity: 4 }, at: early } },
        { type: 'WaitlistPromoted', data: { classId: 'c1', memberId: 'm3', at: early } },
        { type: 'WaitlistPromoted', data: { classId: 'c1', memberId: 'm5', at: early } },
        { type: 'ClassFilled', data: { classId: 'c1', at: early, capacity: 4 } },
      ]));
  const freeBehindIneligible = [...full, cancelledEarly];
  it('a booking needs to know who of the waitlist may book only when someone waits and a place is free', () => {
    expect(bookingNeedsEligibility(fold(occurrenceDecider, freeBehindIneligible))).toBe(true);
    expect(bookingNeedsEligibility(fold(occurrenceDecider, full))).toBe(false);
    expect(bookingNeedsEligibility(fold(occurrenceDecider, [scheduled, booked('m1')]))).toBe(false);
    expect(bookingNeedsEligibility(fold(occurrenceDecider, []))).toBe(false);
  });
  it('a place left free behind ineligible waiting members goes to a new booking', () =>
    given(freeBehindIneligible)
      .when(book('m9', early, false, ['m3', 'm4', 'm5']))
      .then([booked('m9'), { type: 'ClassFilled', data: { classId: 'c1', at: early, capacity: 2 } }]));
  it('… unless a waiting member may book again (renewed): they take it first and the newcomer waits', () =>
    given(freeBehindIneligible)
      .when(book('m9', early, false, ['m3', 'm5']))
      .then([
        { type: 'WaitlistPromoted', data: { classId: 'c1', memberId: 'm4', at: early } },
        waitlisted('m9', 3),
        { type: 'ClassFilled', data: { classId: 'c1', at: early, capacity: 2 } },
      ]));
});

describe('class occurrence: attendance and close', () => {
  const two = [scheduled, booked('m1'), booked('m2')];
  const attended: OccurrenceEvent = { type: 'AttendanceMarked', data: { classId: 'c1', memberId: 'm1', at: startsAt } };
  it('marks a booked member attended, once', () =>
    given(two)
      .when({ type: 'MarkAttended', data: { memberId: 'm1', at: startsAt } })
      .then([attended]));
  it('a second mark changes nothing', () =>
    given([...two, attended])
      .when({ type: 'MarkAttended', data: { memberId: 'm1', at: startsAt } })
      .thenNothingHappened());
  it('closing after the end makes the unattended no-shows', () =>
    given([...two, attended])
      .when({ type: 'CloseClass', data: { at: '2025-03-20T02:30:00.000Z' } })
      .then([{ type: 'ClassClosed', data: { classId: 'c1', at: '2025-03-20T02:30:00.000Z', attendedMemberIds: ['m1'], noShowMemberIds: ['m2'] } }]));
  it('a class is not closed before it ends', () =>
    given(two)
      .when({ type: 'CloseClass', data: { at: startsAt } })
      .thenThrows(DomainError, code('CONFLICT')));
});
