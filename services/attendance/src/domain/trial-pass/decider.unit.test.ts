import { DomainError } from '@akhada/kit/domain';
import { DeciderSpecification } from '@akhada/kit/testing/decider';
import { describe, it } from 'vitest';
import { trialPassDecider, type RecordTrialVisit, type TrialVisitRecorded } from './decider.ts';

const given = DeciderSpecification.for(trialPassDecider);
// A 3-day pass issued Monday 11 Mar 2030 10:00 in Kolkata: valid until Thursday 00:00 there (Wednesday 18:30 UTC).
const pass = {
  passId: 'p1',
  leadId: 'l1',
  orgId: 'o1',
  name: 'Kiran Shah',
  passLocationId: 'loc1',
  validFrom: '2030-03-11T04:30:00.000Z',
  validUntil: '2030-03-13T18:30:00.000Z',
  firstDay: '2030-03-11',
  lastDay: '2030-03-13',
};
const visit = (at: string, today: string, o: Partial<RecordTrialVisit['data']> = {}): RecordTrialVisit => ({
  type: 'RecordTrialVisit',
  data: { ...pass, visitId: `v-${at}`, locationId: 'loc1', at, today, method: 'manual', ...o },
});
const recorded = (at: string, day: string, visitNumber: number): TrialVisitRecorded => ({
  type: 'TrialVisitRecorded',
  data: {
    visitId: `v-${at}`,
    passId: 'p1',
    leadId: 'l1',
    orgId: 'o1',
    locationId: 'loc1',
    name: 'Kiran Shah',
    visitTime: at,
    day,
    method: 'manual',
    visitNumber,
    validUntil: pass.validUntil,
    lastDay: pass.lastDay,
  },
});
const code = (c: string) => (e: DomainError) => e.code === c && e.status === 409;

describe('trial pass visits', () => {
  it('records the first visit inside the window', () =>
    given([])
      .when(visit('2030-03-11T05:00:00.000Z', '2030-03-11'))
      .then([recorded('2030-03-11T05:00:00.000Z', '2030-03-11', 1)]));

  it('counts the next day’s visit as the second', () =>
    given([recorded('2030-03-11T05:00:00.000Z', '2030-03-11', 1)])
      .when(visit('2030-03-12T05:00:00.000Z', '2030-03-12'))
      .then([recorded('2030-03-12T05:00:00.000Z', '2030-03-12', 2)]));

  it('refuses a second visit the same day', () =>
    given([recorded('2030-03-11T05:00:00.000Z', '2030-03-11', 1)])
      .when(visit('2030-03-11T12:00:00.000Z', '2030-03-11'))
      .thenThrows(DomainError, code('ALREADY_CHECKED_IN')));

  it('refuses after the last day with the date it expired on', () =>
    given([])
      .when(visit('2030-03-13T18:30:00.000Z', '2030-03-14'))
      .thenThrows(DomainError, (e) => code('TRIAL_PASS_EXPIRED')(e) && e.message === 'This trial pass expired on 13 Mar 2030.'));

  it('refuses before it was issued', () =>
    given([]).when(visit('2030-03-11T04:29:59.000Z', '2030-03-11')).thenThrows(DomainError, code('TRIAL_PASS_NOT_STARTED')));

  it('refuses at another location', () =>
    given([])
      .when(visit('2030-03-11T05:00:00.000Z', '2030-03-11', { locationId: 'loc2' }))
      .thenThrows(DomainError, code('TRIAL_PASS_OTHER_LOCATION')));
});
