import { DomainError, type Decider } from '@akhada/kit/domain';
import type { ErrorCode } from '@akhada/contracts';

/**
 * The visits of a lead on one trial pass (issued by enquiries; this service keeps the valid passes from its events).
 * A lead is no member: a visit is no attendance session. Invariants: a visit is recorded only at the pass's location
 * and inside its window (from `validFrom`, before `validUntil`), at most once a day (the location's calendar).
 * Pure: time, ids and the location's "today" come in on the command.
 */

export type TrialCheckInMethod = 'manual' | 'qr' | 'kiosk';

export interface TrialPassFacts {
  passId: string;
  leadId: string;
  orgId: string;
  name: string;
  /** The location the pass is for. */
  passLocationId: string;
  validFrom: string;
  validUntil: string;
  /** The first and last days the pass covers, in the location's calendar ('YYYY-MM-DD'). */
  firstDay: string;
  lastDay: string;
}

export interface RecordTrialVisit {
  type: 'RecordTrialVisit';
  data: TrialPassFacts & {
    visitId: string;
    /** Where the desk or scanner is. */
    locationId: string;
    at: string;
    /** The location's date at `at`. */
    today: string;
    method: TrialCheckInMethod;
  };
}
export type TrialPassCommand = RecordTrialVisit;

export interface TrialVisitRecorded {
  type: 'TrialVisitRecorded';
  data: {
    visitId: string;
    passId: string;
    leadId: string;
    orgId: string;
    locationId: string;
    name: string;
    visitTime: string;
    day: string;
    method: TrialCheckInMethod;
    /** 1 for the first visit on the pass. */
    visitNumber: number;
    validUntil: string;
    lastDay: string;
  };
}
export type TrialPassEvent = TrialVisitRecorded;

export interface TrialPassState {
  visits: number;
  /** The local days with a visit. */
  days: string[];
}

export const trialPassStreamId = (passId: string): string => `trial-pass-${passId}`;

const displayFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });
/** "14 Mar 2030" of a calendar date. */
const displayDate = (isoDate: string): string => displayFormat.format(new Date(`${isoDate}T00:00:00Z`));

export const trialPassDecider: Decider<TrialPassCommand, TrialPassEvent, TrialPassState> = {
  initialState: () => ({ visits: 0, days: [] }),
  decide({ data: d }, state) {
    const refuse = (code: ErrorCode, message: string) => new DomainError(code, message, 409);
    if (d.locationId !== d.passLocationId) throw refuse('TRIAL_PASS_OTHER_LOCATION', 'This trial pass is for another location of the gym.');
    const at = Date.parse(d.at);
    if (at < Date.parse(d.validFrom)) throw refuse('TRIAL_PASS_NOT_STARTED', `This trial pass is valid from ${displayDate(d.firstDay)}.`);
    if (at >= Date.parse(d.validUntil)) throw refuse('TRIAL_PASS_EXPIRED', `This trial pass expired on ${displayDate(d.lastDay)}.`);
    if (state.days.includes(d.today)) throw refuse('ALREADY_CHECKED_IN', 'This trial pass was used today already.');
    return [
      {
        type: 'TrialVisitRecorded',
        data: {
          visitId: d.visitId,
          passId: d.passId,
          leadId: d.leadId,
          orgId: d.orgId,
          locationId: d.locationId,
          name: d.name,
          visitTime: d.at,
          day: d.today,
          method: d.method,
          visitNumber: state.visits + 1,
          validUntil: d.validUntil,
          lastDay: d.lastDay,
        },
      },
    ];
  },
  evolve(state, event) {
    switch (event.type) {
      case 'TrialVisitRecorded':
        return { visits: state.visits + 1, days: [...state.days, event.data.day] };
      default:
        return state;
    }
  },
};
