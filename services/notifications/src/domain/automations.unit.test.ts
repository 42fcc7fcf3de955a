import { DomainError } from '@akhada/kit/domain';
import { DeciderSpecification } from '@akhada/kit/testing/decider';
import { describe, expect, it } from 'vitest';
import {
  birthdayIn,
  BUILTIN_RULES,
  checkBuiltinEdit,
  checkRule,
  occurrenceOf,
  runDecider,
  type PersonFacts,
  type RuleFacts,
  type RunEvent,
} from './automations.ts';

const spec = DeciderSpecification.for(runDecider);
const L1 = '11111111-1111-4111-8111-111111111111';
const L2 = '22222222-2222-4222-8222-222222222222';
const now = new Date('2026-11-29T04:30:00Z');
const rule = (r: Partial<RuleFacts> = {}): RuleFacts => ({
  id: 'r1',
  status: 'active',
  deleted: false,
  trigger: { type: 'membership_expiring', days: 7 },
  wait: null,
  conditions: { planIds: [], stillTrue: true },
  locationIds: [],
  actions: [{ type: 'send_message', message: 'renewal_reminder' }],
  createdAt: new Date('2026-01-01T00:00:00Z'),
  ...r,
});
const member = (p: Partial<PersonFacts> = {}): PersonFacts => ({
  kind: 'member',
  id: 'm1',
  locationId: L1,
  planId: 'annual',
  status: 'active',
  today: '2026-11-29',
  endDate: '2026-12-06',
  ...p,
});
const triggered = (occurrence: string, dueAt = now): RunEvent => ({ type: 'RunTriggered', occurrence, triggeredAt: now, dueAt });

