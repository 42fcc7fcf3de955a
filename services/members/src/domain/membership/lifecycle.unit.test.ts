import { dateIn, DomainError } from '@akhada/kit/domain';
import { DeciderSpecification } from '@akhada/kit/testing/decider';
import { describe, expect, it } from 'vitest';
import {
  coveredUntil,
  membershipDecider,
  type Membership,
  type MembershipCommand,
  type MembershipEvent,
  type MemberRegistered,
  type MembershipRenewed,
  type RenewMembership,
} from './decider.ts';

const given = DeciderSpecification.for(membershipDecider);
const memberId = '0198a7c0-0000-7000-8000-000000000001';
const trainerId = '0198a7c0-0000-7000-8000-0000000000cc';

const registered: MemberRegistered = {
  type: 'MemberRegistered',
  data: {
    memberId,
    orgId: '0198a7c0-0000-7000-8000-0000000000aa',
    locationId: '0198a7c0-0000-7000-8000-0000000000bb',
    firstName: 'Asha',
    lastName: 'Verma',
    email: 'asha@example.in',
    phone: '+91 98765 43210',
    membershipType: 'basic',
    paymentFrequency: 'monthly',
    feePaise: 149_900,
    startDate: '2025-03-10',
    endDate: '2025-04-10',
    registeredAt: '2025-03-10T04:30:00.000Z',
  },
};
const signedUp: MembershipEvent = {
  type: 'MemberSignedUp',
  data: {
    memberId,
    orgId: registered.data.orgId,
    locationId: registered.data.locationId,
    firstName: 'Asha',
    lastName: 'Verma',
    email: 'asha@example.in',
    phone: '',
    signedUpAt: '2025-03-10T04:30:00.000Z',
  },
};

const renewCmd = (today: string, overrides: Partial<RenewMembership['data']> = {}): RenewMembership => ({
  type: 'RenewMembership',
  data: {
    membershipType: 'premium',
    paymentFrequency: 'quarterly',
    feePaise: 399_900,
    paymentMethod: 'upi',
    today,
    renewedAt: `${today}T05:00:00.000Z`,
    ...overrides,
  },
});
const renewed = (termNo: number, startDate: string, endDate: string, renewedAt: string): MembershipRenewed => ({
  type: 'MembershipRenewed',
  data: {
    memberId,
    term: { termNo, membershipType: 'premium', paymentFrequency: 'quarterly', feePaise: 399_900, paymentMethod: 'upi', startDate, endDate },
    renewedAt,
  },
});
const stateOf = (events: MembershipEvent[]) => events.reduce(membershipDecider.evolve, membershipDecider.initialState()) as Membership;

describe('renewal', () => {
  it('before expiry: the new term continues on the current end date (no gap, no overlap)', () =>
    given([registered])
      .when(renewCmd('2025-04-01'))
      .then([renewed(2, '2025-04-10', '2025-07-10', '2025-04-01T05:00:00.000Z')]));

  it('before expiry with a later start date asked for: starts then', () =>
    given([registered])
      .when(renewCmd('2025-04-01', { startDate: '2025-05-01' }))
      .then([renewed(2, '2025-05-01', '2025-08-01', '2025-04-01T05:00:00.000Z')]));

  it('for a plan’s duration: the term lasts its months, whatever the payment period', () =>
    given([registered])
      .when(renewCmd('2025-04-01', { durationMonths: 6 }))
      .then([renewed(2, '2025-04-10', '2025-10-10', '2025-04-01T05:00:00.000Z')]));

  it('after expiry: starts today', () =>
    given([registered, { type: 'MembershipExpired', data: { memberId, endDate: '2025-04-10' } }])
      .when(renewCmd('2025-05-02'))
      .then([renewed(2, '2025-05-02', '2025-08-02', '2025-05-02T05:00:00.000Z')]));

  it('after the end date even before the expiry job ran: starts today', () =>
    given([registered])
      .when(renewCmd('2025-04-12'))
      .then([renewed(2, '2025-04-12', '2025-07-12', '2025-04-12T05:00:00.000Z')]));

  it('after expiry with a start date given: starts on it', () =>
    given([registered, { type: 'MembershipExpired', data: { memberId, endDate: '2025-04-10' } }])
      .when(renewCmd('2025-05-02', { startDate: '2025-05-05' }))
      .then([renewed(2, '2025-05-05', '2025-08-05', '2025-05-02T05:00:00.000Z')]));

  it('twice before expiry: the second term follows the first renewal, history kept', () => {
    const first = renewed(2, '2025-04-10', '2025-07-10', '2025-04-01T05:00:00.000Z');
    given([registered, first])
      .when(renewCmd('2025-04-02'))
      .then([renewed(3, '2025-07-10', '2025-10-10', '2025-04-02T05:00:00.000Z')]);
    const state = stateOf([registered, first, renewed(3, '2025-07-10', '2025-10-10', '2025-04-02T05:00:00.000Z')]);
    expect(state.terms.map((t) => t.termNo)).toEqual([1, 2, 3]);
    expect(coveredUntil(state)).toBe('2025-10-10');
  });

  it('a pending member (joined with the code) starts their membership with the first term', () => {
    given([signedUp])
      .when(renewCmd('2025-03-12'))
      .then([renewed(1, '2025-03-12', '2025-06-12', '2025-03-12T05:00:00.000Z')]);
    expect(stateOf([signedUp, renewed(1, '2025-03-12', '2025-06-12', 'x')]).status).toBe('active');
  });

  it('is refused while frozen', () =>
    given([registered, { type: 'MembershipFrozen', data: { memberId, frozenFrom: '2025-03-20', reason: null } }])
      .when(renewCmd('2025-03-25'))
      .thenThrows(DomainError, (e) => e.status === 409 && e.message === 'Unfreeze the membership before renewing it'));

  it('reactivates a cancelled membership from today', () =>
    given([registered, { type: 'MembershipCancelled', data: { memberId, cancelledOn: '2025-03-20', reason: null } }])
      .when(renewCmd('2025-03-25'))
      .then([renewed(2, '2025-03-25', '2025-06-25', '2025-03-25T05:00:00.000Z')]));
});

