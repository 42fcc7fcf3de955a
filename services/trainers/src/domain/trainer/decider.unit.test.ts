import { DomainError } from '@akhada/kit/domain';
import { DeciderSpecification } from '@akhada/kit/testing/decider';
import { describe, it } from 'vitest';
import { trainerDecider, type CertificationData, type CreateTrainer, type TrainerCommand, type TrainerEvent } from './decider.ts';

const given = DeciderSpecification.for(trainerDecider);
const T = '0198a7c0-0000-7000-8000-000000000001';
const M = '0198a7c0-0000-7000-8000-000000000002';
const C1 = '0198a7c0-0000-7000-8000-0000000000c1';
const S1 = '0198a7c0-0000-7000-8000-0000000000e1';
const at = '2026-03-10T04:30:00.000Z';

const profile = {
  firstName: 'Arjun',
  lastName: 'Nair',
  email: 'arjun@example.in',
  phone: '+919822033333',
  specialization: ['yoga' as const],
  experience: 4,
  hourlyRatePaise: 80_000,
  maxClients: 10,
  bio: '',
};
const cert: CertificationData = { certificationId: C1, name: 'ACE CPT', issuingOrganization: 'ACE', issueDate: '2024-01-01', expiryDate: '2026-04-01' };
const createData: CreateTrainer['data'] = {
  ...profile,
  trainerId: T,
  orgId: '0198a7c0-0000-7000-8000-0000000000aa',
  locationId: '0198a7c0-0000-7000-8000-0000000000bb',
  source: 'staff',
  certifications: [cert],
  createdAt: at,
};
const create = (over: Partial<CreateTrainer['data']> = {}): TrainerCommand => ({ type: 'CreateTrainer', data: { ...createData, ...over } });
const created = (over: Partial<CreateTrainer['data']> = {}): TrainerEvent => ({ type: 'TrainerCreated', data: { ...createData, ...over } });
const pending = created({ source: 'join_code', certifications: [] });
const archived: TrainerEvent = { type: 'TrainerArchived', data: { trainerId: T, archivedAt: at, wasPending: false } };
/** A session an older version booked here (personal training now lives in scheduling). */
const booked: TrainerEvent = {
  type: 'SessionBooked',
  data: { sessionId: S1, memberId: M, startsAt: '2026-03-11T01:00:00.000Z', durationMinutes: 60, trainerId: T },
};
const isCode = (code: string, status: number) => (e: DomainError) => e.code === code && e.status === status;

describe('trainer decider: creation', () => {
  it('creates a trainer added by staff', () => given([]).when(create()).then([created()]));
  it('creates a pending trainer who joined with the code', () =>
    given([])
      .when(create({ source: 'join_code', certifications: [] }))
      .then([pending]));
  it('accepts a join-code sign-up without a specialization (staff add it later), not a staff-added trainer', () => {
    given([])
      .when(create({ source: 'join_code', certifications: [], specialization: [] }))
      .then([created({ source: 'join_code', certifications: [], specialization: [] })]);
    given([])
      .when(create({ specialization: [] }))
      .thenThrows(DomainError, isCode('VALIDATION_FAILED', 400));
  });
  it('refuses to create the same trainer twice', () => given([created()]).when(create()).thenThrows(DomainError, isCode('CONFLICT', 409)));
  it('refuses maxClients outside 1–50', () => {
    given([])
      .when(create({ maxClients: 0 }))
      .thenThrows(DomainError, isCode('VALIDATION_FAILED', 400));
    given([])
      .when(create({ maxClients: 51 }))
      .thenThrows(DomainError, isCode('VALIDATION_FAILED', 400));
  });
  it('refuses no specialization, negative or fractional experience, a negative rate, a bad email', () => {
    given([])
      .when(create({ specialization: [] }))
      .thenThrows(DomainError, isCode('VALIDATION_FAILED', 400));
    given([])
      .when(create({ experience: -1 }))
      .thenThrows(DomainError, isCode('VALIDATION_FAILED', 400));
    given([])
      .when(create({ experience: 1.5 }))
      .thenThrows(DomainError, isCode('VALIDATION_FAILED', 400));
    given([])
      .when(create({ hourlyRatePaise: -100 }))
      .thenThrows(DomainError, isCode('VALIDATION_FAILED', 400));
    given([])
      .when(create({ email: 'not-an-email' }))
      .thenThrows(DomainError, isCode('VALIDATION_FAILED', 400));
  });
  it('refuses a certification that expires before it was issued', () =>
    given([])
      .when(create({ certifications: [{ ...cert, expiryDate: '2023-01-01' }] }))
      .thenThrows(DomainError, isCode('VALIDATION_FAILED', 400)));
});

describe('trainer decider: approval and archive', () => {
  it('approves a pending trainer', () =>
    given([pending])
      .when({ type: 'ApproveTrainer', data: { approvedAt: at } })
      .then([{ type: 'TrainerApproved', data: { trainerId: T, approvedAt: at } }]));
  it('treats approving an active trainer as a no-op', () =>
    given([created()])
      .when({ type: 'ApproveTrainer', data: { approvedAt: at } })
      .thenNothingHappened());
  it('refuses to approve an archived trainer', () =>
    given([pending, { ...archived, data: { ...archived.data, wasPending: true } }])
      .when({ type: 'ApproveTrainer', data: { approvedAt: at } })
      .thenThrows(DomainError, isCode('CONFLICT', 409)));
  it('archives (or refuses) a pending trainer', () =>
    given([pending])
      .when({ type: 'ArchiveTrainer', data: { archivedAt: at } })
      .then([{ type: 'TrainerArchived', data: { trainerId: T, archivedAt: at, wasPending: true } }]));
  it('archiving is terminal: a second archive does nothing, an update is refused', () => {
    given([created(), archived])
      .when({ type: 'ArchiveTrainer', data: { archivedAt: at } })
      .thenNothingHappened();
    given([created(), archived])
      .when({ type: 'UpdateTrainer', data: { ...profile, isAvailable: true, updatedAt: at } })
      .thenThrows(DomainError, isCode('CONFLICT', 409));
  });
  it('answers 404 for a trainer that does not exist', () =>
    given([])
      .when({ type: 'ArchiveTrainer', data: { archivedAt: at } })
      .thenThrows(DomainError, isCode('NOT_FOUND', 404)));
});

