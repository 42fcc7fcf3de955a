import { fold } from '@akhada/kit/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bookingNeedsEligibility,
  occurrenceDecider,
  type BookingRules,
  type OccurrenceCommand,
  type OccurrenceEvent,
  type OccurrenceState,
} from './decider.ts';

// Random sequences of bookings, cancellations, confirmations, expiries and capacity changes by a small crowd of
// members over the week before a class, each command with a random set of waiting members who may not take a place
// (expired, frozen, allowance used, paused): whatever the decider accepts must keep the class's invariants.
const START = Date.parse('2025-03-20T01:30:00.000Z');
const rules: BookingRules = { opensDaysBefore: 7, closesMinutesBefore: 30, lateCancelMinutes: 120, confirmMinutes: 15 };
const members = ['m0', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9'];

const step = fc.record({
  kind: fc.constantFrom('book', 'book', 'cancel', 'confirm', 'expire', 'capacity'),
  member: fc.constantFrom(...members),
  minutesBefore: fc.integer({ min: 0, max: 7 * 24 * 60 }),
  capacity: fc.integer({ min: 1, max: 6 }),
  byStaff: fc.boolean(),
  ineligible: fc.subarray(members, { maxLength: 5 }),
});

type Step = { kind: string; member: string; minutesBefore: number; capacity: number; byStaff: boolean; ineligible: string[] };

const commandOf = (s: Step, at: string): OccurrenceCommand => {
  switch (s.kind) {
    case 'book':
      return { type: 'BookClass', data: { memberId: s.member, at, rules, byStaff: s.byStaff, ineligible: s.ineligible } };
    case 'cancel':
      return { type: 'CancelBooking', data: { memberId: s.member, at, rules, ineligible: s.ineligible } };
    case 'confirm':
      return { type: 'ConfirmPromotion', data: { memberId: s.member, at } };
    case 'expire':
      return { type: 'ExpireOffer', data: { at, rules, ineligible: s.ineligible } };
    default:
      return { type: 'EditClass', data: { changes: { capacity: s.capacity }, at, rules, ineligible: s.ineligible } };
  }
};

describe('class occurrence invariants (fast-check)', () => {
  it('booked ≤ capacity, waitlist order preserved, every cancellation promotes at most one, nobody twice, the ineligible passed over', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.array(step, { maxLength: 60 }), (capacity, steps) => {
        const history: OccurrenceEvent[] = [
          {
            type: 'ClassScheduled',
            data: {
              occurrenceId: 'c',
              orgId: 'o',
              className: 'Yoga',
              locationId: 'l',
              classTypeId: 't',
              seriesId: null,
              startsAt: new Date(START).toISOString(),
              endsAt: new Date(START + 3_600_000).toISOString(),
              capacity,
              trainerId: null,
              room: '',
              at: new Date(START - 8 * 86_400_000).toISOString(),
            },
          },
        ];
        // Time only moves forward: sort the steps' moments, latest last.
        const moments = steps.map((s) => s.minutesBefore).sort((a, b) => b - a);
        let lowered = false;
        steps.forEach((s, i) => {
          const at = new Date(START - moments[i]! * 60_000).toISOString();
          const before = fold(occurrenceDecider, history) as Exclude<OccurrenceState, { status: 'none' }>;
          let events: OccurrenceEvent[];
          try {
            events = occurrenceDecider.decide(commandOf(s, at), before);
          } catch {
            return; // refused: nothing changes
          }
          // A booking the use case decides without reading the waitlist's eligibility decides the same whoever may book.
          if (s.kind === 'book' && !bookingNeedsEligibility(before))
            expect(
              occurrenceDecider.decide({ type: 'BookClass', data: { memberId: s.member, at, rules, byStaff: s.byStaff, ineligible: [] } }, before),
            ).toEqual(events);
          history.push(...events);
          const after = fold(occurrenceDecider, history) as Exclude<OccurrenceState, { status: 'none' }>;
          // Lowered under the places taken: the booked, and a place offered from the waitlist (it is theirs to confirm).
          if (s.kind === 'capacity' && s.capacity < before.booked.length + (before.offer ? 1 : 0)) lowered = true;
          // booked ≤ capacity (unless staff lowered the capacity under those already booked: nobody is bumped)
          if (!lowered) expect(after.booked.length + (after.offer ? 1 : 0)).toBeLessThanOrEqual(after.capacity);
          // nobody twice
          const everyone = [...after.booked, ...after.waitlist, ...(after.offer ? [after.offer.memberId] : [])];
          expect(new Set(everyone).size).toBe(everyone.length);
          // the waitlist keeps its order: what remains of the old queue is in the same order, newcomers at the end
          const kept = before.waitlist.filter((m) => after.waitlist.includes(m));
          expect(after.waitlist.slice(0, kept.length)).toEqual(kept);
          // promotions go to the head of the queue of those who may book, in order; the ineligible are never promoted
          // and keep their place (the order check above: nobody leaves the queue but the promoted and the cancelled)
          const promoted = events.filter((e) => e.type === 'WaitlistPromoted' || e.type === 'PromotionOffered').map((e) => e.data.memberId);
          const fromQueue = promoted.filter((m) => before.waitlist.includes(m));
          const eligibleQueue = before.waitlist.filter((m) => !s.ineligible.includes(m));
          expect(fromQueue).toEqual(eligibleQueue.slice(0, fromQueue.length));
          const left = before.waitlist.filter((m) => !after.waitlist.includes(m));
          for (const m of left.filter((x) => s.ineligible.includes(x))) expect(s.kind === 'cancel' && s.member === m).toBe(true);
          // every cancellation promotes at most one
          if (s.kind === 'cancel') expect(promoted.length).toBeLessThanOrEqual(1);
          // a command that fills leaves no place free (and no offer pending) while a member who may book is waiting
          const filled = s.kind === 'book' || s.kind === 'capacity' || events.some((e) => e.type === 'BookingCancelled' && e.data.from !== 'waitlist');
          if (filled && Date.parse(at) < START && !after.offer && after.booked.length < after.capacity)
            expect(after.waitlist.filter((m) => !s.ineligible.includes(m))).toEqual([]);
        });
      }),
      { numRuns: 500 },
    );
  });
});
