import { z } from 'zod';
import { AccountStatus, AvailabilityStatus, Gender, Specialization, TrainerStatus } from '../enums.ts';
import { Email, Phone } from './auth.ts';
import { TrainerSnapshot } from '../events/trainers.ts';
import { Rupees } from './members.ts';
import { DateWithin, IdParams, IsoDate, IsoDateTime, ok, okMessage, PageQuery, Pagination, Problem, route, Text } from './route.ts';

/** Spec part 2 §3 Trainer, as the trainers service answers it. */
export const Certification = z.object({
  _id: z.uuid(),
  name: z.string(),
  issuingOrganization: z.string(),
  issueDate: IsoDate,
  expiryDate: IsoDate.nullable(),
  /** Derived at read time: expired, expiring within 30 days, or valid (no expiry date counts as valid). */
  expiryState: z.enum(['valid', 'expiring', 'expired']),
});
export type Certification = z.infer<typeof Certification>;

export const Trainer = z.object({
  _id: z.uuid(),
  user: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    dateOfBirth: IsoDate.nullable(),
    gender: Gender.nullable(),
  }),
  fullName: z.string(),
  /** Their profile picture (`/api/auth/avatars/…`, from auth.user_avatar_changed), or null: the screens show initials. */
  avatarUrl: z.string().nullable(),
  locationId: z.uuid(),
  specialization: z.array(Specialization),
  /** Years. */
  experience: z.number().int().min(0),
  /** Rupees per hour (the service stores paise). */
  hourlyRate: z.number().min(0),
  maxClients: z.number().int().min(1).max(50),
  currentClients: z.number().int().min(0),
  /** false when marked off. */
  isAvailable: z.boolean(),
  bio: z.string(),
  certifications: z.array(Certification),
  /** From feedback once it lands; { average: 0, count: 0 } until then ("No ratings yet"). */
  rating: z.object({ average: z.number().min(0).max(5), count: z.number().int().min(0) }),
  /** Derived: unavailable when marked off, fully_booked when currentClients reaches maxClients, else available. */
  availabilityStatus: AvailabilityStatus,
  /** "8/15". */
  clientCapacity: z.string(),
  status: TrainerStatus,
  accountStatus: AccountStatus,
  joinedWithCode: z.boolean(),
  createdAt: IsoDateTime,
  version: z.number().int(),
});
export type Trainer = z.infer<typeof Trainer>;

const name = (label: string) => Text(label).trim().min(1, `${label} is required`).max(50, `${label} must be at most 50 characters`);
const Specializations = z.array(Specialization, { message: 'Choose at least one specialization' }).min(1, 'Choose at least one specialization').max(7);
const Experience = z
  .number({ message: 'Experience must be a whole number of years' })
  .int('Experience must be a whole number of years')
  .min(0, 'Experience cannot be negative')
  .max(60, 'Experience must be at most 60 years');
const MaxClients = z
  .number({ message: 'Max clients must be a number' })
  .int('Max clients must be a whole number')
  .min(1, 'Max clients must be between 1 and 50')
  .max(50, 'Max clients must be between 1 and 50');
const Bio = Text('Bio', { multiline: true }).trim().max(1000, 'Bio must be at most 1000 characters');

export const CreateTrainerBody = z.object({
  firstName: name('First name'),
  lastName: name('Last name'),
  email: Email,
  phone: Phone,
  specialization: Specializations,
  experience: Experience,
  hourlyRate: Rupees,
  maxClients: MaxClients.default(10),
  bio: Bio.default(''),
  /** The branch the trainer works at; defaults to the caller's current location. */
  locationId: z.uuid({ message: 'Not a valid location' }).optional(),
  /** Certifications entered with the trainer (optional). */
  certifications: z
    .array(z.lazy(() => AddCertificationBody))
    .max(20)
    .default([]),
});
export type CreateTrainerBody = z.infer<typeof CreateTrainerBody>;

export const UpdateTrainerBody = z.object({
  firstName: name('First name'),
  lastName: name('Last name'),
  email: Email,
  phone: Phone,
  specialization: Specializations,
  experience: Experience,
  hourlyRate: Rupees,
  maxClients: MaxClients,
  bio: Bio,
  isAvailable: z.boolean(),
  expectedVersion: z.number().int().min(0).optional(),
});
export type UpdateTrainerBody = z.infer<typeof UpdateTrainerBody>;

export const AddCertificationBody = z
  .object({
    name: Text('Certification name').trim().min(1, 'Certification name is required').max(120, 'Certification name must be at most 120 characters'),
    issuingOrganization: Text('Issuing organization')
      .trim()
      .min(1, 'Issuing organization is required')
      .max(120, 'Issuing organization must be at most 120 characters'),
    issueDate: DateWithin('Issue date', '2024-04-01', { yearsBack: 60 }),
    expiryDate: DateWithin('Expiry date', '2027-04-01', { yearsBack: 60, yearsAhead: 50 }).nullable().optional(),
  })
  .refine((c) => !c.expiryDate || c.expiryDate > c.issueDate, { message: 'Expiry date must be after the issue date', path: ['expiryDate'] });
