import { DomainError, type Decider } from '@akhada/kit/domain';

/**
 * One lead of a gym: an enquiry and everything that followed it. Time and ids come in on the commands.
 *
 * Invariants: a lead is captured once; it moves through new → contacted → trial_booked → trial_done → joined (any step
 * forward or back, never to the stage it is at), or is lost with a reason from any stage before joined; a lost lead
 * moves again only after it is reopened (back at the stage it was lost from); a joined lead's stage is final; a
 * follow-up is done once, with its outcome. A trial pass (1–7 days) is issued only to a lead neither lost nor joined and
 * without another pass still valid; it books the trial (new/contacted → trial_booked), and the lead's first visit on a
 * pass marks the trial done. A lead becomes a member once: the member's id is linked and the stage is joined.
 */
export type Stage = 'new' | 'contacted' | 'trial_booked' | 'trial_done' | 'joined' | 'lost';
export type OpenStage = Exclude<Stage, 'lost'>;
export type Interest = 'membership' | 'personal_training' | 'class';
export type Source = 'walk_in' | 'phone' | 'website' | 'instagram' | 'google' | 'referral' | 'other';
export type Reason = 'price' | 'distance' | 'timing' | 'joined_elsewhere' | 'not_interested' | 'other';
export type FollowUpKind = 'call' | 'whatsapp' | 'visit';

export interface LeadDetails {
  name: string;
  /** As written; `phoneKey` is the number the organization's duplicates are found by. */
  phone: string;
  phoneKey: string;
  email: string | null;
  interest: Interest;
  source: Source;
  preferredTime: string;
  notes: string;
}
export type DetailsEdit = Partial<LeadDetails>;

/** The referral code of the member who sent the lead (normalized, upper case); members finds the referrer by it when the lead joins. */
type Referral = { referralCode?: string | null };

/**
 * The offers-and-news consent given with an enquiry (the text ticked; by the person on the public form, or recorded by
 * the staff member who captured it): null or absent (events recorded before it was kept) when not given.
 */
type Marketing = { marketingConsentText?: string | null };

/** Who acted: a staff user's id, or null for the public form. */
type Actor = { actorId: string | null; at: string };

export type LeadCommand =
  | {
      type: 'CaptureLead';
      data: LeadDetails &
        Actor & { leadId: string; orgId: string; locationId: string; ownerId: string | null; consentText: string | null } & Referral &
        Marketing;
    }
  | { type: 'EnquireAgain'; data: Actor & Marketing & { source: Source; interest: Interest; preferredTime: string; notes: string; consentText: string | null } }
  | { type: 'EditLead'; data: Actor & { changes: DetailsEdit } }
  | { type: 'MoveStage'; data: Actor & { stage: OpenStage } }
  | { type: 'LoseLead'; data: Actor & { reason: Reason; note: string } }
  | { type: 'ReopenLead'; data: Actor }
  | { type: 'AssignLead'; data: Actor & { ownerId: string | null } }
  | { type: 'AddNote'; data: Actor & { text: string } }
  | { type: 'AddFollowUp'; data: Actor & { followUpId: string; kind: FollowUpKind; dueAt: string; note: string; assigneeId: string | null } }
  | { type: 'CompleteFollowUp'; data: Actor & { followUpId: string; outcome: string } }
  | { type: 'IssueTrialPass'; data: Actor & TrialPassFacts }
  | { type: 'RecordTrialVisit'; data: Actor & { passId: string; visitId: string; locationId: string } }
  | { type: 'JoinAsMember'; data: Actor & { memberId: string } };

/** A trial pass as issued: valid from `validFrom` until `validUntil` (ISO instants), `lastDay` its last local day. */
export interface TrialPassFacts {
  passId: string;
  code: string;
  days: number;
  validFrom: string;
  validUntil: string;
  lastDay: string;
}
export const TRIAL_PASS_MAX_DAYS = 7;

export type LeadEvent =
  | {
      type: 'LeadCaptured';
      data: LeadDetails &
        Actor & { leadId: string; orgId: string; locationId: string; ownerId: string | null; consentText: string | null } & Referral &
        Marketing;
    }
  | {
      type: 'EnquiredAgain';
      data: Actor & Marketing & { leadId: string; source: Source; interest: Interest; preferredTime: string; notes: string; consentText: string | null };
    }
  | { type: 'LeadEdited'; data: Actor & { leadId: string; changes: DetailsEdit } }
  | { type: 'StageChanged'; data: Actor & { leadId: string; from: Stage; to: OpenStage } }
  | { type: 'LeadLost'; data: Actor & { leadId: string; from: OpenStage; reason: Reason; note: string } }
  | { type: 'LeadReopened'; data: Actor & { leadId: string; to: OpenStage } }
  /** `from`: the owner before (absent on events recorded before it was kept). */
  | { type: 'LeadAssigned'; data: Actor & { leadId: string; ownerId: string | null; from?: string | null } }
  | { type: 'NoteAdded'; data: Actor & { leadId: string; text: string } }
  | { type: 'FollowUpAdded'; data: Actor & { leadId: string; followUpId: string; kind: FollowUpKind; dueAt: string; note: string; assigneeId: string | null } }
  | { type: 'FollowUpCompleted'; data: Actor & { leadId: string; followUpId: string; outcome: string } }
  | { type: 'TrialPassIssued'; data: Actor & TrialPassFacts & { leadId: string } }
  | { type: 'TrialVisited'; data: Actor & { leadId: string; passId: string; visitId: string; locationId: string } }
  | { type: 'LeadJoined'; data: Actor & { leadId: string; memberId: string; from: Stage } };

