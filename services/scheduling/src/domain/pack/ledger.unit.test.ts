import { DeciderSpecification } from '@akhada/kit/testing/decider';
import { describe, expect, it } from 'vitest';
import { balanceOf, packLedgerDecider, type LedgerEvent } from './ledger.ts';

const given = DeciderSpecification.for(packLedgerDecider);
const m = 'm1';
const at = '2030-03-01T00:00:00.000Z';
const granted = (purchaseId: string, sessions: number, expiresAt: string, name = '10 PT sessions'): LedgerEvent => ({
  type: 'PackCreditsGranted',
  data: { purchaseId, memberId: m, name, sessions, expiresAt, at },
});
const use = (appointmentId: string, sessionStartsAt = '2030-03-05T04:30:00.000Z', reason: 'attended' | 'late_cancel' | 'no_show' = 'attended') => ({
  type: 'UsePackCredit' as const,
  data: { memberId: m, appointmentId, reason, sessionStartsAt, at: sessionStartsAt },
});
const used = (
  purchaseId: string,
  appointmentId: string,
  when = '2030-03-05T04:30:00.000Z',
  reason: 'attended' | 'late_cancel' | 'no_show' = 'attended',
): LedgerEvent => ({
  type: 'PackCreditUsed',
  data: { purchaseId, memberId: m, appointmentId, reason, at: when },
});

describe('pack ledger: credits', () => {
  it('a paid pack grants its sessions, valid N days from the purchase', () =>
    given([])
      .when({ type: 'GrantPackCredits', data: { purchaseId: 'p1', memberId: m, name: '10 PT sessions', sessions: 10, validityDays: 30, at } })
      .then([granted('p1', 10, '2030-03-31T00:00:00.000Z')]));
  it('the same purchase paid twice (a redelivery) grants nothing more', () =>
    given([granted('p1', 10, '2030-03-31T00:00:00.000Z')])
      .when({ type: 'GrantPackCredits', data: { purchaseId: 'p1', memberId: m, name: '10 PT sessions', sessions: 10, validityDays: 30, at } })
      .then([]));
});

describe('pack ledger: a session uses one credit', () => {
  it('from the earliest-expiring pack still valid', () =>
    given([granted('late', 5, '2030-06-01T00:00:00.000Z'), granted('soon', 5, '2030-04-01T00:00:00.000Z')])
      .when(use('a1'))
      .then([used('soon', 'a1')]));
  it('an expired pack is skipped for a session after its expiry', () =>
    given([granted('old', 5, '2030-03-04T00:00:00.000Z'), granted('new', 5, '2030-06-01T00:00:00.000Z')])
      .when(use('a1'))
      .then([used('new', 'a1')]));
  it('a used-up pack is skipped', () =>
    given([granted('one', 1, '2030-04-01T00:00:00.000Z'), granted('two', 5, '2030-05-01T00:00:00.000Z'), used('one', 'a0')])
      .when(use('a1'))
      .then([used('two', 'a1')]));
  it('a late cancel or a no-show uses one too (when the location says so, decided by the caller)', () =>
    given([granted('p1', 5, '2030-04-01T00:00:00.000Z')])
      .when(use('a1', '2030-03-05T04:30:00.000Z', 'no_show'))
      .then([used('p1', 'a1', '2030-03-05T04:30:00.000Z', 'no_show')]));
  it('without a credit the session is recorded uncovered (never refused)', () =>
    given([granted('old', 5, '2030-03-04T00:00:00.000Z')])
      .when(use('a1'))
      .then([{ type: 'PackSessionUncovered', data: { memberId: m, appointmentId: 'a1', reason: 'attended', at: '2030-03-05T04:30:00.000Z' } }]));
  it('the same appointment counted again uses nothing more', () =>
    given([granted('p1', 5, '2030-04-01T00:00:00.000Z'), used('p1', 'a1')])
      .when(use('a1'))
      .then([]));
});

describe('pack ledger: a refund removes the unused credits', () => {
  it('of the refunded pack only; those used stay used', () =>
    given([granted('p1', 5, '2030-04-01T00:00:00.000Z'), used('p1', 'a1'), used('p1', 'a2')])
      .when({ type: 'RevokePackCredits', data: { purchaseId: 'p1', memberId: m, at } })
      .then([{ type: 'PackCreditsRevoked', data: { purchaseId: 'p1', memberId: m, sessions: 3, at } }]));
  it('twice, or of a pack never granted, removes nothing', () => {
    given([granted('p1', 5, '2030-04-01T00:00:00.000Z'), { type: 'PackCreditsRevoked', data: { purchaseId: 'p1', memberId: m, sessions: 5, at } }])
      .when({ type: 'RevokePackCredits', data: { purchaseId: 'p1', memberId: m, at } })
      .then([]);
    given([])
      .when({ type: 'RevokePackCredits', data: { purchaseId: 'px', memberId: m, at } })
      .then([]);
  });
  it('a session after the refund finds no credit in the revoked pack', () =>
    given([granted('p1', 5, '2030-04-01T00:00:00.000Z'), { type: 'PackCreditsRevoked', data: { purchaseId: 'p1', memberId: m, sessions: 5, at } }])
      .when(use('a1'))
      .then([{ type: 'PackSessionUncovered', data: { memberId: m, appointmentId: 'a1', reason: 'attended', at: '2030-03-05T04:30:00.000Z' } }]));
});

describe('pack ledger: the balance', () => {
  it('counts the credits of packs not expired; an expired one is shown expired with what it had left', () => {
    const events = [granted('old', 5, '2030-03-04T00:00:00.000Z'), granted('new', 10, '2030-06-01T00:00:00.000Z'), used('new', 'a1')];
    const state = events.reduce(packLedgerDecider.evolve, packLedgerDecider.initialState());
    const b = balanceOf(state, '2030-03-10T00:00:00.000Z');
    expect(b.remaining).toBe(9);
    expect(b.packs.map((p) => [p.purchaseId, p.remaining, p.expired])).toEqual([
      ['old', 5, true],
      ['new', 9, false],
    ]);
  });
});
