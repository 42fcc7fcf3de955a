import { DomainError } from '@akhada/kit';
import { DeciderSpecification } from '@akhada/kit/testing';
import { describe, expect, it } from 'vitest';
import { membershipDecider, type MemberRegistered, type RegisterMember } from './decider.ts';

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

  it('evolves to an active membership', () => {
    const state = membershipDecider.evolve(membershipDecider.initialState(), memberRegistered());
    expect(state).toEqual({
      status: 'Active',
      memberId: '0198a7c0-0000-7000-8000-000000000001',
      orgId: '0198a7c0-0000-7000-8000-0000000000aa',
      locationId: '0198a7c0-0000-7000-8000-0000000000bb',
      startDate: '2025-03-10',
      endDate: '2025-04-10',
    });
  });

  it('ignores events it does not know', () => {
    const state = membershipDecider.initialState();
    expect(membershipDecider.evolve(state, { type: 'SomethingNew' } as unknown as MemberRegistered)).toBe(state);
  });
});

describe('membership decider: end date by payment frequency (calendar months)', () => {
  const endDateFor = (startDate: string, paymentFrequency: RegisterMember['data']['paymentFrequency']) => {
    const [event] = membershipDecider.decide(registerMember({ startDate, paymentFrequency }), membershipDecider.initialState());
    return event?.data.endDate;
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