describe('trigger matching', () => {
  it('given no run, when a member’s membership ends in 7 days, then the run starts for that end date (due now without a wait)', () =>
    spec([])
      .when({ type: 'Match', rule: rule(), person: member(), now })
      .then([triggered('2026-12-06')]));

  it('given no run, when the end is 8 days away, then nothing; 5 days away (the sweep was down) still matches, 4 not', () => {
    spec([])
      .when({ type: 'Match', rule: rule(), person: member({ endDate: '2026-12-07' }), now })
      .thenNothingHappened();
    spec([])
      .when({ type: 'Match', rule: rule(), person: member({ endDate: '2026-12-04' }), now })
      .then([triggered('2026-12-04')]);
    spec([])
      .when({ type: 'Match', rule: rule(), person: member({ endDate: '2026-12-03' }), now })
      .thenNothingHappened();
  });

  it('given the run already started (or done), when the sweep matches again, then nothing: never twice per person and occurrence', () => {
    spec([triggered('2026-12-06')])
      .when({ type: 'Match', rule: rule(), person: member(), now })
      .thenNothingHappened();
    spec([triggered('2026-12-06'), { type: 'RunDone', actions: [] }])
      .when({ type: 'Match', rule: rule(), person: member(), now })
      .thenNothingHappened();
  });

  it('a paused or deleted rule, a member outside its locations or plans, a frozen member: no run', () => {
    for (const r of [
      rule({ status: 'paused' }),
      rule({ deleted: true }),
      rule({ locationIds: [L2] }),
      rule({ conditions: { planIds: ['basic'], stillTrue: true } }),
    ])
      spec([]).when({ type: 'Match', rule: r, person: member(), now }).thenNothingHappened();
    spec([])
      .when({ type: 'Match', rule: rule(), person: member({ status: 'frozen' }), now })
      .thenNothingHappened();
    spec([])
      .when({ type: 'Match', rule: rule({ locationIds: [L1], conditions: { planIds: ['annual'], stillTrue: true } }), person: member(), now })
      .then([triggered('2026-12-06')]);
  });

  it('payment overdue N days: on day N to N+2, the payment being the occurrence; a paid one never', () => {
    const r = rule({ trigger: { type: 'payment_overdue', days: 3 }, actions: [{ type: 'send_message', message: 'overdue_reminder' }] });
    const owing = (dueDate: string, status = 'pending') => member({ payment: { id: 'p1', status, dueDate } });
    expect(occurrenceOf(r, owing('2026-11-26'))).toBe('p1');
    expect(occurrenceOf(r, owing('2026-11-24'))).toBe('p1');
    expect(occurrenceOf(r, owing('2026-11-27'))).toBeNull();
    expect(occurrenceOf(r, owing('2026-11-23'))).toBeNull();
    expect(occurrenceOf(r, owing('2026-11-26', 'completed'))).toBeNull();
    // The built-ins at 1, 3 and 7 days: 5 days overdue is the 3-day reminder's, not the 1-day one's.
    const at5 = owing('2026-11-24');
    expect((['overdue_1d', 'overdue_3d', 'overdue_7d'] as const).filter((k) => occurrenceOf(rule({ trigger: BUILTIN_RULES[k].trigger }), at5))).toEqual([
      'overdue_3d',
    ]);
  });

  it('birthday: on the day, once a year (the year is the occurrence); 29 February on the 28th in other years', () => {
    const r = rule({ trigger: { type: 'birthday' } });
    expect(occurrenceOf(r, member({ dateOfBirth: '1990-11-29' }))).toBe('2026');
    expect(occurrenceOf(r, member({ dateOfBirth: '1990-11-28' }))).toBeNull();
    expect(birthdayIn('2000-02-29', 2027)).toBe('2027-02-28');
    expect(birthdayIn('2000-02-29', 2028)).toBe('2028-02-29');
    expect(occurrenceOf(r, member({ dateOfBirth: '2000-02-29', today: '2027-02-28' }))).toBe('2027');
  });

  it('no visit in N days: counted from the last visit (or joining), the last visit’s day being the occurrence', () => {
    const r = rule({ trigger: { type: 'no_visit', days: 14 } });
    expect(occurrenceOf(r, member({ lastVisitOn: '2026-11-15' }))).toBe('2026-11-15');
    expect(occurrenceOf(r, member({ lastVisitOn: '2026-11-16' }))).toBeNull();
    expect(occurrenceOf(r, member({ lastVisitOn: null, joinedOn: '2026-11-14' }))).toBe('2026-11-14');
    expect(occurrenceOf(r, member({ lastVisitOn: null, joinedOn: null }))).toBeNull();
  });

  it('joined: only members who joined since the rule was made, within 2 days; a lead trigger never matches a member', () => {
    const r = rule({ trigger: { type: 'member_joined' } });
    expect(occurrenceOf(r, member({ joinedOn: '2026-11-29' }), '2026-11-01')).toBe('2026-11-29');
    expect(occurrenceOf(r, member({ joinedOn: '2026-10-29' }), '2026-10-01')).toBeNull();
    expect(occurrenceOf(r, member({ joinedOn: '2026-11-29' }), '2026-11-30')).toBeNull();
    const lead = rule({ trigger: { type: 'lead_created' }, createdAt: new Date('2026-11-28T00:00:00Z') });
    expect(occurrenceOf(lead, member({ createdAt: now }))).toBeNull();
    expect(occurrenceOf(lead, { kind: 'lead', id: 'l1', locationId: L1, planId: null, status: 'new', today: '2026-11-29', createdAt: now })).toBe('captured');
    expect(
      occurrenceOf(lead, {
        kind: 'lead',
        id: 'l1',
        locationId: L1,
        planId: null,
        status: 'new',
        today: '2026-11-29',
        createdAt: new Date('2026-11-27T00:00:00Z'),
      }),
    ).toBeNull();
  });
});

