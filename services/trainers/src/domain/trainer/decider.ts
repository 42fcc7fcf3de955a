import type { Specialization } from '@akhada/contracts';
import { DomainError, type Decider } from '@akhada/kit/domain';
import { overlaps, type WeeklySlot } from './schedule.ts';

/** One stream per trainer: `trainer-<trainerId>` (the trainer's id is also their sign-in account's id). */
export const trainerStreamId = (trainerId: string): string => `trainer-${trainerId}`;

export const MAX_CLIENTS_RANGE = { min: 1, max: 50 } as const;

/** What staff (or the trainer's own sign-up) say about a trainer; money in integer paise. */
export interface TrainerProfile {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  specialization: Specialization[];
  experience: number;
  hourlyRatePaise: number;
  maxClients: number;
  bio: string;
}

export interface CertificationData {
  certificationId: string;
  name: string;
  issuingOrganization: string;
  issueDate: string;
  expiryDate: string | null;
}

// ── Commands ────────────────────────────────────────────────────────────────────────────────────────────────────
export interface CreateTrainer {
  type: 'CreateTrainer';
  data: TrainerProfile & {
    trainerId: string;
    orgId: string;
    locationId: string;
    /** staff: added by an admin (active, invited); join_code: registered with the gym's code (pending approval). */
    source: 'staff' | 'join_code';
    certifications: CertificationData[];
    createdAt: string;
  };
}
export interface ApproveTrainer {
  type: 'ApproveTrainer';
  data: { approvedAt: string };
}
export interface UpdateTrainer {
  type: 'UpdateTrainer';
  data: TrainerProfile & { isAvailable: boolean; updatedAt: string };
}
export interface ArchiveTrainer {
  type: 'ArchiveTrainer';
  data: { archivedAt: string };
}
export interface AddCertification {
  type: 'AddCertification';
  data: CertificationData & { addedAt: string };
}
export interface RemoveCertification {
  type: 'RemoveCertification';
  data: { certificationId: string; removedAt: string };
}
export interface ReplaceSchedule {
  type: 'ReplaceSchedule';
  data: { weeklySlots: WeeklySlot[]; replacedAt: string };
}
export interface RequestInvitationResend {
  type: 'RequestInvitationResend';
  data: { requestedAt: string };
}
/** The scheduled job saw a certification expiring within 30 days. */
export interface FlagCertificationExpiring {
  type: 'FlagCertificationExpiring';
  data: { certificationId: string; expiryDate: string; flaggedAt: string };
}
export type TrainerCommand =
  | CreateTrainer
  | ApproveTrainer
  | UpdateTrainer
  | ArchiveTrainer
  | AddCertification
  | RemoveCertification
  | ReplaceSchedule
  | RequestInvitationResend
  | FlagCertificationExpiring;

// ── Events ──────────────────────────────────────────────────────────────────────────────────────────────────────
export interface TrainerCreated {
  type: 'TrainerCreated';
  data: CreateTrainer['data'];
}
export interface TrainerApproved {
  type: 'TrainerApproved';
  data: { trainerId: string; approvedAt: string };
}
export interface TrainerUpdated {
  type: 'TrainerUpdated';
  data: UpdateTrainer['data'] & { trainerId: string; locationId: string; status: 'active' | 'pending' };
}
export interface TrainerArchived {
  type: 'TrainerArchived';
  data: { trainerId: string; archivedAt: string; wasPending: boolean };
}
export interface CertificationAdded {
  type: 'CertificationAdded';
  data: AddCertification['data'] & { trainerId: string };
}
export interface CertificationRemoved {
  type: 'CertificationRemoved';
  data: RemoveCertification['data'] & { trainerId: string };
}
export interface ScheduleReplaced {
  type: 'ScheduleReplaced';
  data: ReplaceSchedule['data'] & { trainerId: string };
}
/**
 * Sessions booked in this service before personal training moved to scheduling (appointments). Old streams may hold
 * them; nothing decides them any more and they change nothing.
 */
export interface SessionBooked {
  type: 'SessionBooked';
  data: { sessionId: string; trainerId: string; memberId: string; startsAt: string; durationMinutes: number };
}
export interface SessionCancelled {
  type: 'SessionCancelled';
  data: { sessionId: string; trainerId: string; cancelledAt: string };
}
export interface InvitationResendRequested {
  type: 'InvitationResendRequested';
  data: { trainerId: string; email: string; firstName: string; lastName: string; requestedAt: string };
}
export interface CertificationExpiryFlagged {
  type: 'CertificationExpiryFlagged';
  data: FlagCertificationExpiring['data'] & { trainerId: string; name: string; trainerName: string };
}
export type TrainerEvent =
  | TrainerCreated
  | TrainerApproved
  | TrainerUpdated
  | TrainerArchived
  | CertificationAdded
  | CertificationRemoved
  | ScheduleReplaced
  | SessionBooked
  | SessionCancelled
  | InvitationResendRequested
  | CertificationExpiryFlagged;

