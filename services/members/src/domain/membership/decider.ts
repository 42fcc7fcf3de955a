import type { MembershipType, PaymentFrequency, PaymentMethod } from '@akhada/contracts';
import { addMonths, type CalendarDate, daysBetween, type Decider, DomainError, isCalendarDate } from '@akhada/kit/domain';
import { membershipEndDate } from './period.ts';

/**
 * The membership of one member, event-sourced. Dates are calendar days of the location; an end date is the first day
 * the term no longer covers (a monthly term from 10 March ends on 10 April), so a membership expires when its end date
 * begins in the location's time zone (midnight there), and a renewal before that continues on the end date, leaving
 * no gap and no overlap.
 */

/** One membership stream per member: `member-<memberId>`. */
export const membershipStreamId = (memberId: string): string => `member-${memberId}`;

type Gender = 'male' | 'female' | 'other';

export interface Term {
  termNo: number;
  membershipType: MembershipType;
  paymentFrequency: PaymentFrequency;
  /** Integer paise. */
  feePaise: number;
  paymentMethod: PaymentMethod | null;
  startDate: CalendarDate;
  endDate: CalendarDate;
  daysFrozen: number;
  createdAt: string;
}

// ── Commands ────────────────────────────────────────────────────────────────────────────────────────────────────
export interface RegisterMember {
  type: 'RegisterMember';
  data: {
    memberId: string;
    orgId: string;
    locationId: string;
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    membershipType: MembershipType;
    paymentFrequency: PaymentFrequency;
    /** Integer paise. */
    feePaise: number;
    /** First covered day in the location's calendar. */
    startDate: CalendarDate;
    /** When the command was given (ISO-8601); the decider has no clock. */
    registeredAt: string;
    paymentMethod?: PaymentMethod | null;
    dateOfBirth?: CalendarDate | null;
    gender?: Gender | null;
    /** The term's length in months when it is a membership plan's; absent: one payment period. */
    durationMonths?: number | undefined;
    /** The enquiries lead this member was converted from, and where they came from (a lead source). */
    enquiryId?: string | undefined;
    acquisitionSource?: string | undefined;
  };
}
/** Someone registered with the gym's join code: a member awaiting a plan (no term yet). */
export interface SignUpMember {
  type: 'SignUpMember';
  data: { memberId: string; orgId: string; locationId: string; firstName: string; lastName: string; email: string; phone: string; signedUpAt: string };
}
export interface RenewMembership {
  type: 'RenewMembership';
  data: {
    membershipType: MembershipType;
    paymentFrequency: PaymentFrequency;
    feePaise: number;
    paymentMethod: PaymentMethod;
    /** The term's length in months when it is a membership plan's; absent: one payment period. */
    durationMonths?: number | undefined;
    /** The start asked for, if any. */
    startDate?: CalendarDate | undefined;
    /** Today in the location's calendar. */
    today: CalendarDate;
    renewedAt: string;
    /** The payments' payment this term was paid by (a membership payment recorded in payments). */
    paymentId?: string | undefined;
  };
}
export interface FreezeMembership {
  type: 'FreezeMembership';
  data: { frozenFrom?: CalendarDate | undefined; today: CalendarDate; reason: string | null };
}
export interface UnfreezeMembership {
  type: 'UnfreezeMembership';
  data: { today: CalendarDate };
}
export interface ExpireMembership {
  type: 'ExpireMembership';
  data: { today: CalendarDate };
}
export interface CancelMembership {
  type: 'CancelMembership';
  data: { today: CalendarDate; reason: string | null };
}
export interface AssignTrainer {
  type: 'AssignTrainer';
  data: { trainerId: string };
}
export interface UnassignTrainer {
  type: 'UnassignTrainer';
  /** `onlyTrainerId`: unassign only if this is still the member's trainer (a trainer archived elsewhere); else nothing happens. */
  data: { reason: 'staff' | 'trainer_archived'; onlyTrainerId?: string };
}
export interface ChangeProfile {
  type: 'ChangeProfile';
  data: { firstName: string; lastName: string; email: string; phone: string; dateOfBirth: CalendarDate | null; gender: Gender | null };
}
export interface ArchiveMember {
  type: 'ArchiveMember';
  data: { archivedAt: string };
}
export interface RequestInvitationResend {
  type: 'RequestInvitationResend';
  data: Record<string, never>;
}
/**
 * A lead this member referred joined: the gym's reward of `days` free days extends the current term (a membership
 * with no term running — pending, expired, cancelled — gets no days), and a `creditPaise` credit goes to their next
 * membership payment (any member who is not archived: an expired one renews with it). Once per lead.
 */