export type AddCertificationBody = z.infer<typeof AddCertificationBody>;
export const CertificationParams = z.object({ id: z.uuid({ message: 'Not a valid id' }), certificationId: z.uuid({ message: 'Not a valid id' }) });

export const TrainerListQuery = z.object({
  search: Text('Search').trim().max(100, 'Search must be at most 100 characters').optional(),
  specialization: Specialization.optional(),
  availability: AvailabilityStatus.optional(),
  /** Pending trainers (self-registered, awaiting approval) are listed only when asked for. */
  status: TrainerStatus.optional(),
  locationId: z.uuid({ message: 'Not a valid location' }).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export const TrainerList = z.object({ success: z.literal(true), data: z.array(Trainer), totalCount: z.number().int(), pagination: Pagination });

/** A client of the trainer, as the trainers service knows them from the members service's events. */
export const TrainerClient = z.object({
  _id: z.uuid(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  membershipStatus: z.string(),
  membershipEndDate: IsoDate.nullable(),
  assignedAt: IsoDateTime,
});
export type TrainerClient = z.infer<typeof TrainerClient>;
export const TrainerClientList = z.object({ success: z.literal(true), data: z.array(TrainerClient), totalCount: z.number().int(), pagination: Pagination });

/** A recurring weekly slot: day 0 = Sunday … 6 = Saturday, local times "HH:MM" in the location's timezone. */
export const WeeklySlot = z
  .object({
    dayOfWeek: z.number().int().min(0).max(6),
    startTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time such as 06:30'),
    endTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time such as 09:00'),
  })
  .refine((s) => s.endTime > s.startTime, { message: 'The slot must end after it starts', path: ['endTime'] });
export const TrainingSession = z.object({
  _id: z.uuid(),
  member: z.object({ _id: z.uuid(), fullName: z.string() }),
  startsAt: IsoDateTime,
  durationMinutes: z.number().int(),
  notes: z.string().nullable(),
});
export type TrainingSession = z.infer<typeof TrainingSession>;
export const TrainerSchedule = z.object({
  timezone: z.string(),
  weeklySlots: z.array(WeeklySlot),
  /** Booked appointments (scheduling's personal training) that have not ended, soonest first. */
  sessions: z.array(TrainingSession),
});
export const UpdateScheduleBody = z.object({ weeklySlots: z.array(WeeklySlot).max(50, 'At most 50 weekly slots') });

export const EarningsQuery = z.object({ startDate: IsoDate.optional(), endDate: IsoDate.optional() });
/** Rupees, from payments events once payments exist; zeros until then, never invented. */
export const TrainerEarnings = z.object({
  startDate: IsoDate,
  endDate: IsoDate,
  total: z.number(),
  /** Sessions delivered in the period: the trainer's attended appointments (scheduling), by their day in the location's calendar. */
  sessions: z.number().int(),
  byType: z.array(z.object({ type: z.string(), amount: z.number(), count: z.number().int() })),
  /** false until the payments service publishes trainer payments. */
  sourceAvailable: z.boolean(),
});

export const TrainerStats = z.object({
  total: z.number().int(),
  available: z.number().int(),
  fullyBooked: z.number().int(),
  unavailable: z.number().int(),
  pendingApproval: z.number().int(),
  totalClients: z.number().int(),
  bySpecialization: z.record(Specialization, z.number().int()),
  certificationsExpiringIn30Days: z.number().int(),
  plan: z.object({ limit: z.number().int().nullable(), used: z.number().int() }),
});

/**
 * A trainer as another service keeps its copy of them (the trainer snapshot of the trainers events), the trainer
 * stream's `version`, and `updatedAt`, the time of the stream's last integration event — the key the copies' newer-wins
 * guard compares. Read by a service whose copy lacks a trainer it was asked about (the kit's read-through).
 */
export const TrainerCopy = TrainerSnapshot.extend({ version: z.number().int().min(1), updatedAt: IsoDateTime });
export type TrainerCopy = z.infer<typeof TrainerCopy>;

const STAFF = ['owner', 'admin'] as const;
const STAFF_AND_TRAINERS = ['owner', 'admin', 'trainer'] as const;

export const trainersRoutes = {
  list: route({
    method: 'GET',
    path: '/trainers',
    query: TrainerListQuery,
    responses: { 200: TrainerList, 400: Problem },
    auth: true,
    roles: STAFF_AND_TRAINERS,
    summary: 'A page of the trainers in the caller’s locations, with search and filters.',
  }),
  stats: route({
    method: 'GET',
    path: '/trainers/stats/overview',
    responses: { 200: ok(TrainerStats) },
    auth: true,
    roles: STAFF,
    summary: 'Trainer totals by availability and specialization, clients, expiring certifications, plan allowance.',
  }),
  me: route({
    method: 'GET',
    path: '/trainers/me',
    responses: { 200: ok(Trainer), 404: Problem },
    auth: true,
    roles: ['trainer'],
    summary: 'The caller’s own trainer record (role trainer).',
  }),
  get: route({
    method: 'GET',
    path: '/trainers/:id',
    params: IdParams,
    responses: { 200: ok(Trainer), 404: Problem },
    auth: true,
    roles: STAFF_AND_TRAINERS,
    summary: 'One trainer of the caller’s locations (404 otherwise).',
  }),
  copy: route({
    method: 'GET',
    path: '/trainers/:id/copy',
    params: IdParams,
    responses: { 200: ok(TrainerCopy), 404: Problem },
    auth: true,
    roles: STAFF,
    summary: 'One trainer as another service keeps its copy, with the stream version (a read-through when a copy lacks them).',
    description:
      'Scoped to the caller’s organization and locations (404 otherwise, whoever owns the id). Pending and archived trainers are answered too: the copy refuses them by its own rules.',
  }),
  create: route({
    method: 'POST',
    path: '/trainers',
    body: CreateTrainerBody,
    responses: { 201: ok(Trainer), 400: Problem, 402: Problem, 403: Problem, 409: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Add a trainer and invite them to sign in.',
    description: '409 PLAN_LIMIT when the plan’s trainer allowance (approved trainers) is used up; 409 EMAIL_TAKEN.',
  }),
  update: route({
    method: 'PUT',
    path: '/trainers/:id',
    params: IdParams,
    body: UpdateTrainerBody,
    responses: { 200: ok(Trainer), 400: Problem, 402: Problem, 403: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Edit a trainer (details, capacity, availability).',
  }),
  archive: route({
    method: 'DELETE',
    path: '/trainers/:id',
    params: IdParams,
    responses: { 200: okMessage, 402: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Archive a trainer (or refuse a pending one); their members become unassigned.',
  }),
  approve: route({
    method: 'POST',
    path: '/trainers/:id/approve',
    params: IdParams,
    responses: { 200: ok(Trainer), 402: Problem, 403: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Approve a trainer who registered with the join code (counts against the plan’s trainer allowance).',
  }),
  resendInvitation: route({
    method: 'POST',
    path: '/trainers/:id/resend-invitation',
    params: IdParams,
    responses: { 200: okMessage, 402: Problem, 403: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Send the sign-in invitation again.',
  }),
  members: route({
    method: 'GET',
    path: '/trainers/:id/members',
    params: IdParams,
    query: PageQuery,
    responses: { 200: TrainerClientList, 400: Problem, 404: Problem },
    auth: true,
    roles: STAFF_AND_TRAINERS,
    summary: 'The members assigned to a trainer (a trainer may read only their own).',
  }),
  schedule: route({
    method: 'GET',
    path: '/trainers/:id/schedule',
    params: IdParams,
    responses: { 200: ok(TrainerSchedule), 404: Problem },
    auth: true,
    roles: STAFF_AND_TRAINERS,
    summary: 'The trainer’s weekly slots and booked appointments (booked through /scheduling/appointments).',
  }),
  updateSchedule: route({
    method: 'PUT',
    path: '/trainers/:id/schedule',
    params: IdParams,
    body: UpdateScheduleBody,
    responses: { 200: ok(TrainerSchedule), 400: Problem, 402: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: STAFF_AND_TRAINERS,
    summary: 'Replace the weekly slots (admins, or the trainer themself).',
  }),
  earnings: route({
    method: 'GET',
    path: '/trainers/:id/earnings',
    params: IdParams,
    query: EarningsQuery,
    responses: { 200: ok(TrainerEarnings), 400: Problem, 404: Problem },
    auth: true,
    roles: STAFF_AND_TRAINERS,
    summary: 'What the trainer earned between two dates (default: this month), from payments.',
  }),
  addCertification: route({
    method: 'POST',
    path: '/trainers/:id/certifications',
    params: IdParams,
    body: AddCertificationBody,
    responses: { 201: ok(Trainer), 400: Problem, 402: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: STAFF_AND_TRAINERS,
    summary: 'Add a certification (admins, or the trainer themself).',
  }),
  removeCertification: route({
    method: 'DELETE',
    path: '/trainers/:id/certifications/:certificationId',
    params: CertificationParams,
    responses: { 200: ok(Trainer), 402: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: STAFF_AND_TRAINERS,
    summary: 'Remove a certification.',
  }),
} as const;
