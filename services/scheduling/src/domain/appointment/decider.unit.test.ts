import { DomainError } from '@akhada/kit/domain';
import { DeciderSpecification } from '@akhada/kit/testing/decider';
import { describe, it } from 'vitest';
import { appointmentDecider, type AppointmentEvent, type Clash } from './decider.ts';

const given = DeciderSpecification.for(appointmentDecider);
const rules = { opensDaysBefore: 7, closesMinutesBefore: 30 };
const startsAt = '2030-03-12T04:30:00.000Z'; // 10:00 in Kolkata
const endsAt = '2030-03-12T05:30:00.000Z';
const slot = { appointmentId: 'a1', orgId: 'o1', locationId: 'l1', memberId: 'm1', trainerId: 't1', startsAt, endsAt, bookedBy: 'm1' };
const at = '2030-03-11T00:00:00.000Z';
const hours = [{ startsAt: '2030-03-12T03:30:00.000Z', endsAt: '2030-03-12T07:30:00.000Z' }]; // 09:00–13:00
const book = (o: Partial<typeof slot> & { at?: string; byMember?: boolean; clashes?: Clash[]; openHours?: typeof hours } = {}) => ({
  type: 'BookAppointment' as const,
  data: { ...slot, at, byMember: true, rules, openHours: hours, clashes: [], ...o },
});
const booked: AppointmentEvent = { type: 'AppointmentBooked', data: { ...slot, at } };
const cancelled = (when: string, late: boolean): AppointmentEvent => ({
  type: 'AppointmentCancelled',
  data: { appointmentId: 'a1', at: when, by: 'm1', late },
});
const code =
  (c: string, status = 409) =>
  (e: DomainError) =>
    e.code === c && e.status === status;

describe('appointment: booking', () => {
  it('books a free slot inside the working hours', () => given([]).when(book()).then([booked]));
  it('refuses a length other than 30, 45, 60 or 90 minutes with a 400', () =>
    given([])
      .when(book({ endsAt: '2030-03-12T04:50:00.000Z' }))
      .thenThrows(DomainError, code('VALIDATION_FAILED', 400)));
  it('refuses a time that has passed', () =>
    given([])
      .when(book({ at: '2030-03-12T05:00:00.000Z' }))
      .thenThrows(DomainError, code('BOOKING_NOT_ALLOWED')));
  it('refuses a member before the booking window opens, saying when it does', () =>
    given([])
      .when(book({ at: '2030-03-01T00:00:00.000Z' }))
      .thenThrows(DomainError, (e) => e.code === 'BOOKING_NOT_ALLOWED' && e.message === 'Booking opens 7 days before the appointment.'));
  it('refuses a member after the window closes', () =>
    given([])
      .when(book({ at: '2030-03-12T04:10:00.000Z' }))
      .thenThrows(DomainError, (e) => e.message === 'Booking closes 30 minutes before the appointment.'));
  it('lets staff book outside the window', () =>
    given([])
      .when(book({ at: '2030-03-01T00:00:00.000Z', byMember: false }))
      .then([{ ...booked, data: { ...booked.data, at: '2030-03-01T00:00:00.000Z' } } as AppointmentEvent]));
  it('refuses a time outside the trainer’s working hours', () =>
    given([])
      .when(book({ startsAt: '2030-03-12T07:00:00.000Z', endsAt: '2030-03-12T08:00:00.000Z' }))
      .thenThrows(DomainError, code('OUTSIDE_AVAILABILITY')));
  it('refuses when the trainer has another appointment then', () =>
    given([])
      .when(book({ clashes: [{ who: 'trainer', kind: 'appointment', startsAt: '2030-03-12T05:00:00.000Z', endsAt: '2030-03-12T06:00:00.000Z' }] }))
      .thenThrows(DomainError, (e) => e.code === 'APPOINTMENT_CLASH' && e.message === 'The trainer already has an appointment at that time.'));
  it('refuses when the trainer leads a class then, naming it', () =>
    given([])
      .when(book({ clashes: [{ who: 'trainer', kind: 'class', name: 'Sunrise yoga', startsAt, endsAt }] }))
      .thenThrows(DomainError, (e) => e.message === 'The trainer leads Sunrise yoga at that time.'));
  it('refuses when the member is booked into a class then', () =>
    given([])
      .when(book({ clashes: [{ who: 'member', kind: 'class', name: 'Zumba', startsAt: '2030-03-12T04:00:00.000Z', endsAt: '2030-03-12T04:45:00.000Z' }] }))
      .thenThrows(DomainError, (e) => e.message === 'The member is booked into Zumba at that time.'));
  it('back to back is no clash', () =>
    given([])
      .when(book({ clashes: [{ who: 'member', kind: 'appointment', startsAt: '2030-03-12T03:30:00.000Z', endsAt: startsAt }] }))
      .then([booked]));
  it('books an appointment once', () => given([booked]).when(book()).thenThrows(DomainError, code('CONFLICT')));
});