export interface RewardReferral {
  type: 'RewardReferral';
  data: { leadId: string; referredMemberId: string; days: number; creditPaise?: number };
}
export type MembershipCommand =
  | RegisterMember
  | SignUpMember
  | RenewMembership
  | FreezeMembership
  | UnfreezeMembership
  | ExpireMembership
  | CancelMembership
  | AssignTrainer
  | UnassignTrainer
  | ChangeProfile
  | ArchiveMember
  | RequestInvitationResend
  | RewardReferral;

// ── Events ──────────────────────────────────────────────────────────────────────────────────────────────────────
export interface MemberRegistered {
  type: 'MemberRegistered';
  data: Omit<RegisterMember['data'], 'durationMonths'> & { endDate: CalendarDate };
}
export interface MemberSignedUp {
  type: 'MemberSignedUp';
  data: SignUpMember['data'];
}
export interface MembershipRenewed {
  type: 'MembershipRenewed';
  data: { memberId: string; term: Omit<Term, 'daysFrozen' | 'createdAt'>; renewedAt: string; paymentId?: string };
}
export interface MembershipFrozen {
  type: 'MembershipFrozen';
  data: { memberId: string; frozenFrom: CalendarDate; reason: string | null };
}
export interface MembershipUnfrozen {
  type: 'MembershipUnfrozen';
  data: { memberId: string; daysFrozen: number; endDate: CalendarDate };
}
export interface MembershipExpired {
  type: 'MembershipExpired';
  data: { memberId: string; endDate: CalendarDate };
}
export interface MembershipCancelled {
  type: 'MembershipCancelled';
  data: { memberId: string; cancelledOn: CalendarDate; reason: string | null };
}
export interface MemberTrainerAssigned {
  type: 'MemberTrainerAssigned';
  data: { memberId: string; trainerId: string; previousTrainerId: string | null };
}
export interface MemberTrainerUnassigned {
  type: 'MemberTrainerUnassigned';
  data: { memberId: string; trainerId: string; reason: 'staff' | 'trainer_archived' | 'member_archived' };
}
export interface MemberProfileChanged {
  type: 'MemberProfileChanged';
  data: ChangeProfile['data'] & { memberId: string };
}
export interface MemberArchived {
  type: 'MemberArchived';
  data: { memberId: string; archivedAt: string };
}
export interface MemberInvitationResendRequested {
  type: 'MemberInvitationResendRequested';
  data: { memberId: string; email: string; firstName: string; lastName: string };
}
export interface ReferralRewarded {
  type: 'ReferralRewarded';
  data: { memberId: string; leadId: string; referredMemberId: string; days: number; endDate: CalendarDate };
}
export interface ReferralCreditGranted {
  type: 'ReferralCreditGranted';
  data: { memberId: string; leadId: string; referredMemberId: string; creditPaise: number };
}
export type MembershipEvent =
  | MemberRegistered
  | MemberSignedUp
  | MembershipRenewed
  | MembershipFrozen
  | MembershipUnfrozen
  | MembershipExpired
  | MembershipCancelled
  | MemberTrainerAssigned
  | MemberTrainerUnassigned
  | MemberProfileChanged
  | MemberArchived
  | MemberInvitationResendRequested
  | ReferralRewarded
  | ReferralCreditGranted;

// ── State ───────────────────────────────────────────────────────────────────────────────────────────────────────
export type LiveStatus = 'pending' | 'active' | 'frozen' | 'expired' | 'cancelled' | 'archived';