describe('wait and send time', () => {
  const waiting = rule({ wait: { amount: 2, unit: 'days' } });
  const due = new Date(now.getTime() + 2 * 86_400_000);

  it('given a wait of 2 days, when matched, then due 2 days later; executing before that does nothing', () => {
    spec([])
      .when({ type: 'Match', rule: waiting, person: member(), now })
      .then([triggered('2026-12-06', due)]);
    spec([triggered('2026-12-06', due)])
      .when({ type: 'Execute', rule: waiting, person: member({ today: '2026-11-30' }), now: new Date(due.getTime() - 1) })
      .thenNothingHappened();
  });

  it('given a due run, when the member is still expiring, then the actions run', () =>
    spec([triggered('2026-12-06', due)])
      .when({ type: 'Execute', rule: waiting, person: member({ today: '2026-12-01' }), now: due })
      .then([{ type: 'RunDone', actions: waiting.actions }]));

  it('given a due run, when the member renewed meanwhile (another end date), then it is skipped as no longer true; with stillTrue off it still goes', () => {
    const renewed = member({ today: '2026-12-01', endDate: '2027-12-06' });
    spec([triggered('2026-12-06', due)])
      .when({ type: 'Execute', rule: waiting, person: renewed, now: due })
      .then([{ type: 'RunSkipped', reason: 'no_longer_true' }]);
    const regardless = rule({ wait: waiting.wait, conditions: { planIds: [], stillTrue: false } });
    spec([triggered('2026-12-06', due)])
      .when({ type: 'Execute', rule: regardless, person: renewed, now: due })
      .then([{ type: 'RunDone', actions: regardless.actions }]);
  });

  it('a payment paid meanwhile, a visit meanwhile: skipped as no longer true', () => {
    const r = rule({ trigger: { type: 'payment_overdue', days: 1 } });
    spec([triggered('p1')])
      .when({ type: 'Execute', rule: r, person: member({ payment: { id: 'p1', status: 'completed', dueDate: '2026-11-28' } }), now })
      .then([{ type: 'RunSkipped', reason: 'no_longer_true' }]);
    const away = rule({ trigger: { type: 'no_visit', days: 14 } });
    spec([triggered('2026-11-15')])
      .when({ type: 'Execute', rule: away, person: member({ lastVisitOn: '2026-11-29' }), now })
      .then([{ type: 'RunSkipped', reason: 'no_longer_true' }]);
  });

  it('the rule paused or deleted, the person gone, moved to another location or plan before it was due: skipped with the reason', () => {
    const cases: [RuleFacts | null, PersonFacts | null, string][] = [
      [rule({ status: 'paused' }), member(), 'rule_paused'],
      [rule({ deleted: true }), member(), 'rule_deleted'],
      [null, member(), 'rule_deleted'],
      [rule(), null, 'person_gone'],
      [rule(), member({ status: 'archived' }), 'person_gone'],
      [rule({ locationIds: [L1] }), member({ locationId: L2 }), 'location_mismatch'],
      [rule({ conditions: { planIds: ['annual'], stillTrue: true } }), member({ planId: 'basic' }), 'plan_mismatch'],
    ];
    for (const [r, p, reason] of cases)
      spec([triggered('2026-12-06')])
        .when({ type: 'Execute', rule: r, person: p, now })
        .then([{ type: 'RunSkipped', reason: reason as never }]);
  });

  it('given a run done or skipped, when executed again (a second sweep, a redelivery), then nothing', () => {
    spec([triggered('2026-12-06'), { type: 'RunDone', actions: [] }])
      .when({ type: 'Execute', rule: rule(), person: member(), now })
      .thenNothingHappened();
    spec([triggered('2026-12-06'), { type: 'RunSkipped', reason: 'rule_paused' }])
      .when({ type: 'Execute', rule: rule(), person: member(), now })
      .thenNothingHappened();
    spec([]).when({ type: 'Execute', rule: rule(), person: member(), now }).thenNothingHappened();
  });
});

describe('a rule as made', () => {
  const isDomain = (code: string, status: number) => (e: unknown) => e instanceof DomainError && e.code === code && e.status === status;

  it('refuses a message that does not fit the trigger, a member message on a lead trigger, an action twice', () => {
    expect(() => checkRule({ trigger: { type: 'birthday' }, actions: [{ type: 'send_message', message: 'renewal_reminder' }] })).toThrow(/does not fit/);
    expect(() => checkRule({ trigger: { type: 'lead_created' }, actions: [{ type: 'send_message', message: 'welcome' }] })).toThrow(/lead has no account/);
    expect(() => checkRule({ trigger: { type: 'birthday' }, actions: [{ type: 'notify_staff' }, { type: 'notify_staff' }] })).toThrow(/twice/);
    expect(() => checkRule({ trigger: { type: 'lead_created' }, actions: [{ type: 'notify_staff' }] })).not.toThrow();
    const followUp = { type: 'create_follow_up', kind: 'call', dueInHours: 24, note: '' } as const;
    expect(() => checkRule({ trigger: { type: 'lead_created' }, actions: [followUp] })).not.toThrow();
    expect(() => checkRule({ trigger: { type: 'birthday' }, actions: [followUp] })).toThrow(/lead’s/);
    for (const b of Object.values(BUILTIN_RULES)) expect(() => checkRule(b)).not.toThrow();
  });

  it('a built-in rule keeps its trigger type; its days may change', () => {
    let thrown: unknown;
    try {
      checkBuiltinEdit('renewal_7d', { type: 'membership_expiring', days: 7 }, { type: 'birthday' });
    } catch (e) {
      thrown = e;
    }
    expect(isDomain('BUILTIN_RULE', 409)(thrown)).toBe(true);
    expect(() => checkBuiltinEdit('renewal_7d', { type: 'membership_expiring', days: 7 }, { type: 'membership_expiring', days: 10 })).not.toThrow();
    expect(() => checkBuiltinEdit(null, { type: 'membership_expiring', days: 7 }, { type: 'birthday' })).not.toThrow();
  });
});