describe('freeze and unfreeze', () => {
  const frozen: MembershipEvent = { type: 'MembershipFrozen', data: { memberId, frozenFrom: '2025-03-20', reason: 'travel' } };

  it('freezes an active membership from today by default', () =>
    given([registered])
      .when({ type: 'FreezeMembership', data: { today: '2025-03-20', reason: 'travel' } })
      .then([frozen]));

  it('only an active membership can be frozen', () => {
    given([signedUp])
      .when({ type: 'FreezeMembership', data: { today: '2025-03-20', reason: null } })
      .thenThrows(DomainError, (e) => e.status === 409 && e.message === 'Only an active membership can be frozen');
    given([registered, frozen])
      .when({ type: 'FreezeMembership', data: { today: '2025-03-21', reason: null } })
      .thenThrows(DomainError, (e) => e.status === 409);
    given([registered])
      .when({ type: 'FreezeMembership', data: { today: '2025-04-10', reason: null } })
      .thenThrows(DomainError, (e) => e.status === 409);
  });

  it('only a frozen membership can be unfrozen', () =>
    given([registered])
      .when({ type: 'UnfreezeMembership', data: { today: '2025-03-20' } })
      .thenThrows(DomainError, (e) => e.status === 409 && e.message === 'Only a frozen membership can be unfrozen'));

  it('unfreezing extends the end date by the days frozen', () => {
    given([registered, frozen])
      .when({ type: 'UnfreezeMembership', data: { today: '2025-03-30' } })
      .then([{ type: 'MembershipUnfrozen', data: { memberId, daysFrozen: 10, endDate: '2025-04-20' } }]);
    const state = stateOf([registered, frozen, { type: 'MembershipUnfrozen', data: { memberId, daysFrozen: 10, endDate: '2025-04-20' } }]);
    expect(state.status).toBe('active');
    expect(state.terms[0]).toMatchObject({ endDate: '2025-04-20', daysFrozen: 10 });
  });

  it('a frozen membership does not expire', () =>
    given([registered, frozen])
      .when({ type: 'ExpireMembership', data: { today: '2025-04-15' } })
      .thenNothingHappened());

  it('a term renewed ahead moves whole with the freeze', () => {
    const next = renewed(2, '2025-04-10', '2025-07-10', '2025-03-15T05:00:00.000Z');
    const state = stateOf([registered, next, frozen, { type: 'MembershipUnfrozen', data: { memberId, daysFrozen: 5, endDate: '2025-07-15' } }]);
    expect(state.terms.map((t) => [t.startDate, t.endDate, t.daysFrozen])).toEqual([
      ['2025-03-10', '2025-04-15', 5],
      ['2025-04-15', '2025-07-15', 0],
    ]);
  });
});

describe('expiry', () => {
  it('expires when the end date has begun, at local midnight in Asia/Kolkata', () => {
    // 23:59:59 IST on 9 April: still covered. 00:00 IST on 10 April (18:30 UTC on the 9th): expired.
    const before = dateIn('Asia/Kolkata', new Date('2025-04-09T18:29:59Z'));
    const after = dateIn('Asia/Kolkata', new Date('2025-04-09T18:30:00Z'));
    expect([before, after]).toEqual(['2025-04-09', '2025-04-10']);
    given([registered])
      .when({ type: 'ExpireMembership', data: { today: before } })
      .thenNothingHappened();
    given([registered])
      .when({ type: 'ExpireMembership', data: { today: after } })
      .then([{ type: 'MembershipExpired', data: { memberId, endDate: '2025-04-10' } }]);
  });

  it('is a no-op when run twice or after a renewal', () => {
    given([registered, { type: 'MembershipExpired', data: { memberId, endDate: '2025-04-10' } }])
      .when({ type: 'ExpireMembership', data: { today: '2025-04-11' } })
      .thenNothingHappened();
    given([registered, renewed(2, '2025-04-10', '2025-07-10', '2025-04-01T05:00:00.000Z')])
      .when({ type: 'ExpireMembership', data: { today: '2025-04-11' } })
      .thenNothingHappened();
  });
});