export type LeadState =
  | { status: 'none' }
  | {
      status: 'open';
      leadId: string;
      orgId: string;
      locationId: string;
      details: LeadDetails;
      stage: Stage;
      /** The stage a lost lead was lost from (where reopening puts it back). */
      lostFrom: OpenStage | null;
      ownerId: string | null;
      followUps: Record<string, { done: boolean }>;
      /** Trial passes by id: until when each is valid, its last day, the visits recorded on it. */
      passes: Record<string, { validUntil: string; lastDay: string; visits: string[] }>;
      /** The member this lead became, once joined through members. */
      memberId: string | null;
      /** The code of the member who referred the lead, as captured (null: not referred). */
      referralCode: string | null;
    };
type Existing = Exclude<LeadState, { status: 'none' }>;

export const leadStreamId = (leadId: string): string => `lead-${leadId}`;

/**
 * The number a lead is known by in its organization: an Indian mobile as 91 and its 10 digits ("098765 43210",
 * "+91 98765-43210" and "9876543210" are one number); any other number as its digits.
 */
export const phoneKey = (phone: string): string => {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 10) return `91${digits}`;
  if (digits.length === 11 && digits.startsWith('0')) return `91${digits.slice(1)}`;
  return digits;
};

const refuse = (message: string) => new DomainError('CONFLICT', message, 409);
const invalid = (message: string) => new DomainError('VALIDATION_FAILED', message, 400);
const existing = (state: LeadState): Existing => {
  if (state.status === 'none') throw new DomainError('NOT_FOUND', 'Lead not found', 404);
  return state;
};
const DAY = 86_400_000;
const displayFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });
/** "14 Mar 2030" of a calendar date. */
const displayDate = (isoDate: string): string => displayFormat.format(new Date(`${isoDate}T00:00:00Z`));

type Raw<E> = E extends { type: infer T; data: infer D } ? { type: T; data: Omit<D, 'leadId'> } : never;
type RawEvent = Raw<Exclude<LeadEvent, { type: 'LeadCaptured' }>>;

