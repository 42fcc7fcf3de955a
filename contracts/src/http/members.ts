import { z } from 'zod';
import { AccountStatus, Gender, MembershipStatus, MembershipType, PaymentFrequency, PaymentMethod, Specialization } from '../enums.ts';
import { Email, Phone } from './auth.ts';
import { ServiceExportQuery } from './data.ts';
import { LeadSource } from './enquiries.ts';
import {
  BirthDate,
  DateWithin,
  IdParams,
  IsoDate,
  IsoDateTime,
  MembershipStartDate,
  ok,
  okMessage,
  PageQuery,
  Pagination,
  Problem,
  route,
  Text,
} from './route.ts';

/** Rupees with at most two decimals on the wire; services store integer paise. */
export const Rupees = z
  .number({ message: 'Enter an amount in rupees' })
  .min(0, 'Amount cannot be negative')
  .max(10_000_000, 'Amount is too large')
  .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'Use at most two decimals');

/** A term's length in whole months: a membership plan's duration (Settings → Gym). */
export const TermMonths = z
  .number({ message: 'Duration is required' })
  .int('Duration is whole months')
  .min(1, 'Duration is 1 to 36 months')
  .max(36, 'Duration is 1 to 36 months');

export const Member = z.object({
  _id: z.uuid(),
  user: z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), phone: z.string() }),
  fullName: z.string(),
  /** Their profile picture (`/api/auth/avatars/…`, from auth.user_avatar_changed), or null: the screens show initials. */
  avatarUrl: z.string().nullable(),
  locationId: z.uuid(),
  /** The current (latest) term's type, dates, fee and frequency; a pending member's are their sign-up day with fee 0 until a first term starts. */
  membershipType: MembershipType,
  membershipStatus: MembershipStatus,
  membershipStartDate: IsoDate,
  membershipEndDate: IsoDate,
  /** Rupees (the service stores paise). */
  membershipFee: z.number(),
  paymentFrequency: PaymentFrequency,
  paymentMethod: PaymentMethod.nullable(),
  /** Days from today (location's calendar) to the end date, derived at read time; 0 or less when expired. */
  daysRemaining: z.number().int(),
  trainer: z.object({ _id: z.uuid(), user: z.object({ firstName: z.string(), lastName: z.string() }), specialization: z.array(Specialization) }).nullable(),
  lastCheckIn: IsoDateTime.nullable(),
  totalWorkouts: z.number().int(),
  dateOfBirth: IsoDate.nullable(),
  gender: Gender.nullable(),
  status: MembershipStatus,
  /** Set while frozen: the first frozen day. */
  frozenFrom: IsoDate.nullable(),
  /** The sign-in account: invited (mail sent), active, failed (email used by another account), none. */
  accountStatus: AccountStatus,
  /** true for someone who registered with the gym's join code (until their first term, status pending). */
  joinedWithCode: z.boolean(),
  /** Where the member came from (the enquiry's source when staff converted a lead); null when not recorded. */
  acquisitionSource: LeadSource.nullable(),
  /** The enquiry (lead) this member was converted from, if any. */
  enquiryId: z.uuid().nullable(),
  createdAt: IsoDateTime,
  version: z.number().int(),
});
export type Member = z.infer<typeof Member>;

/** One term of the membership's history, newest first in `MemberDetail.terms`. */
export const MembershipTermView = z.object({
  termNo: z.number().int().min(1),
  membershipType: MembershipType,
  paymentFrequency: PaymentFrequency,
  paymentMethod: PaymentMethod.nullable(),
  /** Rupees. */
  fee: z.number(),
  startDate: IsoDate,
  endDate: IsoDate,
  /** Days the term was extended by freezes. */
  daysFrozen: z.number().int().min(0),
  createdAt: IsoDateTime,
});
export type MembershipTermView = z.infer<typeof MembershipTermView>;