// ── State ───────────────────────────────────────────────────────────────────────────────────────────────────────
interface Known {
  trainerId: string;
  locationId: string;
  profile: TrainerProfile;
  isAvailable: boolean;
  /** certificationId → its expiry date and the expiry dates already flagged. */
  certifications: Record<string, { name: string; expiryDate: string | null; flagged: string[] }>;
}
export type TrainerState = { status: 'None' } | ({ status: 'Pending' | 'Active' } & Known) | { status: 'Archived'; trainerId: string };

const assertNever = (x: never): never => {
  throw new Error(`Unhandled: ${JSON.stringify(x)}`);
};

const invalid = (message: string) => new DomainError('VALIDATION_FAILED', message, 400);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The invariants the contract already checks, checked again here: the decider does not trust its caller. */
const checkProfile = (p: TrainerProfile, { selfRegistered = false } = {}): void => {
  if (!p.firstName.trim() || !p.lastName.trim()) throw invalid('First and last name are required');
  if (!EMAIL.test(p.email)) throw invalid('Enter a valid email address');
  // Someone who registered with the join code has told us no specialization yet; staff fill it in when approving.
  if (p.specialization.length === 0 && !selfRegistered) throw invalid('Choose at least one specialization');
  if (!Number.isInteger(p.experience) || p.experience < 0) throw invalid('Experience must be a whole number of years, zero or more');
  if (!Number.isSafeInteger(p.hourlyRatePaise) || p.hourlyRatePaise < 0) throw invalid('The hourly rate must be zero or more');
  if (!Number.isInteger(p.maxClients) || p.maxClients < MAX_CLIENTS_RANGE.min || p.maxClients > MAX_CLIENTS_RANGE.max) {
    throw invalid('Max clients must be between 1 and 50');
  }
};

const checkCertification = (c: CertificationData): void => {
  if (!c.name.trim() || !c.issuingOrganization.trim()) throw invalid('A certification needs a name and an issuing organization');
  if (c.expiryDate !== null && c.expiryDate <= c.issueDate) throw invalid('Expiry date must be after the issue date');
};

type Live = { status: 'Pending' | 'Active' } & Known;

const live = (state: TrainerState): Live => {
  if (state.status === 'None') throw new DomainError('NOT_FOUND', 'Trainer not found', 404);
  if (state.status === 'Archived') throw new DomainError('CONFLICT', 'This trainer is archived');
  return state;
};
const active = (state: TrainerState): Live => {
  const s = live(state);
  if (s.status !== 'Active') throw new DomainError('CONFLICT', 'This trainer is awaiting approval');
  return s;
};