describe('trainer, profile, cancel', () => {
  it('assigns and reassigns a trainer, remembering the previous one', () => {
    given([registered])
      .when({ type: 'AssignTrainer', data: { trainerId } })
      .then([{ type: 'MemberTrainerAssigned', data: { memberId, trainerId, previousTrainerId: null } }]);
    given([registered, { type: 'MemberTrainerAssigned', data: { memberId, trainerId, previousTrainerId: null } }])
      .when({ type: 'AssignTrainer', data: { trainerId: memberId } })
      .then([{ type: 'MemberTrainerAssigned', data: { memberId, trainerId: memberId, previousTrainerId: trainerId } }]);
  });

  it('unassigning without a trainer is refused; a trainer archived elsewhere changes nothing', () => {
    given([registered])
      .when({ type: 'UnassignTrainer', data: { reason: 'staff' } })
      .thenThrows(DomainError, (e) => e.status === 409 && e.message === 'This member has no trainer');
    given([registered, { type: 'MemberTrainerAssigned', data: { memberId, trainerId, previousTrainerId: null } }])
      .when({ type: 'UnassignTrainer', data: { reason: 'trainer_archived', onlyTrainerId: memberId } })
      .thenNothingHappened();
    given([registered, { type: 'MemberTrainerAssigned', data: { memberId, trainerId, previousTrainerId: null } }])
      .when({ type: 'UnassignTrainer', data: { reason: 'trainer_archived', onlyTrainerId: trainerId } })
      .then([{ type: 'MemberTrainerUnassigned', data: { memberId, trainerId, reason: 'trainer_archived' } }]);
  });

  it('changes the profile only when something changed', () => {
    const profile = { firstName: 'Asha', lastName: 'Verma', email: 'asha@example.in', phone: '+91 98765 43210', dateOfBirth: null, gender: null };
    given([registered]).when({ type: 'ChangeProfile', data: profile }).thenNothingHappened();
    given([registered])
      .when({ type: 'ChangeProfile', data: { ...profile, lastName: 'Sharma' } })
      .then([{ type: 'MemberProfileChanged', data: { memberId, ...profile, lastName: 'Sharma' } }]);
  });

  it('cancels once', () => {
    given([registered])
      .when({ type: 'CancelMembership', data: { today: '2025-03-20', reason: null } })
      .then([{ type: 'MembershipCancelled', data: { memberId, cancelledOn: '2025-03-20', reason: null } }]);
    given([registered, { type: 'MembershipCancelled', data: { memberId, cancelledOn: '2025-03-20', reason: null } }])
      .when({ type: 'CancelMembership', data: { today: '2025-03-21', reason: null } })
      .thenThrows(DomainError, (e) => e.status === 409);
  });

  it('an unknown member is not found', () =>
    given([])
      .when({ type: 'AssignTrainer', data: { trainerId } })
      .thenThrows(DomainError, (e) => e.status === 404));
});

describe('archive', () => {
  const archived: MembershipEvent = { type: 'MemberArchived', data: { memberId, archivedAt: '2025-03-20T05:00:00.000Z' } };

  it('unassigns the trainer first, then archives', () =>
    given([registered, { type: 'MemberTrainerAssigned', data: { memberId, trainerId, previousTrainerId: null } }])
      .when({ type: 'ArchiveMember', data: { archivedAt: '2025-03-20T05:00:00.000Z' } })
      .then([{ type: 'MemberTrainerUnassigned', data: { memberId, trainerId, reason: 'member_archived' } }, archived]));

  it('is terminal for writes', () => {
    const commands: MembershipCommand[] = [
      renewCmd('2025-03-25'),
      { type: 'FreezeMembership', data: { today: '2025-03-25', reason: null } },
      { type: 'AssignTrainer', data: { trainerId } },
      { type: 'ArchiveMember', data: { archivedAt: '2025-03-25T00:00:00.000Z' } },
      { type: 'RequestInvitationResend', data: {} },
    ];
    for (const command of commands) {
      given([registered, archived])
        .when(command)
        .thenThrows(DomainError, (e) => e.status === 409 && e.message === 'This member is archived');
    }
  });

  it('keeps the history of terms', () => expect(stateOf([registered, archived]).terms).toHaveLength(1));

  it('the expiry job passes archived members by', () =>
    given([registered, archived])
      .when({ type: 'ExpireMembership', data: { today: '2025-05-01' } })
      .thenNothingHappened());
});