export interface Profile {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  dateOfBirth: CalendarDate | null;
  gender: Gender | null;
}

export interface Membership {
  status: LiveStatus;
  memberId: string;
  orgId: string;
  locationId: string;
  profile: Profile;
  /** Oldest first. */
  terms: Term[];
  frozenFrom: CalendarDate | null;
  trainerId: string | null;
  /** The referred leads this member was rewarded for (a lead rewards once). */
  rewardedLeads: string[];
}
export type MembershipState = { status: 'Unregistered' } | Membership;

const assertNever = (x: never): never => {
  throw new Error(`Unhandled: ${JSON.stringify(x)}`);
};

/**
 * How far from the day of registration a membership may start: up to two years back (entering the members a gym
 * already has: even an annual membership begun earlier has ended) and up to one year ahead (signing up early).
 * Outside it a date is a typo, not a membership — year 9999 would even give an end date past the calendar.
 */
export const START_DATE_WINDOW = { monthsBefore: 24, monthsAfter: 12 } as const;

/** The first and last start date a registration on `registeredAt` accepts (calendar days of its UTC date). */
export const startDateWindow = (registeredAt: string): { earliest: CalendarDate; latest: CalendarDate } => {
  const day = registeredAt.slice(0, 10);
  return { earliest: addMonths(day, -START_DATE_WINDOW.monthsBefore), latest: addMonths(day, START_DATE_WINDOW.monthsAfter) };
};

const invalid = (message: string) => new DomainError('VALIDATION_FAILED', message, 400);
const refused = (message: string) => new DomainError('CONFLICT', message, 409);

const addDays = (date: CalendarDate, days: number): CalendarDate => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

/** The current term: the latest one (a renewal before expiry is the current term's continuation). */
export const currentTerm = (s: Membership): Term | undefined => s.terms.at(-1);
/** The first day no term covers any more. */
export const coveredUntil = (s: Membership): CalendarDate | undefined => currentTerm(s)?.endDate;

const checkFee = (feePaise: number) => {
  if (!Number.isSafeInteger(feePaise) || feePaise < 0) throw invalid('The membership fee must be a whole number of paise, zero or more');
};
const checkMonths = (months: number | undefined) => {
  if (months !== undefined && (!Number.isInteger(months) || months < 1 || months > 36)) throw invalid('A term lasts 1 to 36 whole months');
};

const register = (command: RegisterMember, state: MembershipState): MembershipEvent[] => {
  if (state.status !== 'Unregistered') throw refused('This member is already registered');
  const { durationMonths, ...data } = command.data;
  const { feePaise, startDate, firstName, lastName, registeredAt, paymentFrequency } = data;
  checkFee(feePaise);
  checkMonths(durationMonths);
  if (!isCalendarDate(startDate)) throw invalid('The start date is not a calendar date');
  if (!isCalendarDate(registeredAt.slice(0, 10)) || Number.isNaN(Date.parse(registeredAt))) throw invalid('The registration time is not a valid instant');
  const { earliest, latest } = startDateWindow(registeredAt);
  // 'YYYY-MM-DD' strings of four-digit years compare as dates.
  if (startDate < earliest || startDate > latest) {
    throw invalid(`The start date must be between ${earliest} and ${latest}: a membership can start up to two years back or one year ahead`);
  }
  if (!firstName.trim() || !lastName.trim()) throw invalid('First and last name are required');
  const endDate = membershipEndDate(startDate, paymentFrequency, durationMonths);
  if (!isCalendarDate(endDate)) throw invalid('The membership would end on a date outside the calendar; choose another start date');
  return [{ type: 'MemberRegistered', data: { ...data, endDate } }];
};

const signUp = (command: SignUpMember, state: MembershipState): MembershipEvent[] => {
  if (state.status !== 'Unregistered') return []; // the same sign-up seen twice
  return [{ type: 'MemberSignedUp', data: command.data }];
};