const decideRaw = (command: LeadCommand, state: LeadState): RawEvent[] | [Extract<LeadEvent, { type: 'LeadCaptured' }>] => {
  if (command.type === 'CaptureLead') {
    if (state.status !== 'none') throw refuse('This lead exists already.');
    if (!command.data.name.trim()) throw invalid('Name is required');
    if (!command.data.phoneKey) throw invalid('Phone is required');
    return [{ type: 'LeadCaptured', data: command.data }];
  }
  const s = existing(state);
  const { actorId, at } = command.data;
  switch (command.type) {
    case 'EnquireAgain':
      return [{ type: 'EnquiredAgain', data: command.data }];
    case 'EditLead': {
      const changes = Object.fromEntries(
        Object.entries(command.data.changes).filter(([k, v]) => v !== undefined && v !== s.details[k as keyof LeadDetails]),
      ) as DetailsEdit;
      if (changes.name !== undefined && !changes.name.trim()) throw invalid('Name is required');
      return Object.keys(changes).length === 0 ? [] : [{ type: 'LeadEdited', data: { actorId, at, changes } }];
    }
    case 'MoveStage': {
      const to = command.data.stage;
      if (s.stage === 'lost') throw refuse('This lead was lost. Reopen it first.');
      if (s.stage === 'joined') throw refuse('This lead has joined already.');
      if (s.stage === to) throw refuse('The lead is at this stage already.');
      return [{ type: 'StageChanged', data: { actorId, at, from: s.stage, to } }];
    }
    case 'LoseLead':
      if (s.stage === 'lost') throw refuse('This lead is lost already.');
      if (s.stage === 'joined') throw refuse('This lead has joined already.');
      return [{ type: 'LeadLost', data: { actorId, at, from: s.stage, reason: command.data.reason, note: command.data.note } }];
    case 'ReopenLead':
      if (s.stage !== 'lost') throw refuse('Only a lost lead can be reopened.');
      return [{ type: 'LeadReopened', data: { actorId, at, to: s.lostFrom ?? 'new' } }];
    case 'AssignLead':
      return s.ownerId === command.data.ownerId ? [] : [{ type: 'LeadAssigned', data: { actorId, at, ownerId: command.data.ownerId, from: s.ownerId } }];
    case 'AddNote':
      if (!command.data.text.trim()) throw invalid('Note is required');
      return [{ type: 'NoteAdded', data: { actorId, at, text: command.data.text } }];
    case 'AddFollowUp': {
      const { followUpId, dueAt } = command.data;
      if (s.followUps[followUpId]) throw refuse('This follow-up exists already.');
      if (new Date(dueAt).getTime() < new Date(at).getTime() - DAY) throw invalid('A follow-up cannot be due more than a day in the past');
      if (new Date(dueAt).getTime() > new Date(at).getTime() + 366 * DAY) throw invalid('A follow-up must be due within a year');
      return [{ type: 'FollowUpAdded', data: command.data }];
    }
    case 'CompleteFollowUp': {
      const f = s.followUps[command.data.followUpId];
      if (!f) throw new DomainError('NOT_FOUND', 'Follow-up not found', 404);
      if (f.done) throw refuse('This follow-up is done already.');
      return [{ type: 'FollowUpCompleted', data: command.data }];
    }
    case 'IssueTrialPass': {
      const d = command.data;
      if (!Number.isInteger(d.days) || d.days < 1 || d.days > TRIAL_PASS_MAX_DAYS) {
        throw invalid(`Days must be a whole number from 1 to ${TRIAL_PASS_MAX_DAYS}`);
      }
      if (s.stage === 'lost') throw refuse('This lead was lost. Reopen it first.');
      if (s.stage === 'joined') throw refuse('This lead has joined already.');
      if (s.passes[d.passId]) throw refuse('This trial pass exists already.');
      const valid = Object.values(s.passes).find((p) => Date.parse(p.validUntil) > Date.parse(at));
      if (valid) throw refuse(`This lead has a trial pass valid until ${displayDate(valid.lastDay)}.`);
      const issued: RawEvent = { type: 'TrialPassIssued', data: d };
      const books = s.stage === 'new' || s.stage === 'contacted';
      return books ? [issued, { type: 'StageChanged', data: { actorId, at, from: s.stage, to: 'trial_booked' } }] : [issued];
    }
    case 'RecordTrialVisit': {
      const { passId, visitId, locationId } = command.data;
      const pass = s.passes[passId];
      // A pass this lead never had, or a visit recorded already (a redelivery): nothing.
      if (!pass || pass.visits.includes(visitId)) return [];
      const visited: RawEvent = { type: 'TrialVisited', data: { actorId, at, passId, visitId, locationId } };
      const firstVisit = Object.values(s.passes).every((p) => p.visits.length === 0);
      const marksDone = firstVisit && (s.stage === 'new' || s.stage === 'contacted' || s.stage === 'trial_booked');
      return marksDone ? [visited, { type: 'StageChanged', data: { actorId, at, from: s.stage, to: 'trial_done' } }] : [visited];
    }
    case 'JoinAsMember':
      // A lead becomes a member once; a second member naming it (or the same one again) changes nothing.
      if (s.memberId !== null) return [];
      return [{ type: 'LeadJoined', data: { actorId, at, memberId: command.data.memberId, from: s.stage } }];
  }
};

const evolve = (state: LeadState, event: LeadEvent): LeadState => {
  if (event.type === 'LeadCaptured') {
    const { leadId, orgId, locationId, ownerId, name, phone, phoneKey: key, email, interest, source, preferredTime, notes } = event.data;
    return {
      status: 'open',
      leadId,
      orgId,
      locationId,
      details: { name, phone, phoneKey: key, email, interest, source, preferredTime, notes },
      stage: 'new',
      lostFrom: null,
      ownerId,
      followUps: {},
      passes: {},
      memberId: null,
      referralCode: event.data.referralCode ?? null,
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'LeadEdited':
      return { ...state, details: { ...state.details, ...event.data.changes } };
    case 'StageChanged':
      return { ...state, stage: event.data.to };
    case 'LeadLost':
      return { ...state, stage: 'lost', lostFrom: event.data.from };
    case 'LeadReopened':
      return { ...state, stage: event.data.to, lostFrom: null };
    case 'LeadAssigned':
      return { ...state, ownerId: event.data.ownerId };
    case 'FollowUpAdded':
      return { ...state, followUps: { ...state.followUps, [event.data.followUpId]: { done: false } } };
    case 'FollowUpCompleted':
      return { ...state, followUps: { ...state.followUps, [event.data.followUpId]: { done: true } } };
    case 'TrialPassIssued': {
      const { passId, validUntil, lastDay } = event.data;
      return { ...state, passes: { ...state.passes, [passId]: { validUntil, lastDay, visits: [] } } };
    }
    case 'TrialVisited': {
      const pass = state.passes[event.data.passId];
      if (!pass) return state;
      return { ...state, passes: { ...state.passes, [event.data.passId]: { ...pass, visits: [...pass.visits, event.data.visitId] } } };
    }
    case 'LeadJoined':
      return { ...state, stage: 'joined', lostFrom: null, memberId: event.data.memberId };
    case 'EnquiredAgain':
    case 'NoteAdded':
      return state;
  }
};

export const leadDecider: Decider<LeadCommand, LeadEvent, LeadState> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    const leadId = state.status === 'none' ? '' : state.leadId;
    return decideRaw(command, state).map((e) => (e.type === 'LeadCaptured' ? e : ({ ...e, data: { leadId, ...e.data } } as LeadEvent)));
  },
  evolve,
};
