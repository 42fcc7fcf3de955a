import { AttendanceEvents, topicOf, type EventEnvelope } from '@akhada/contracts';
import { defineAggregate, makeEnvelope, type StoredEvent } from '@akhada/kit';
import type { AttendanceDb } from '../db/schema.ts';
import { sessionDecider, sessionStreamId, type SessionCommand, type SessionEvent, type SessionState } from '../domain/session/decider.ts';
import { projectSessions } from '../projections/sessions.ts';

/** Session events → attendance.checked_in / attendance.checked_out, keyed by the person (aggregateId = memberId). */
export const toIntegrationEvents = ({ event, metadata }: StoredEvent<SessionEvent>): EventEnvelope[] => {
  const d = event.data;
  const base = { ...metadata, aggregateId: d.memberId, locationId: d.locationId };
  switch (event.type) {
    case 'CheckedIn': {
      const c = event.data;
      const checkedIn = makeEnvelope(AttendanceEvents.CheckedIn, {
        ...base,
        occurredAt: c.checkInTime,
        data: {
          attendanceId: c.attendanceId,
          memberId: c.memberId,
          type: c.type,
          locationId: c.locationId,
          firstName: c.firstName,
          lastName: c.lastName,
          trainerId: c.trainer?.id ?? null,
          workoutType: c.workoutType,
          checkInMethod: c.method,
          checkInTime: c.checkInTime,
          ...(c.override ? { override: c.override } : {}),
        },
      });
      if (!c.override) return [checkedIn];
      // The override also as its own event, so the audit trail lists it as what it is (actor: who allowed it); an
      // id of its own (the stored event's is the check-in's).
      const { eventId: _checkInId, ...fresh } = base;
      const overridden = makeEnvelope(AttendanceEvents.EntryOverridden, {
        ...fresh,
        occurredAt: c.checkInTime,
        data: {
          ...c.override,
          attendanceId: c.attendanceId,
          memberId: c.memberId,
          locationId: c.locationId,
          firstName: c.firstName,
          lastName: c.lastName,
          checkInTime: c.checkInTime,
        },
      });
      return [checkedIn, overridden];
    }
    case 'CheckedOut': {
      const c = event.data;
      return [
        makeEnvelope(AttendanceEvents.CheckedOut, {
          ...base,
          occurredAt: c.checkOutTime,
          data: {
            attendanceId: c.attendanceId,
            memberId: c.memberId,
            type: c.type,
            locationId: c.locationId,
            firstName: c.firstName,
            lastName: c.lastName,
            checkInTime: c.checkInTime,
            checkOutTime: c.checkOutTime,
            durationMinutes: c.durationMinutes,
            checkOutMethod: c.method,
            autoClosed: c.autoClosed,
          },
        }),
      ];
    }
    default:
      return [];
  }
};

export const sessionAggregate = defineAggregate<AttendanceDb, SessionCommand, SessionEvent, SessionState>({
  name: 'attendance-session',
  streamId: sessionStreamId,
  decider: sessionDecider,
  projections: [projectSessions],
  toIntegrationEvents,
  topic: topicOf('attendance'),
  // A member's stream grows by two events a visit, for years: a check-in folds at most 50 of them after the snapshot.
  snapshot: { every: 50, schema: 1 },
});
