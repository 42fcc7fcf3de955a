import { DomainError } from '@akhada/kit/domain';
import { DeciderSpecification } from '@akhada/kit/testing/decider';
import { describe, expect, it } from 'vitest';
import {
  membershipDecider,
  type MemberRegistered,
  type ReferralCreditGranted,
  type ReferralRewarded,
  type RegisterMember,
  type RewardReferral,
} from './decider.ts';

const given = DeciderSpecification.for(membershipDecider);

const registerMember = (overrides: Partial<RegisterMember['data']> = {}): RegisterMember => ({
  type: 'RegisterMember',
  data: {
    memberId: '0198a7c0-0000-7000-8000-000000000001',
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
    registeredAt: '2025-03-10T04:30:00.000Z',
    ...overrides,
  },
});

const memberRegistered = (overrides: Partial<MemberRegistered['data']> = {}): MemberRegistered => {
  const { data } = registerMember();
  return { type: 'MemberRegistered', data: { ...data, endDate: '2025-04-10', ...overrides } };
};

describe('membership decider: RegisterMember', () => {
  it('registers a new member, ending one paid period after the start', () => given([]).when(registerMember()).then([memberRegistered()]));

  it('registers for a plan’s duration: a six-month plan ends six months after the start', () =>
    given([])
      .when(registerMember({ paymentFrequency: 'quarterly', durationMonths: 6 }))
      .then([memberRegistered({ paymentFrequency: 'quarterly', endDate: '2025-09-10' })]));

  it('rejects a duration that is not 1 to 36 whole months', () => {
    for (const durationMonths of [0, 37, 1.5])
      given([])
        .when(registerMember({ durationMonths }))
        .thenThrows(DomainError, (e) => e.code === 'VALIDATION_FAILED');
  });

  it('rejects a second registration of the same stream', () =>
    given([memberRegistered()])
      .when(registerMember())
      .thenThrows(DomainError, (e) => e.code === 'CONFLICT' && e.status === 409));

  it('rejects a fee that is not whole paise', () =>
    given([])
      .when(registerMember({ feePaise: 10.5 }))
      .thenThrows(DomainError, (e) => e.code === 'VALIDATION_FAILED' && e.status === 400));

  it('rejects a negative fee', () =>
    given([])
      .when(registerMember({ feePaise: -1 }))
      .thenThrows(DomainError, (e) => e.code === 'VALIDATION_FAILED'));

  it('rejects a start date that is not a calendar day', () =>
    given([])
      .when(registerMember({ startDate: '2025-02-30' }))
      .thenThrows(DomainError, (e) => e.code === 'VALIDATION_FAILED'));

  describe('start date within two years back and one year ahead of the registration day (2025-03-10)', () => {
    const refused = (startDate: string, paymentFrequency: RegisterMember['data']['paymentFrequency'] = 'monthly') =>
      given([])
        .when(registerMember({ startDate, paymentFrequency }))
        .thenThrows(
          DomainError,
          (e) =>
            e.code === 'VALIDATION_FAILED' &&
            e.status === 400 &&
            e.message === 'The start date must be between 2023-03-10 and 2026-03-10: a membership can start up to two years back or one year ahead',
        );
    const accepted = (startDate: string, endDate: string, paymentFrequency: RegisterMember['data']['paymentFrequency'] = 'monthly') =>
      given([])
        .when(registerMember({ startDate, paymentFrequency }))
        .then([memberRegistered({ startDate, paymentFrequency, endDate })]);

    it('refuses year 9999, whose end date would fall outside the calendar (a 400, never a 500)', () => refused('9999-12-01', 'annually'));
    it('refuses year 1900', () => refused('1900-01-01'));
    it('refuses the day before the earliest', () => refused('2023-03-09'));
    it('accepts the earliest', () => accepted('2023-03-10', '2023-04-10'));
    it('accepts the latest', () => accepted('2026-03-10', '2027-03-10', 'annually'));
    it('refuses the day after the latest', () => refused('2026-03-11'));
  });

  it('rejects a registration time that is not an instant', () =>
    given([])
      .when(registerMember({ registeredAt: 'yesterday' }))
      .thenThrows(DomainError, (e) => e.code === 'VALIDATION_FAILED' && e.status === 400));

  it('evolves to an active membership with its first term', () => {
    const state = membershipDecider.evolve(membershipDecider.initialState(), memberRegistered());
    expect(state).toMatchObject({
      status: 'active',
      memberId: '0198a7c0-0000-7000-8000-000000000001',
      orgId: '0198a7c0-0000-7000-8000-0000000000aa',
      locationId: '0198a7c0-0000-7000-8000-0000000000bb',
      terms: [{ termNo: 1, startDate: '2025-03-10', endDate: '2025-04-10', feePaise: 149_900, daysFrozen: 0 }],
      trainerId: null,
      frozenFrom: null,
    });
  });

  it('ignores events it does not know', () => {
    const state = membershipDecider.initialState();
    expect(membershipDecider.evolve(state, { type: 'SomethingNew' } as unknown as MemberRegistered)).toBe(state);
  });
});