const renew = ({ data }: RenewMembership, s: Membership): MembershipEvent[] => {
  checkFee(data.feePaise);
  checkMonths(data.durationMonths);
  if (s.status === 'frozen') throw refused('Unfreeze the membership before renewing it');
  if (data.startDate !== undefined && !isCalendarDate(data.startDate)) throw invalid('The start date is not a calendar date');
  const end = coveredUntil(s);
  // Still running (active and its end date not reached): the new term continues where it stops, or later if asked.
  const running = s.status === 'active' && end !== undefined && end > data.today;
  let startDate: CalendarDate;
  if (running) startDate = data.startDate !== undefined && data.startDate > end ? data.startDate : end;
  else startDate = data.startDate ?? data.today;
  const endDate = membershipEndDate(startDate, data.paymentFrequency, data.durationMonths);
  if (!isCalendarDate(endDate)) throw invalid('The membership would end on a date outside the calendar; choose another start date');
  return [
    {
      type: 'MembershipRenewed',
      data: {
        memberId: s.memberId,
        term: {
          termNo: s.terms.length + 1,
          membershipType: data.membershipType,
          paymentFrequency: data.paymentFrequency,
          feePaise: data.feePaise,
          paymentMethod: data.paymentMethod,
          startDate,
          endDate,
        },
        renewedAt: data.renewedAt,
        ...(data.paymentId ? { paymentId: data.paymentId } : {}),
      },
    },
  ];
};

const freeze = ({ data }: FreezeMembership, s: Membership): MembershipEvent[] => {
  const end = coveredUntil(s);
  if (s.status !== 'active' || end === undefined || end <= data.today) throw refused('Only an active membership can be frozen');
  const frozenFrom = data.frozenFrom ?? data.today;
  if (!isCalendarDate(frozenFrom)) throw invalid('The first frozen day is not a calendar date');
  const first = s.terms[0]!.startDate;
  if (frozenFrom < first || frozenFrom >= end) throw invalid(`The first frozen day must be between ${first} and ${addDays(end, -1)}`);
  return [{ type: 'MembershipFrozen', data: { memberId: s.memberId, frozenFrom, reason: data.reason } }];
};

const unfreeze = ({ data }: UnfreezeMembership, s: Membership): MembershipEvent[] => {
  if (s.status !== 'frozen' || s.frozenFrom === null) throw refused('Only a frozen membership can be unfrozen');
  const daysFrozen = Math.max(0, daysBetween(s.frozenFrom, data.today));
  return [{ type: 'MembershipUnfrozen', data: { memberId: s.memberId, daysFrozen, endDate: addDays(coveredUntil(s)!, daysFrozen) } }];
};

const expire = ({ data }: ExpireMembership, s: Membership): MembershipEvent[] => {
  const end = coveredUntil(s);
  // Only an active membership whose end date has begun; anything else (renewed meanwhile, frozen, run twice) is a no-op.
  if (s.status !== 'active' || end === undefined || end > data.today) return [];
  return [{ type: 'MembershipExpired', data: { memberId: s.memberId, endDate: end } }];
};

const cancel = ({ data }: CancelMembership, s: Membership): MembershipEvent[] => {
  if (s.status === 'cancelled') throw refused('This membership is already cancelled');
  if (s.status === 'expired') throw refused('This membership has already expired');
  return [{ type: 'MembershipCancelled', data: { memberId: s.memberId, cancelledOn: data.today, reason: data.reason } }];
};

const assign = ({ data }: AssignTrainer, s: Membership): MembershipEvent[] => {
  if (s.trainerId === data.trainerId) return [];
  return [{ type: 'MemberTrainerAssigned', data: { memberId: s.memberId, trainerId: data.trainerId, previousTrainerId: s.trainerId } }];
};

const unassign = ({ data }: UnassignTrainer, s: Membership): MembershipEvent[] => {
  if (data.onlyTrainerId !== undefined) {
    if (s.trainerId !== data.onlyTrainerId) return [];
  } else if (s.trainerId === null) throw refused('This member has no trainer');
  return [{ type: 'MemberTrainerUnassigned', data: { memberId: s.memberId, trainerId: s.trainerId!, reason: data.reason } }];
};