describe('follow-up overdue', () => {
  const H = 3_600_000;
  const overdue = rule({ trigger: { type: 'follow_up_overdue', hours: 4 }, actions: [{ type: 'notify_staff' }] });
  const lead = (followUp: PersonFacts['followUp']): PersonFacts => ({
    kind: 'lead',
    id: 'l1',
    locationId: L1,
    planId: null,
    status: 'contacted',
    today: '2026-11-29',
    followUp,
  });
  const dueAt = new Date(now.getTime() - 4 * H);

  it('given no run, when a lead’s follow-up is still not done 4 hours after its due time, then the run starts for that follow-up', () =>
    spec([])
      .when({ type: 'Match', rule: overdue, person: lead({ id: 'f1', dueAt, done: false }), now })
      .then([triggered('f1')]));

  it('given no run, when it is not yet 4 hours late, is done, has no due time, or is more than 2 days past its moment, then nothing', () => {
    for (const f of [
      { id: 'f1', dueAt: new Date(dueAt.getTime() + 1), done: false },
      { id: 'f1', dueAt, done: true },
      { id: 'f1', dueAt: null, done: false },
      { id: 'f1', dueAt: new Date(dueAt.getTime() - 2 * 86_400_000 - 1), done: false },
      null,
    ])
      spec([])
        .when({ type: 'Match', rule: overdue, person: lead(f), now })
        .thenNothingHappened();
  });

  it('given no run, when a member (not a lead) is matched, or the lead is outside the rule’s locations, then nothing', () => {
    spec([])
      .when({ type: 'Match', rule: overdue, person: { ...member(), followUp: { id: 'f1', dueAt, done: false } }, now })
      .thenNothingHappened();
    spec([])
      .when({ type: 'Match', rule: rule({ ...overdue, locationIds: [L2] }), person: lead({ id: 'f1', dueAt, done: false }), now })
      .thenNothingHappened();
  });

  it('given a due run, when the follow-up is still not done, then staff are told; done meanwhile: skipped (with stillTrue off it still goes)', () => {
    spec([triggered('f1')])
      .when({ type: 'Execute', rule: overdue, person: lead({ id: 'f1', dueAt, done: false }), now })
      .then([{ type: 'RunDone', actions: overdue.actions }]);
    spec([triggered('f1')])
      .when({ type: 'Execute', rule: overdue, person: lead({ id: 'f1', dueAt, done: true }), now })
      .then([{ type: 'RunSkipped', reason: 'no_longer_true' }]);
    spec([triggered('f1')])
      .when({ type: 'Execute', rule: overdue, person: lead(null), now })
      .then([{ type: 'RunSkipped', reason: 'no_longer_true' }]);
    const regardless = rule({ ...overdue, conditions: { planIds: [], stillTrue: false } });
    spec([triggered('f1')])
      .when({ type: 'Execute', rule: regardless, person: lead({ id: 'f1', dueAt, done: true }), now })
      .then([{ type: 'RunDone', actions: regardless.actions }]);
  });

  it('a follow-up is a lead’s: a member message on it is refused, telling staff is not', () => {
    expect(() => checkRule({ trigger: { type: 'follow_up_overdue', hours: 4 }, actions: [{ type: 'send_message', message: 'welcome' }] })).toThrow(
      /lead has no account/,
    );
    expect(() => checkRule({ trigger: { type: 'follow_up_overdue', hours: 4 }, actions: [{ type: 'notify_staff' }] })).not.toThrow();
  });
});