const decide = (command: TrainerCommand, state: TrainerState): TrainerEvent[] => {
  switch (command.type) {
    case 'CreateTrainer': {
      if (state.status !== 'None') throw new DomainError('CONFLICT', 'This trainer already exists');
      checkProfile(command.data, { selfRegistered: command.data.source === 'join_code' });
      command.data.certifications.forEach(checkCertification);
      return [{ type: 'TrainerCreated', data: command.data }];
    }
    case 'ApproveTrainer': {
      const s = live(state);
      if (s.status === 'Active') return []; // approving twice changes nothing
      return [{ type: 'TrainerApproved', data: { trainerId: s.trainerId, approvedAt: command.data.approvedAt } }];
    }
    case 'UpdateTrainer': {
      const s = live(state);
      checkProfile(command.data);
      const status = s.status === 'Active' ? 'active' : 'pending';
      return [{ type: 'TrainerUpdated', data: { ...command.data, trainerId: s.trainerId, locationId: s.locationId, status } }];
    }
    case 'ArchiveTrainer': {
      if (state.status === 'Archived') return [];
      const s = live(state);
      return [{ type: 'TrainerArchived', data: { trainerId: s.trainerId, archivedAt: command.data.archivedAt, wasPending: s.status === 'Pending' } }];
    }
    case 'AddCertification': {
      const s = live(state);
      checkCertification(command.data);
      if (s.certifications[command.data.certificationId]) throw new DomainError('CONFLICT', 'This certification is already recorded');
      if (Object.keys(s.certifications).length >= 20) throw new DomainError('CONFLICT', 'A trainer can have at most 20 certifications');
      return [{ type: 'CertificationAdded', data: { ...command.data, trainerId: s.trainerId } }];
    }
    case 'RemoveCertification': {
      const s = live(state);
      if (!s.certifications[command.data.certificationId]) throw new DomainError('NOT_FOUND', 'Certification not found', 404);
      return [{ type: 'CertificationRemoved', data: { ...command.data, trainerId: s.trainerId } }];
    }
    case 'ReplaceSchedule': {
      const s = live(state);
      const { weeklySlots } = command.data;
      if (weeklySlots.length > 50) throw invalid('At most 50 weekly slots');
      for (const slot of weeklySlots) {
        if (!Number.isInteger(slot.dayOfWeek) || slot.dayOfWeek < 0 || slot.dayOfWeek > 6) throw invalid('Day of week must be 0 (Sunday) to 6 (Saturday)');
        if (slot.endTime <= slot.startTime) throw invalid('The slot must end after it starts');
      }
      if (overlaps(weeklySlots)) throw invalid('Weekly slots on the same day must not overlap');
      return [{ type: 'ScheduleReplaced', data: { ...command.data, trainerId: s.trainerId } }];
    }
    case 'RequestInvitationResend': {
      const s = active(state);
      const { email, firstName, lastName } = s.profile;
      return [{ type: 'InvitationResendRequested', data: { trainerId: s.trainerId, email, firstName, lastName, requestedAt: command.data.requestedAt } }];
    }
    case 'FlagCertificationExpiring': {
      if (state.status !== 'Active' && state.status !== 'Pending') return [];
      const cert = state.certifications[command.data.certificationId];
      // Raised once per certification and expiry date; a removed or re-dated certification is not flagged for the old date.
      if (!cert || cert.expiryDate !== command.data.expiryDate || cert.flagged.includes(command.data.expiryDate)) return [];
      const trainerName = `${state.profile.firstName} ${state.profile.lastName}`;
      return [{ type: 'CertificationExpiryFlagged', data: { ...command.data, trainerId: state.trainerId, name: cert.name, trainerName } }];
    }
    default:
      return assertNever(command);
  }
};

const evolve = (state: TrainerState, event: TrainerEvent): TrainerState => {
  if (event.type === 'TrainerCreated') {
    const { certifications, source, trainerId, ...rest } = event.data;
    const profile: TrainerProfile = {
      firstName: rest.firstName,
      lastName: rest.lastName,
      email: rest.email,
      phone: rest.phone,
      specialization: rest.specialization,
      experience: rest.experience,
      hourlyRatePaise: rest.hourlyRatePaise,
      maxClients: rest.maxClients,
      bio: rest.bio,
    };
    return {
      status: source === 'staff' ? 'Active' : 'Pending',
      trainerId,
      locationId: rest.locationId,
      profile,
      isAvailable: true,
      certifications: Object.fromEntries(certifications.map((c) => [c.certificationId, { name: c.name, expiryDate: c.expiryDate, flagged: [] }])),
    };
  }
  if (state.status !== 'Active' && state.status !== 'Pending') return state;
  switch (event.type) {
    case 'TrainerApproved':
      return { ...state, status: 'Active' };
    case 'TrainerUpdated': {
      const { isAvailable, updatedAt: _u, trainerId: _t, locationId: _l, status: _s, ...profile } = event.data;
      return { ...state, profile, isAvailable };
    }
    case 'TrainerArchived':
      return { status: 'Archived', trainerId: state.trainerId };
    case 'CertificationAdded': {
      const c = event.data;
      return { ...state, certifications: { ...state.certifications, [c.certificationId]: { name: c.name, expiryDate: c.expiryDate, flagged: [] } } };
    }
    case 'CertificationRemoved': {
      const { [event.data.certificationId]: _gone, ...certifications } = state.certifications;
      return { ...state, certifications };
    }
    case 'ScheduleReplaced':
      return state;
    case 'SessionBooked':
    case 'SessionCancelled':
      return state;
    case 'InvitationResendRequested':
      return state;
    case 'CertificationExpiryFlagged': {
      const cert = state.certifications[event.data.certificationId];
      if (!cert) return state;
      const flagged = { ...cert, flagged: [...cert.flagged, event.data.expiryDate] };
      return { ...state, certifications: { ...state.certifications, [event.data.certificationId]: flagged } };
    }
    default:
      return state; // events this version does not know change nothing
  }
};

export const trainerDecider: Decider<TrainerCommand, TrainerEvent, TrainerState> = {
  initialState: () => ({ status: 'None' }),
  decide,
  evolve,
};