describe('trainer decider: details', () => {
  it('updates details and availability', () =>
    given([created()])
      .when({ type: 'UpdateTrainer', data: { ...profile, maxClients: 15, isAvailable: false, updatedAt: at } })
      .then([
        {
          type: 'TrainerUpdated',
          data: { ...profile, maxClients: 15, isAvailable: false, updatedAt: at, trainerId: T, locationId: createData.locationId, status: 'active' },
        },
      ]));
  it('refuses an update with maxClients 51', () =>
    given([created()])
      .when({ type: 'UpdateTrainer', data: { ...profile, maxClients: 51, isAvailable: true, updatedAt: at } })
      .thenThrows(DomainError, isCode('VALIDATION_FAILED', 400)));
  it('adds and removes a certification', () => {
    const C2 = '0198a7c0-0000-7000-8000-0000000000c2';
    const second = { ...cert, certificationId: C2, name: 'Yoga Alliance RYT 200', expiryDate: null };
    given([created()])
      .when({ type: 'AddCertification', data: { ...second, addedAt: at } })
      .then([{ type: 'CertificationAdded', data: { ...second, addedAt: at, trainerId: T } }]);
    given([created()])
      .when({ type: 'RemoveCertification', data: { certificationId: C1, removedAt: at } })
      .then([{ type: 'CertificationRemoved', data: { certificationId: C1, removedAt: at, trainerId: T } }]);
  });
  it('answers 404 when removing a certification that is not there', () =>
    given([created(), { type: 'CertificationRemoved', data: { certificationId: C1, removedAt: at, trainerId: T } }])
      .when({ type: 'RemoveCertification', data: { certificationId: C1, removedAt: at } })
      .thenThrows(DomainError, isCode('NOT_FOUND', 404)));
  it('replaces the weekly schedule', () => {
    const weeklySlots = [
      { dayOfWeek: 1, startTime: '06:00', endTime: '09:00' },
      { dayOfWeek: 1, startTime: '17:00', endTime: '20:00' },
    ];
    given([created()])
      .when({ type: 'ReplaceSchedule', data: { weeklySlots, replacedAt: at } })
      .then([{ type: 'ScheduleReplaced', data: { weeklySlots, replacedAt: at, trainerId: T } }]);
  });
  it('refuses overlapping slots on the same day and a slot ending before it starts', () => {
    given([created()])
      .when({
        type: 'ReplaceSchedule',
        data: {
          weeklySlots: [
            { dayOfWeek: 2, startTime: '06:00', endTime: '09:00' },
            { dayOfWeek: 2, startTime: '08:30', endTime: '10:00' },
          ],
          replacedAt: at,
        },
      })
      .thenThrows(DomainError, isCode('VALIDATION_FAILED', 400));
    given([created()])
      .when({ type: 'ReplaceSchedule', data: { weeklySlots: [{ dayOfWeek: 2, startTime: '09:00', endTime: '06:00' }], replacedAt: at } })
      .thenThrows(DomainError, isCode('VALIDATION_FAILED', 400));
  });
  it('asks auth to resend the invitation of an active trainer, not of a pending one', () => {
    given([created()])
      .when({ type: 'RequestInvitationResend', data: { requestedAt: at } })
      .then([{ type: 'InvitationResendRequested', data: { trainerId: T, email: profile.email, firstName: 'Arjun', lastName: 'Nair', requestedAt: at } }]);
    given([pending])
      .when({ type: 'RequestInvitationResend', data: { requestedAt: at } })
      .thenThrows(DomainError, isCode('CONFLICT', 409));
  });
});

describe('trainer decider: sessions of an older version', () => {
  it('a stream holding them still folds, and they change nothing', () => {
    const slots = [{ dayOfWeek: 1, startTime: '06:00', endTime: '09:00' }];
    given([created(), booked, { type: 'SessionCancelled', data: { sessionId: S1, cancelledAt: at, trainerId: T } }])
      .when({ type: 'ReplaceSchedule', data: { weeklySlots: slots, replacedAt: at } })
      .then([{ type: 'ScheduleReplaced', data: { weeklySlots: slots, replacedAt: at, trainerId: T } }]);
  });
});

describe('trainer decider: certification expiry', () => {
  const flag: TrainerCommand = { type: 'FlagCertificationExpiring', data: { certificationId: C1, expiryDate: '2026-04-01', flaggedAt: at } };
  const flagged: TrainerEvent = {
    type: 'CertificationExpiryFlagged',
    data: { certificationId: C1, expiryDate: '2026-04-01', flaggedAt: at, trainerId: T, name: 'ACE CPT', trainerName: 'Arjun Nair' },
  };
  it('flags an expiring certification once', () => given([created()]).when(flag).then([flagged]));
  it('does not flag it twice for the same expiry date', () => given([created(), flagged]).when(flag).thenNothingHappened());
  it('does not flag a removed certification or an archived trainer', () => {
    given([created(), { type: 'CertificationRemoved', data: { certificationId: C1, removedAt: at, trainerId: T } }])
      .when(flag)
      .thenNothingHappened();
    given([created(), archived]).when(flag).thenNothingHappened();
  });
});