/** The detail screen's record: the member plus their terms (newest first). */
export const MemberDetail = Member.extend({ terms: z.array(MembershipTermView) });
export type MemberDetail = z.infer<typeof MemberDetail>;

const trimmedName = (label: string) => Text(label).trim().min(1, `${label} is required`).max(50, `${label} must be at most 50 characters`);

export const CreateMemberBody = z.object({
  firstName: trimmedName('First name'),
  lastName: trimmedName('Last name'),
  email: Email,
  phone: Phone,
  membershipType: MembershipType.default('basic'),
  membershipFee: Rupees.default(0),
  paymentFrequency: PaymentFrequency.default('monthly'),
  /** The term's length when it is a plan's (e.g. 6 months); absent: one payment period (1, 3 or 12 months). */
  durationMonths: TermMonths.optional(),
  paymentMethod: PaymentMethod.optional(),
  /** The branch the member joins; defaults to the caller's current location. Must be one the caller may manage. */
  locationId: z.uuid({ message: 'Not a valid location' }).optional(),
  /** First day of the membership (location's calendar); defaults to today there. */
  startDate: MembershipStartDate.optional(),
  dateOfBirth: BirthDate.optional(),
  gender: Gender.optional(),
  /**
   * The lead this member was converted from (Enquiries → Convert to member). Recorded and published with
   * members.member_registered; enquiries marks the lead joined when it is a lead of the same organization.
   */
  enquiryId: z.uuid({ message: 'Not a valid enquiry' }).optional(),
  /** Where the member came from (the lead's source), kept on the member's record. */
  acquisitionSource: LeadSource.optional(),
});
export type CreateMemberBody = z.infer<typeof CreateMemberBody>;

/** Edit Profile: the personal details (membership terms change through renew/freeze/cancel, never here). */
export const UpdateMemberBody = z.object({
  firstName: trimmedName('First name'),
  lastName: trimmedName('Last name'),
  email: Email,
  phone: Phone,
  dateOfBirth: BirthDate.nullable().optional(),
  gender: Gender.nullable().optional(),
  /** The version the editor saw (optimistic concurrency): 409 when someone else changed the member since. */
  expectedVersion: z.number().int().min(0).optional(),
});
export type UpdateMemberBody = z.infer<typeof UpdateMemberBody>;

/**
 * A new term. Before expiry it starts the day after the current end date (unless `startDate` is given and later);
 * after expiry, or for a pending member, it starts `startDate` or today in the location's calendar.
 */
export const RenewMemberBody = z.object({
  membershipType: MembershipType,
  paymentFrequency: PaymentFrequency,
  /** The term's length when it is a plan's (e.g. 6 months); absent: one payment period (1, 3 or 12 months). */
  durationMonths: TermMonths.optional(),
  membershipFee: Rupees,
  paymentMethod: PaymentMethod,
  startDate: MembershipStartDate.optional(),
});
export type RenewMemberBody = z.infer<typeof RenewMemberBody>;

export const AssignTrainerBody = z.object({ trainerId: z.uuid({ message: 'Choose a trainer' }) });
export const FreezeMemberBody = z.object({
  /** First frozen day; defaults to today in the location's calendar. */
  frozenFrom: MembershipStartDate.optional(),
  reason: Text('Reason').trim().max(200, 'Reason must be at most 200 characters').optional(),
});
export const CancelMemberBody = z.object({ reason: Text('Reason').trim().max(200, 'Reason must be at most 200 characters').optional() });