describe('membership decider: end date by payment frequency (calendar months)', () => {
  // Registered on the start day itself, so every start below is inside the start-date window.
  const endDateFor = (startDate: string, paymentFrequency: RegisterMember['data']['paymentFrequency']) => {
    const [event] = membershipDecider.decide(
      registerMember({ startDate, paymentFrequency, registeredAt: `${startDate}T04:30:00.000Z` }),
      membershipDecider.initialState(),
    );
    return (event as MemberRegistered | undefined)?.data.endDate;
  };

  it.each([
    ['2025-03-10', 'monthly', '2025-04-10'],
    ['2025-03-10', 'quarterly', '2025-06-10'],
    ['2025-03-10', 'annually', '2026-03-10'],
    ['2025-11-15', 'quarterly', '2026-02-15'],
    ['2025-12-31', 'monthly', '2026-01-31'],
    ['2025-01-31', 'monthly', '2025-02-28'],
    ['2024-01-31', 'monthly', '2024-02-29'],
    ['2024-02-29', 'annually', '2025-02-28'],
    ['2028-02-29', 'annually', '2029-02-28'],
    ['2023-11-30', 'quarterly', '2024-02-29'],
    ['2025-08-31', 'quarterly', '2025-11-30'],
    ['2100-01-31', 'monthly', '2100-02-28'],
    ['2000-01-31', 'monthly', '2000-02-29'],
  ] as const)('%s + %s ends on %s', (start, frequency, end) => expect(endDateFor(start, frequency)).toBe(end));
});

describe('membership decider: RewardReferral', () => {
  const memberId = registerMember().data.memberId;
  const leadId = '0198a7c0-0000-7000-8000-00000000c001';
  const referredMemberId = '0198a7c0-0000-7000-8000-00000000c002';
  const reward = (days = 7, lead = leadId): RewardReferral => ({ type: 'RewardReferral', data: { leadId: lead, referredMemberId, days } });
  const rewarded = (endDate: string, days = 7, lead = leadId): ReferralRewarded => ({
    type: 'ReferralRewarded',
    data: { memberId, leadId: lead, referredMemberId, days, endDate },
  });

  it('adds the free days to the current term’s end date', () =>
    given([memberRegistered()])
      .when(reward())
      .then([rewarded('2025-04-17')]));

  it('rewards a lead once: the same lead again changes nothing', () =>
    given([memberRegistered(), rewarded('2025-04-17')])
      .when(reward())
      .thenNothingHappened());

  it('rewards another lead on top of the first', () =>
    given([memberRegistered(), rewarded('2025-04-17')])
      .when(reward(3, '0198a7c0-0000-7000-8000-00000000c003'))
      .then([rewarded('2025-04-20', 3, '0198a7c0-0000-7000-8000-00000000c003')]));

  it('gives nothing for a self-referral, nor to a membership with no running term', () => {
    given([memberRegistered()])
      .when({ type: 'RewardReferral', data: { leadId, referredMemberId: memberId, days: 7 } })
      .thenNothingHappened();
    given([memberRegistered(), { type: 'MembershipExpired', data: { memberId, endDate: '2025-04-10' } }])
      .when(reward())
      .thenNothingHappened();
    given([]).when(reward()).thenNothingHappened();
  });

  it('rejects a reward that is not 1 to 365 whole days', () => {
    for (const days of [0, 366, 1.5])
      given([memberRegistered()])
        .when(reward(days))
        .thenThrows(DomainError, (e) => e.code === 'VALIDATION_FAILED');
  });

  describe('a credit off the next membership payment', () => {
    const credit = (creditPaise: number, days = 0, lead = leadId): RewardReferral => ({
      type: 'RewardReferral',
      data: { leadId: lead, referredMemberId, days, creditPaise },
    });
    const granted = (creditPaise: number, lead = leadId): ReferralCreditGranted => ({
      type: 'ReferralCreditGranted',
      data: { memberId, leadId: lead, referredMemberId, creditPaise },
    });

    it('grants the credit in paise', () =>
      given([memberRegistered()])
        .when(credit(50_000))
        .then([granted(50_000)]));

    it('grants both when the gym gives free days and a credit', () =>
      given([memberRegistered()])
        .when(credit(50_000, 7))
        .then([rewarded('2025-04-17'), granted(50_000)]));

    it('grants the credit to an expired membership (it renews with it), the days not', () =>
      given([memberRegistered(), { type: 'MembershipExpired', data: { memberId, endDate: '2025-04-10' } }])
        .when(credit(50_000, 7))
        .then([granted(50_000)]));

    it('grants a lead once: the same lead again, after the credit or after the days, changes nothing', () => {
      given([memberRegistered(), granted(50_000)])
        .when(credit(50_000))
        .thenNothingHappened();
      given([memberRegistered(), rewarded('2025-04-17')])
        .when(credit(50_000, 7))
        .thenNothingHappened();
    });

    it('gives nothing for a self-referral, to an archived member or to no member', () => {
      given([memberRegistered()])
        .when({ type: 'RewardReferral', data: { leadId, referredMemberId: memberId, days: 0, creditPaise: 50_000 } })
        .thenNothingHappened();
      given([memberRegistered(), { type: 'MemberArchived', data: { memberId, archivedAt: '2025-03-20T00:00:00.000Z' } }])
        .when(credit(50_000))
        .thenNothingHappened();
      given([]).when(credit(50_000)).thenNothingHappened();
    });

    it('rejects a credit that is not whole paise up to ₹1,00,000, and a reward of neither days nor credit', () => {
      for (const paise of [-1, 10_000_001, 1.5])
        given([memberRegistered()])
          .when(credit(paise))
          .thenThrows(DomainError, (e) => e.code === 'VALIDATION_FAILED');
      given([memberRegistered()])
        .when(credit(0))
        .thenThrows(DomainError, (e) => e.code === 'VALIDATION_FAILED');
    });
  });
});
