import { z } from 'zod';
import { Gender, MembershipStatus, MembershipType, PaymentFrequency } from '../enums.ts';
import { Email, Phone } from './auth.ts';
import { IdParams, IsoDate, IsoDateTime, ok, Pagination, Problem, route } from './route.ts';

/** Rupees with at most two decimals on the wire; services store integer paise. */
export const Rupees = z
  .number({ message: 'Enter an amount in rupees' })
  .min(0, 'Amount cannot be negative')
  .max(10_000_000, 'Amount is too large')
  .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'Use at most two decimals');

export const Member = z.object({
  _id: z.uuid(),
  user: z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), phone: z.string() }),
  fullName: z.string(),
  locationId: z.uuid(),
  membershipType: MembershipType,
  membershipStatus: MembershipStatus,
  membershipStartDate: IsoDate,
  membershipEndDate: IsoDate,
  membershipFee: z.number(),
  paymentFrequency: PaymentFrequency,
  daysRemaining: z.number().int(),
  trainer: z.object({ _id: z.uuid(), user: z.object({ firstName: z.string(), lastName: z.string() }), specialization: z.array(z.string()) }).nullable(),
  lastCheckIn: IsoDateTime.nullable(),
  totalWorkouts: z.number().int(),
  dateOfBirth: IsoDate.nullable(),
  gender: Gender.nullable(),
  status: MembershipStatus,
  createdAt: IsoDateTime,
  version: z.number().int(),
});
export type Member = z.infer<typeof Member>;

export const CreateMemberBody = z.object({
  firstName: z.string({ message: 'First name is required' }).trim().min(1, 'First name is required').max(50),
  lastName: z.string({ message: 'Last name is required' }).trim().min(1, 'Last name is required').max(50),
  email: Email,
  phone: Phone,
  membershipType: MembershipType.default('basic'),
  membershipFee: Rupees.default(0),
  paymentFrequency: PaymentFrequency.default('monthly'),
  /** The branch the member joins; defaults to the caller's current location. Must be one the caller may manage. */
  locationId: z.uuid({ message: 'Not a valid location' }).optional(),
  /** First day of the membership (location's calendar); defaults to today there. */
  startDate: IsoDate.optional(),
});
export type CreateMemberBody = z.infer<typeof CreateMemberBody>;

export const MemberListQuery = z.object({
  search: z.string().trim().max(100).optional(),
  status: MembershipStatus.optional(),
  membershipType: MembershipType.optional(),
  locationId: z.uuid({ message: 'Not a valid location' }).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export const MemberList = z.object({ success: z.literal(true), data: z.array(Member), totalCount: z.number().int(), pagination: Pagination });

export const memberRoutes = {
  list: route({ method: 'GET', path: '/members', query: MemberListQuery, responses: { 200: MemberList, 400: Problem }, auth: true }),
  get: route({ method: 'GET', path: '/members/:id', params: IdParams, responses: { 200: ok(Member), 404: Problem }, auth: true }),
  create: route({
    method: 'POST',
    path: '/members',
    body: CreateMemberBody,
    responses: { 201: ok(Member), 400: Problem, 403: Problem, 409: Problem },
    auth: true,
  }),
} as const;