describe('appointment: cancelling', () => {
  it('a cancel a day before is not late', () =>
    given([booked])
      .when({ type: 'CancelAppointment', data: { by: 'm1', at, lateCancelMinutes: 120 } })
      .then([cancelled(at, false)]));
  it('a cancel inside the late-cancel window is late', () =>
    given([booked])
      .when({ type: 'CancelAppointment', data: { by: 'm1', at: '2030-03-12T03:00:00.000Z', lateCancelMinutes: 120 } })
      .then([cancelled('2030-03-12T03:00:00.000Z', true)]));
  it('cancelling twice changes nothing', () =>
    given([booked, cancelled(at, false)])
      .when({ type: 'CancelAppointment', data: { by: 'm1', at, lateCancelMinutes: 120 } })
      .thenNothingHappened());
  it('an appointment that has started cannot be cancelled', () =>
    given([booked])
      .when({ type: 'CancelAppointment', data: { by: 'm1', at: startsAt, lateCancelMinutes: 120 } })
      .thenThrows(DomainError, code('CONFLICT')));
  it('an unknown appointment is not found', () =>
    given([])
      .when({ type: 'CancelAppointment', data: { by: 'm1', at, lateCancelMinutes: 120 } })
      .thenThrows(DomainError, code('NOT_FOUND', 404)));
});

describe('appointment: attendance', () => {
  const during = '2030-03-12T04:40:00.000Z';
  it('the trainer marks it attended', () =>
    given([booked])
      .when({ type: 'MarkAttended', data: { by: 't1', at: during } })
      .then([{ type: 'AppointmentAttended', data: { appointmentId: 'a1', at: during, by: 't1' } }]));
  it('not a day early', () =>
    given([booked])
      .when({ type: 'MarkAttended', data: { by: 't1', at } })
      .thenThrows(DomainError, code('CONFLICT')));
  it('a cancelled appointment cannot be attended', () =>
    given([booked, cancelled(at, false)])
      .when({ type: 'MarkAttended', data: { by: 't1', at: during } })
      .thenThrows(DomainError, (e) => e.message === 'This appointment was cancelled.'));
  it('a no-show marked by mistake is corrected to attended', () =>
    given([booked, { type: 'AppointmentNoShow', data: { appointmentId: 'a1', at: during, by: 't1' } }])
      .when({ type: 'MarkAttended', data: { by: 't1', at: during } })
      .then([{ type: 'AppointmentAttended', data: { appointmentId: 'a1', at: during, by: 't1' } }]));
  it('a no-show is marked once it has begun', () =>
    given([booked])
      .when({ type: 'MarkNoShow', data: { by: 't1', at: during } })
      .then([{ type: 'AppointmentNoShow', data: { appointmentId: 'a1', at: during, by: 't1' } }]));
  it('a no-show before the start is refused', () =>
    given([booked])
      .when({ type: 'MarkNoShow', data: { by: 't1', at } })
      .thenThrows(DomainError, code('CONFLICT')));
  it('an attended appointment is no no-show', () =>
    given([booked, { type: 'AppointmentAttended', data: { appointmentId: 'a1', at: during, by: 't1' } }])
      .when({ type: 'MarkNoShow', data: { by: 't1', at: during } })
      .thenThrows(DomainError, (e) => e.message === 'This appointment is marked attended.'));
});

describe('appointment: the sweep', () => {
  const after = '2030-03-12T05:31:00.000Z';
  it('an appointment that ended unattended becomes a no-show', () =>
    given([booked])
      .when({ type: 'CloseAppointment', data: { at: after } })
      .then([{ type: 'AppointmentNoShow', data: { appointmentId: 'a1', at: after, by: null } }]));
  it('one still running is left alone', () =>
    given([booked])
      .when({ type: 'CloseAppointment', data: { at: '2030-03-12T05:00:00.000Z' } })
      .thenNothingHappened());
  it('an attended one is left alone', () =>
    given([booked, { type: 'AppointmentAttended', data: { appointmentId: 'a1', at: after, by: 't1' } }])
      .when({ type: 'CloseAppointment', data: { at: after } })
      .thenNothingHappened());
});
