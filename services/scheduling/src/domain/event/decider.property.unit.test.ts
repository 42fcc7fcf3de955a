import { DomainError } from '@akhada/kit/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gymEventDecider, HOLD_MINUTES, placesTaken, type EventCommand, type GymEventEvent, type GymEventState } from './decider.ts';

// Random sequences of tickets taken, paid, given up and lapsed by a small crowd over the days before a paid event, with
// capacity changes: whatever the decider accepts keeps its invariants.
const START = Date.parse('2030-03-20T04:30:00.000Z');
const members = ['m0', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7'];
const step = fc.record({
  kind: fc.constantFrom('take', 'take', 'capture', 'cancel', 'lapse', 'capacity'),
  member: fc.constantFrom(...members),
  minutesLater: fc.integer({ min: 0, max: 30 }),
  capacity: fc.integer({ min: 1, max: 5 }),
});
type Step = { kind: string; member: string; minutesLater: number; capacity: number };

const commandOf = (s: Step, at: string): EventCommand => {
  switch (s.kind) {
    case 'take':
      return { type: 'TakeTicket', data: { memberId: s.member, at } };
    case 'capture':
      return { type: 'CapturePayment', data: { memberId: s.member, paymentId: `p-${s.member}-${at}`, amountPaise: 50_000, at } };
    case 'cancel':
      return { type: 'CancelTicket', data: { memberId: s.member, at } };
    case 'lapse':
      return { type: 'LapseHolds', data: { at } };
    default:
      return { type: 'EditEvent', data: { changes: { capacity: s.capacity }, at } };
  }
};

describe('event invariants (fast-check)', () => {
  it('places held ≤ capacity, one ticket a member, no pending ticket outlives its hold at a decision, refunds only of money paid', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.array(step, { minLength: 1, maxLength: 60 }), (capacity, steps) => {
        const published: GymEventEvent = {
          type: 'EventPublished',
          data: {
            eventId: 'e1',
            orgId: 'o1',
            locationId: 'l1',
            title: 'Run',
            description: '',
            kind: 'run',
            onlineUrl: null,
            startsAt: new Date(START).toISOString(),
            endsAt: new Date(START + 7_200_000).toISOString(),
            capacity,
            pricePaise: 50_000,
            at: '2030-03-01T00:00:00.000Z',
          },
        };
        let state: GymEventState = gymEventDecider.evolve(gymEventDecider.initialState(), published);
        let now = START - 3 * 86_400_000;
        for (const s of steps) {
          now += s.minutesLater * 60_000;
          const at = new Date(now).toISOString();
          let events: GymEventEvent[];
          try {
            events = gymEventDecider.decide(commandOf(s, at), state);
          } catch (e) {
            expect(e).toBeInstanceOf(DomainError);
            continue;
          }
          for (const e of events) {
            if (e.type === 'TicketCancelled' && e.data.refundPaise > 0) expect(e.data.refundPaise).toBe(50_000);
            if (e.type === 'TicketTaken') expect(e.data.holdUntil).toBe(new Date(now + HOLD_MINUTES * 60_000).toISOString());
            state = gymEventDecider.evolve(state, e);
          }
          if (state.status === 'none') throw new Error('the event vanished');
          expect(placesTaken(state)).toBeLessThanOrEqual(state.capacity);
          // A decision that takes a place never counts a hold that had run out.
          if (events.some((e) => e.type === 'TicketTaken'))
            for (const t of Object.values(state.tickets)) if (t.status === 'pending') expect(Date.parse(t.holdUntil)).toBeGreaterThan(now);
        }
      }),
      { numRuns: 300 },
    );
  });
});