const changeProfile = ({ data }: ChangeProfile, s: Membership): MembershipEvent[] => {
  if (!data.firstName.trim() || !data.lastName.trim()) throw invalid('First and last name are required');
  const p = s.profile;
  const same =
    p.firstName === data.firstName &&
    p.lastName === data.lastName &&
    p.email === data.email &&
    p.phone === data.phone &&
    p.dateOfBirth === data.dateOfBirth &&
    p.gender === data.gender;
  return same ? [] : [{ type: 'MemberProfileChanged', data: { memberId: s.memberId, ...data } }];
};

const archive = ({ data }: ArchiveMember, s: Membership): MembershipEvent[] => {
  const events: MembershipEvent[] = [];
  if (s.trainerId) events.push({ type: 'MemberTrainerUnassigned', data: { memberId: s.memberId, trainerId: s.trainerId, reason: 'member_archived' } });
  events.push({ type: 'MemberArchived', data: { memberId: s.memberId, archivedAt: data.archivedAt } });
  return events;
};

const resend = (s: Membership): MembershipEvent[] => [
  {
    type: 'MemberInvitationResendRequested',
    data: { memberId: s.memberId, email: s.profile.email, firstName: s.profile.firstName, lastName: s.profile.lastName },
  },
];

const MAX_REWARD_DAYS = 365;
/** ₹1,00,000: the most a referral's credit may be (the settings' limit). */
const MAX_REWARD_CREDIT_PAISE = 10_000_000;

const rewardReferral = ({ data }: RewardReferral, state: MembershipState): MembershipEvent[] => {
  const creditPaise = data.creditPaise ?? 0;
  if (!Number.isInteger(data.days) || data.days < 0 || data.days > MAX_REWARD_DAYS) throw invalid(`A referral reward is 0 to ${MAX_REWARD_DAYS} days`);
  if (!Number.isInteger(creditPaise) || creditPaise < 0 || creditPaise > MAX_REWARD_CREDIT_PAISE) throw invalid('A referral credit is ₹0 to ₹1,00,000');
  if (data.days === 0 && creditPaise === 0) throw invalid('A referral reward needs free days or a credit');
  if (state.status === 'Unregistered' || state.status === 'archived') return [];
  if (state.memberId === data.referredMemberId || state.rewardedLeads.includes(data.leadId)) return [];
  const events: MembershipEvent[] = [];
  const end = state.status === 'active' || state.status === 'frozen' ? coveredUntil(state) : undefined;
  if (data.days > 0 && end !== undefined)
    events.push({
      type: 'ReferralRewarded',
      data: { memberId: state.memberId, leadId: data.leadId, referredMemberId: data.referredMemberId, days: data.days, endDate: addDays(end, data.days) },
    });
  if (creditPaise > 0)
    events.push({
      type: 'ReferralCreditGranted',
      data: { memberId: state.memberId, leadId: data.leadId, referredMemberId: data.referredMemberId, creditPaise },
    });
  return events;
};

const decide = (command: MembershipCommand, state: MembershipState): MembershipEvent[] => {
  if (command.type === 'RegisterMember') return register(command, state);
  if (command.type === 'RewardReferral') return rewardReferral(command, state);
  if (command.type === 'SignUpMember') return signUp(command, state);
  if (state.status === 'Unregistered') throw new DomainError('NOT_FOUND', 'Member not found', 404);
  if (state.status === 'archived') {
    if (command.type === 'ExpireMembership' || (command.type === 'UnassignTrainer' && command.data.onlyTrainerId !== undefined)) return [];
    throw refused('This member is archived');
  }
  switch (command.type) {
    case 'RenewMembership':
      return renew(command, state);
    case 'FreezeMembership':
      return freeze(command, state);
    case 'UnfreezeMembership':
      return unfreeze(command, state);
    case 'ExpireMembership':
      return expire(command, state);
    case 'CancelMembership':
      return cancel(command, state);
    case 'AssignTrainer':
      return assign(command, state);
    case 'UnassignTrainer':
      return unassign(command, state);
    case 'ChangeProfile':
      return changeProfile(command, state);
    case 'ArchiveMember':
      return archive(command, state);
    case 'RequestInvitationResend':
      return resend(state);
    default:
      return assertNever(command);
  }
};

