import { DomainError, fold } from '@akhada/kit/domain';
import { DeciderSpecification } from '@akhada/kit/testing/decider';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NO_ACTIVE_SESSION, sessionDecider, type CheckedIn, type CheckedOut, type CheckInData, type SessionCommand, type SessionEvent } from './decider.ts';

const given = DeciderSpecification.for(sessionDecider);
const A1 = '0198a7c0-0000-7000-8000-000000000001';
const A2 = '0198a7c0-0000-7000-8000-000000000002';
const checkIn = (overrides: Partial<CheckInData> = {}): CheckInData => ({
  attendanceId: A1,
  memberId: '0198a7c0-0000-7000-8000-0000000000m1',
  type: 'member',
  orgId: '0198a7c0-0000-7000-8000-0000000000aa',
  locationId: '0198a7c0-0000-7000-8000-0000000000l1',
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@example.in',
  trainer: null,
  workoutType: 'other',
  notes: '',
  method: 'manual',
  checkInTime: '2026-11-23T01:00:00.000Z',
  ...overrides,
});
const checkedIn = (o: Partial<CheckInData> = {}): CheckedIn => ({ type: 'CheckedIn', data: checkIn(o) });
const out = (at: string, o: Partial<CheckedOut['data']> = {}): CheckedOut => ({
  type: 'CheckedOut',
  data: {
    attendanceId: A1,
    memberId: checkIn().memberId,
    type: 'member',
    orgId: checkIn().orgId,
    locationId: checkIn().locationId,
    firstName: 'Asha',
    lastName: 'Rao',
    checkInTime: checkIn().checkInTime,
    checkOutTime: at,
    durationMinutes: 90,
    method: 'manual',
    notes: null,
    autoClosed: false,
    ...o,
  },
});

describe('attendance session decider', () => {
  it('checks a member in', () => given([]).when({ type: 'CheckIn', data: checkIn() }).then([checkedIn()]));

  it('refuses a second check-in while the member is inside', () =>
    given([checkedIn()])
      .when({ type: 'CheckIn', data: checkIn({ attendanceId: A2 }) })
      .thenThrows(DomainError, (e) => e.code === 'ALREADY_CHECKED_IN' && e.status === 409 && e.message.includes('already checked in')));

  it('checks the member out with the duration in whole minutes', () =>
    given([checkedIn()])
      .when({ type: 'CheckOut', data: { at: '2026-11-23T02:30:40.000Z', method: 'manual' } })
      .then([out('2026-11-23T02:30:40.000Z')]));

  it('answers "No active check-in found for this member" without an open session', () =>
    given([checkedIn(), out('2026-11-23T02:30:00.000Z')])
      .when({ type: 'CheckOut', data: { at: '2026-11-23T03:00:00.000Z', method: 'manual' } })
      .thenThrows(DomainError, (e) => e.message === NO_ACTIVE_SESSION && e.status === 404));

  it('refuses to check out a session that is not the open one', () =>
    given([checkedIn()])
      .when({ type: 'CheckOut', data: { attendanceId: A2, at: '2026-11-23T03:00:00.000Z', method: 'manual' } })
      .thenThrows(DomainError, (e) => e.code === 'NO_ACTIVE_CHECK_IN'));

  it('never gives a negative duration (a check-out stamped before the check-in ends at the check-in)', () =>
    given([checkedIn()])
      .when({ type: 'CheckOut', data: { at: '2026-11-23T00:00:00.000Z', method: 'kiosk' } })
      .then([out('2026-11-23T01:00:00.000Z', { durationMinutes: 0, method: 'kiosk' })]));

  it('closes a session left open, marked as closed automatically', () =>
    given([checkedIn()])
      .when({ type: 'AutoClose', data: { attendanceId: A1, closeAt: '2026-11-23T05:00:00.000Z' } })
      .then([out('2026-11-23T05:00:00.000Z', { durationMinutes: 240, method: 'auto', autoClosed: true })]));

  it('does nothing when auto-closing a session already closed (a second instance of the job)', () =>
    given([checkedIn(), out('2026-11-23T02:30:00.000Z')])
      .when({ type: 'AutoClose', data: { attendanceId: A1, closeAt: '2026-11-23T05:00:00.000Z' } })
      .thenNothingHappened());

  it('refuses a queued check-in older than a visit already recorded', () =>
    given([checkedIn(), out('2026-11-23T02:30:00.000Z')])
      .when({ type: 'CheckIn', data: checkIn({ attendanceId: A2, checkInTime: '2026-11-23T02:00:00.000Z' }) })
      .thenThrows(DomainError, (e) => e.code === 'CONFLICT' && e.status === 409));

  it('checks in again after checking out', () =>
    given([checkedIn(), out('2026-11-23T02:30:00.000Z')])
      .when({ type: 'CheckIn', data: checkIn({ attendanceId: A2, checkInTime: '2026-11-23T10:00:00.000Z' }) })
      .then([checkedIn({ attendanceId: A2, checkInTime: '2026-11-23T10:00:00.000Z' })]));
});

describe('attendance session decider, any sequence of commands (property)', () => {
  const base = Date.parse('2026-11-23T00:00:00.000Z');
  const ids = [A1, A2, '0198a7c0-0000-7000-8000-000000000003'];
  const command = fc.oneof(
    fc.record({ kind: fc.constant('in' as const), id: fc.constantFrom(...ids), minute: fc.integer({ min: 0, max: 2000 }) }),
    fc.record({ kind: fc.constant('out' as const), id: fc.option(fc.constantFrom(...ids), { nil: undefined }), minute: fc.integer({ min: 0, max: 2000 }) }),
    fc.record({ kind: fc.constant('auto' as const), id: fc.constantFrom(...ids), minute: fc.integer({ min: 0, max: 2000 }) }),
  );
  const toCommand = (c: { kind: 'in' | 'out' | 'auto'; id: string | undefined; minute: number }): SessionCommand => {
    const at = new Date(base + c.minute * 60_000).toISOString();
    if (c.kind === 'in') return { type: 'CheckIn', data: checkIn({ attendanceId: c.id ?? A1, checkInTime: at }) };
    if (c.kind === 'out') return { type: 'CheckOut', data: { attendanceId: c.id, at, method: 'manual' } };
    return { type: 'AutoClose', data: { attendanceId: c.id ?? A1, closeAt: at } };
  };

  it('keeps at most one open session and never a negative duration', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 60 }), (commands) => {
        const history: SessionEvent[] = [];
        for (const c of commands) {
          const state = fold(sessionDecider, history);
          try {
            history.push(...sessionDecider.decide(toCommand(c), state));
          } catch (err) {
            if (!(err instanceof DomainError)) throw err;
          }
        }
        let open = 0;
        for (const e of history) {
          if (e.type === 'CheckedIn') {
            open += 1;
            expect(open).toBe(1);
          } else {
            open -= 1;
            expect(open).toBe(0);
            expect(e.data.durationMinutes).toBeGreaterThanOrEqual(0);
            expect(Date.parse(e.data.checkOutTime)).toBeGreaterThanOrEqual(Date.parse(e.data.checkInTime));
          }
        }
        expect(fold(sessionDecider, history).open === null).toBe(open === 0);
      }),
      { numRuns: 300 },
    );
  });
});