export const MemberListQuery = z.object({
  search: Text('Search').trim().max(100, 'Search must be at most 100 characters').optional(),
  status: MembershipStatus.optional(),
  membershipType: MembershipType.optional(),
  trainerId: z.uuid({ message: 'Not a valid trainer' }).optional(),
  locationId: z.uuid({ message: 'Not a valid location' }).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export const MemberList = z.object({ success: z.literal(true), data: z.array(Member), totalCount: z.number().int(), pagination: Pagination });

/** A body measurement, recorded over time by staff or the member (progress tab). Lengths in cm, weight in kg. */
export const Measurement = z.object({
  _id: z.uuid(),
  memberId: z.uuid(),
  measuredOn: IsoDate,
  weightKg: z.number().nullable(),
  bodyFatPercent: z.number().nullable(),
  chestCm: z.number().nullable(),
  waistCm: z.number().nullable(),
  armsCm: z.number().nullable(),
  notes: z.string().nullable(),
  recordedBy: z.object({ _id: z.uuid(), name: z.string() }),
  createdAt: IsoDateTime,
});
export type Measurement = z.infer<typeof Measurement>;
const optionalMeasure = (label: string, min: number, max: number, unit: string) =>
  z
    .number({ message: `${label} must be a number` })
    .min(min, `${label} must be at least ${min} ${unit}`)
    .max(max, `${label} must be at most ${max} ${unit}`)
    .nullable()
    .optional();
export const RecordMeasurementBody = z
  .object({
    measuredOn: DateWithin('Date', '2026-04-01', { yearsBack: 5 }).optional(),
    weightKg: optionalMeasure('Weight', 20, 400, 'kg'),
    bodyFatPercent: optionalMeasure('Body fat', 2, 75, '%'),
    chestCm: optionalMeasure('Chest', 40, 250, 'cm'),
    waistCm: optionalMeasure('Waist', 30, 250, 'cm'),
    armsCm: optionalMeasure('Arms', 10, 100, 'cm'),
    notes: Text('Notes', { multiline: true }).trim().max(500, 'Notes must be at most 500 characters').optional(),
  })
  .refine((b) => [b.weightKg, b.bodyFatPercent, b.chestCm, b.waistCm, b.armsCm].some((v) => v !== undefined && v !== null), {
    message: 'Enter at least one measurement',
  });
export type RecordMeasurementBody = z.infer<typeof RecordMeasurementBody>;
export const MeasurementParams = z.object({ id: z.uuid({ message: 'Not a valid id' }), measurementId: z.uuid({ message: 'Not a valid id' }) });
export const MeasurementList = z.object({ success: z.literal(true), data: z.array(Measurement), totalCount: z.number().int(), pagination: Pagination });

const countsBy = <T extends z.ZodEnum>(e: T) => z.record(e, z.number().int());
export const MemberStatsBlock = z.object({
  total: z.number().int(),
  byStatus: countsBy(MembershipStatus),
  byType: countsBy(MembershipType),
  newThisMonth: z.number().int(),
  expiringIn7Days: z.number().int(),
  expiringIn30Days: z.number().int(),
  /** Members awaiting a plan (joined with the code). */
  awaitingPlan: z.number().int(),
});
export const MemberStats = MemberStatsBlock.extend({
  /** The plan's member allowance and how many count against it (null limit: no fixed cap). */
  plan: z.object({ limit: z.number().int().nullable(), used: z.number().int() }),
  byLocation: z.array(MemberStatsBlock.extend({ locationId: z.uuid() })),
});

/** Member-facing: the caller's own membership (role member). */
export const MyMembership = MemberDetail;

/**
 * A member as another service keeps its copy of them: what those copies hold, the membership stream's `version`, and
 * `updatedAt`, the time of the stream's last integration event — the key the copies' newer-wins guard compares, so a
 * copy written from this answer is overwritten by any later event and never by an older one. Other services read it
 * when their copy lacks a member they were asked about (the kit's read-through), with the caller's own token.
 */
export const MemberCopy = z.object({
  memberId: z.uuid(),
  locationId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  status: MembershipStatus,
  membershipType: MembershipType,
  paymentFrequency: PaymentFrequency,
  /** Integer paise: the current term's fee. */
  feePaise: z.number().int().min(0),
  /** The current (latest) term's dates; a pending member's are the sign-up day. */
  startDate: IsoDate,
  endDate: IsoDate,
  /** Every term, oldest first (none while pending): a renewal adds the next term, the current one stays valid until it ends. */
  terms: z.array(z.object({ termNo: z.number().int().min(1), startDate: IsoDate, endDate: IsoDate })),
  trainerId: z.uuid().nullable(),
  version: z.number().int().min(1),
  updatedAt: IsoDateTime,
});
export type MemberCopy = z.infer<typeof MemberCopy>;

const STAFF = ['owner', 'admin'] as const;
const STAFF_AND_TRAINERS = ['owner', 'admin', 'trainer'] as const;

export const memberRoutes = {
  list: route({
    method: 'GET',
    path: '/members',
    query: MemberListQuery,
    responses: { 200: MemberList, 400: Problem },
    auth: true,
    roles: STAFF_AND_TRAINERS,
    apiScope: { area: 'members', access: 'read' },
    summary: 'A page of the members in the locations the caller may see, newest first, with search and filters.',
  }),
  stats: route({
    method: 'GET',
    path: '/members/stats/overview',
    query: z.object({ locationId: z.uuid({ message: 'Not a valid location' }).optional() }),
    responses: { 200: ok(MemberStats), 400: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Totals by status and type, new this month, expiring in 7 and 30 days, the plan allowance, per location.',
  }),
  me: route({
    method: 'GET',
    path: '/members/me',
    responses: { 200: ok(MyMembership), 404: Problem },
    auth: true,
    roles: ['member'],
    summary: 'The caller’s own membership with its terms (role member).',
  }),
  myMeasurements: route({
    method: 'GET',
    path: '/members/me/measurements',
    query: PageQuery,
    responses: { 200: MeasurementList, 404: Problem },
    auth: true,
    roles: ['member'],
    summary: 'The caller’s own body measurements, newest first.',
  }),
  recordMyMeasurement: route({
    method: 'POST',
    path: '/members/me/measurements',
    body: RecordMeasurementBody,
    responses: { 201: ok(Measurement), 400: Problem, 404: Problem },
    auth: true,
    roles: ['member'],
    summary: 'The member records their own body measurement.',
  }),
  get: route({
    method: 'GET',
    path: '/members/:id',
    params: IdParams,
    responses: { 200: ok(MemberDetail), 404: Problem },
    auth: true,
    roles: STAFF_AND_TRAINERS,
    apiScope: { area: 'members', access: 'read' },
    summary: 'One member with their terms, in a location the caller may see (404 otherwise, whoever owns the id).',
  }),
  copy: route({
    method: 'GET',
    path: '/members/:id/copy',
    params: IdParams,
    responses: { 200: ok(MemberCopy), 404: Problem },
    auth: true,
    roles: STAFF,
    summary: 'One member as another service keeps its copy, with the stream version (a read-through when a copy lacks them).',
    description:
      'Scoped like GET /members/:id: the caller’s organization and locations (404 otherwise, whoever owns the id). Archived and pending members are answered too: the copy refuses them by its own rules.',
  }),
  create: route({
    method: 'POST',
    path: '/members',
    body: CreateMemberBody,
    responses: { 201: ok(Member), 400: Problem, 402: Problem, 403: Problem, 409: Problem },
    auth: true,
    roles: STAFF,
    apiScope: { area: 'members', access: 'write' },
    summary: 'Register a member with their first term in one of the caller’s locations and invite them to sign in.',
    description: '409 PLAN_LIMIT when the plan’s member allowance is used up; 409 EMAIL_TAKEN when a member of the gym has the email.',
  }),
  update: route({
    method: 'PUT',
    path: '/members/:id',
    params: IdParams,
    body: UpdateMemberBody,
    responses: { 200: ok(Member), 400: Problem, 402: Problem, 403: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: STAFF,
    apiScope: { area: 'members', access: 'write' },
    summary: 'Edit a member’s personal details.',
  }),
  renew: route({
    method: 'POST',
    path: '/members/:id/renew',
    params: IdParams,
    body: RenewMemberBody,
    responses: { 200: ok(MemberDetail), 400: Problem, 402: Problem, 403: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: STAFF,
    apiScope: { area: 'members', access: 'write' },
    summary: 'Add a new term (renewal, or the first term of a member awaiting a plan).',
  }),
  assignTrainer: route({
    method: 'POST',
    path: '/members/:id/assign-trainer',
    params: IdParams,
    body: AssignTrainerBody,
    responses: { 200: ok(Member), 400: Problem, 402: Problem, 403: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Assign a trainer of the member’s location; refused when the trainer is full or unavailable.',
  }),
  unassignTrainer: route({
    method: 'POST',
    path: '/members/:id/unassign-trainer',
    params: IdParams,
    responses: { 200: ok(Member), 402: Problem, 403: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Remove the member’s trainer.',
  }),
  freeze: route({
    method: 'POST',
    path: '/members/:id/freeze',
    params: IdParams,
    body: FreezeMemberBody,
    responses: { 200: ok(Member), 400: Problem, 402: Problem, 403: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: STAFF,
    apiScope: { area: 'members', access: 'write' },
    summary: 'Pause an active membership; the frozen days extend its end date when unfrozen.',
  }),
  unfreeze: route({
    method: 'POST',
    path: '/members/:id/unfreeze',
    params: IdParams,
    responses: { 200: ok(Member), 402: Problem, 403: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: STAFF,
    apiScope: { area: 'members', access: 'write' },
    summary: 'End a freeze; the end date moves by the days frozen.',
  }),
  cancel: route({
    method: 'POST',
    path: '/members/:id/cancel',
    params: IdParams,
    body: CancelMemberBody,
    responses: { 200: ok(Member), 400: Problem, 402: Problem, 403: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: STAFF,
    summary: 'End a membership early (it stays listed as cancelled until archived).',
  }),
  archive: route({
    method: 'DELETE',
    path: '/members/:id',
    params: IdParams,
    responses: { 200: okMessage, 402: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Archive a member: gone from the lists, history and payments kept, sign-in ended.',
  }),
  resendInvitation: route({
    method: 'POST',
    path: '/members/:id/resend-invitation',
    params: IdParams,
    responses: { 200: okMessage, 402: Problem, 403: Problem, 404: Problem, 409: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Send the sign-in invitation again (a new link; the old one stops working).',
  }),
  measurements: route({
    method: 'GET',
    path: '/members/:id/measurements',
    params: IdParams,
    query: PageQuery,
    responses: { 200: MeasurementList, 400: Problem, 404: Problem },
    auth: true,
    roles: STAFF_AND_TRAINERS,
    summary: 'A member’s body measurements, newest first.',
  }),
  recordMeasurement: route({
    method: 'POST',
    path: '/members/:id/measurements',
    params: IdParams,
    body: RecordMeasurementBody,
    responses: { 201: ok(Measurement), 400: Problem, 402: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: STAFF_AND_TRAINERS,
    summary: 'Record a body measurement of a member (staff, or the member’s trainer).',
  }),
  deleteMeasurement: route({
    method: 'DELETE',
    path: '/members/:id/measurements/:measurementId',
    params: MeasurementParams,
    responses: { 200: okMessage, 402: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: STAFF,
    summary: 'Remove a measurement recorded by mistake.',
  }),
  export: route({
    method: 'GET',
    path: '/members/export',
    query: ServiceExportQuery,
    responses: { 200: z.string(), 400: Problem, 401: Problem, 403: Problem },
    auth: true,
    roles: ['owner', 'admin', 'member'],
    summary: 'The organization’s members (staff) or one’s own profile (a member) as a CSV or JSON file, streamed.',
  }),
} as const;