/** Moves the terms not yet ended by the frozen days: the one the freeze began in ends later, later ones shift whole. */
const shiftTerms = (terms: Term[], frozenFrom: CalendarDate, days: number): Term[] =>
  terms.map((t) => {
    if (t.endDate <= frozenFrom || days === 0) return t;
    if (t.startDate > frozenFrom) return { ...t, startDate: addDays(t.startDate, days), endDate: addDays(t.endDate, days) };
    return { ...t, endDate: addDays(t.endDate, days), daysFrozen: t.daysFrozen + days };
  });

const evolve = (state: MembershipState, event: MembershipEvent): MembershipState => {
  if (event.type === 'MemberRegistered') {
    const d = event.data;
    return {
      status: 'active',
      memberId: d.memberId,
      orgId: d.orgId,
      locationId: d.locationId,
      profile: { firstName: d.firstName, lastName: d.lastName, email: d.email, phone: d.phone, dateOfBirth: d.dateOfBirth ?? null, gender: d.gender ?? null },
      terms: [
        {
          termNo: 1,
          membershipType: d.membershipType,
          paymentFrequency: d.paymentFrequency,
          feePaise: d.feePaise,
          paymentMethod: d.paymentMethod ?? null,
          startDate: d.startDate,
          endDate: d.endDate,
          daysFrozen: 0,
          createdAt: d.registeredAt,
        },
      ],
      frozenFrom: null,
      trainerId: null,
      rewardedLeads: [],
    };
  }
  if (event.type === 'MemberSignedUp') {
    const d = event.data;
    return {
      status: 'pending',
      memberId: d.memberId,
      orgId: d.orgId,
      locationId: d.locationId,
      profile: { firstName: d.firstName, lastName: d.lastName, email: d.email, phone: d.phone, dateOfBirth: null, gender: null },
      terms: [],
      frozenFrom: null,
      trainerId: null,
      rewardedLeads: [],
    };
  }
  if (state.status === 'Unregistered') return state;
  switch (event.type) {
    case 'MembershipRenewed':
      return { ...state, status: 'active', terms: [...state.terms, { ...event.data.term, daysFrozen: 0, createdAt: event.data.renewedAt }] };
    case 'MembershipFrozen':
      return { ...state, status: 'frozen', frozenFrom: event.data.frozenFrom };
    case 'MembershipUnfrozen':
      return { ...state, status: 'active', frozenFrom: null, terms: shiftTerms(state.terms, state.frozenFrom ?? '0000-01-01', event.data.daysFrozen) };
    case 'MembershipExpired':
      return { ...state, status: 'expired' };
    case 'MembershipCancelled':
      return { ...state, status: 'cancelled', frozenFrom: null };
    case 'MemberTrainerAssigned':
      return { ...state, trainerId: event.data.trainerId };
    case 'MemberTrainerUnassigned':
      return { ...state, trainerId: null };
    case 'MemberProfileChanged': {
      const { memberId: _id, ...profile } = event.data;
      return { ...state, profile };
    }
    case 'MemberArchived':
      return { ...state, status: 'archived', frozenFrom: null };
    case 'ReferralRewarded': {
      const last = state.terms.at(-1);
      const terms = last ? [...state.terms.slice(0, -1), { ...last, endDate: event.data.endDate }] : state.terms;
      return { ...state, terms, rewardedLeads: [...state.rewardedLeads, event.data.leadId] };
    }
    case 'ReferralCreditGranted':
      return state.rewardedLeads.includes(event.data.leadId) ? state : { ...state, rewardedLeads: [...state.rewardedLeads, event.data.leadId] };
    default:
      return state; // events this version does not know (written by a newer one), or that change no state
  }
};

export const membershipDecider: Decider<MembershipCommand, MembershipEvent, MembershipState> = {
  initialState: () => ({ status: 'Unregistered' }),
  decide,
  evolve,
};
