import { z } from 'zod';
import { Gender, PlanId, RegisterRole, Role } from '../enums.ts';
import { IsoDate, IsoDateTime, ok, okMessage, Problem, route } from './route.ts';

const trimmed = (label: string, max = 100) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const Email = z
  .string({ message: 'Email is required' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid email address' }).max(254));
/** Indian and international numbers: digits, spaces, +, - and brackets; 7 to 15 digits. */
export const Phone = z
  .string({ message: 'Phone is required' })
  .trim()
  .regex(/^\+?[0-9 ()-]{7,20}$/, 'Enter a valid phone number')
  .refine((v) => {
    const digits = v.replace(/\D/g, '').length;
    return digits >= 7 && digits <= 15;
  }, 'Enter a valid phone number');
export const NewPassword = z
  .string({ message: 'Password is required' })
  .min(8, 'Password must be at least 8 characters long')
  .max(200, 'Password must be at most 200 characters long');

export const Address = z.object({
  street: z.string().trim().max(200).optional(),
  city: z.string().trim().max(100).optional(),
  state: z.string().trim().max(100).optional(),
  zipCode: z.string().trim().max(20).optional(),
  country: z.string().trim().max(100).optional(),
});
export const EmergencyContact = z.object({
  name: z.string().trim().max(100).optional(),
  phone: z.string().trim().max(20).optional(),
  relationship: z.string().trim().max(50).optional(),
});

export const Location = z.object({
  _id: z.uuid(),
  name: z.string(),
  city: z.string(),
  timezone: z.string(),
});
export type Location = z.infer<typeof Location>;

export const Organization = z.object({
  _id: z.uuid(),
  name: z.string(),
  plan: PlanId,
  trialEndsAt: IsoDateTime.nullable(),
  joinCode: z.string().nullable(),
});

export const User = z.object({
  _id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  role: Role,
  dateOfBirth: IsoDate.nullable(),
  gender: Gender.nullable(),
  address: Address,
  emergencyContact: EmergencyContact,
  organization: Organization,
  locations: z.array(Location),
  createdAt: IsoDateTime,
});
export type User = z.infer<typeof User>;

export const TokenPayload = z.object({ user: User, token: z.string(), expiresAt: IsoDateTime });

export const LoginBody = z.object({
  email: Email,
  password: z.string({ message: 'Password is required' }).min(1, 'Password is required').max(200),
});
export const RegisterBody = z
  .object({
    firstName: trimmed('First name', 50),
    lastName: trimmed('Last name', 50),
    email: Email,
    phone: Phone,
    password: NewPassword,
    role: RegisterRole.default('member'),
    /** Required for members and trainers: the join code of an existing gym. */
    gymCode: z.string().trim().toUpperCase().max(20).optional(),
    /** Optional for admins creating a gym; defaults to "<first name>'s Gym". */
    gymName: z.string().trim().min(2).max(100).optional(),
    city: z.string().trim().min(2).max(100).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.role !== 'admin' && !v.gymCode) {
      ctx.addIssue({ code: 'custom', path: ['gymCode'], message: 'Gym code is required to join a gym' });
    }
  });
export type RegisterBody = z.infer<typeof RegisterBody>;

export const ProfileBody = z
  .object({
    firstName: trimmed('First name', 50),
    lastName: trimmed('Last name', 50),
    phone: Phone,
    dateOfBirth: IsoDate.nullable(),
    gender: Gender.nullable(),
    address: Address,
    emergencyContact: EmergencyContact,
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update: send at least one profile field');
export const ChangePasswordBody = z.object({
  currentPassword: z.string({ message: 'Current password is required' }).min(1, 'Current password is required').max(200),
  newPassword: NewPassword,
});
export const ForgotPasswordBody = z.object({ email: Email });
export const ResetPasswordBody = z.object({ token: z.string().min(20, 'This reset link is invalid').max(200), password: NewPassword });

export const Jwk = z.record(z.string(), z.unknown());

export const Timezone = z.enum(['Asia/Kolkata', 'Asia/Dubai', 'America/New_York', 'Europe/London', 'Asia/Tokyo', 'Australia/Sydney']);
export const CreateLocationBody = z.object({
  name: trimmed('Location name', 100),
  city: trimmed('City', 100),
  timezone: Timezone.default('Asia/Kolkata'),
});
/** Staff accounts are opened by the gym (owners add admins and trainers; admins add trainers to their own branches). */
export const CreateStaffBody = z.object({
  firstName: trimmed('First name', 50),
  lastName: trimmed('Last name', 50),
  email: Email,
  phone: Phone,
  role: z.enum(['admin', 'trainer']),
  locationIds: z
    .array(z.uuid({ message: 'Not a valid location' }))
    .min(1, 'Choose at least one location')
    .max(100),
  /** A first password the staff member changes after signing in. */
  password: NewPassword,
});

export const authRoutes = {
  register: route({
    method: 'POST',
    path: '/auth/register',
    body: RegisterBody,
    responses: { 201: ok(z.object({ user: User })), 400: Problem, 409: Problem },
    auth: false,
  }),
  login: route({ method: 'POST', path: '/auth/login', body: LoginBody, responses: { 200: ok(TokenPayload), 401: Problem, 429: Problem }, auth: false }),
  me: route({ method: 'GET', path: '/auth/me', responses: { 200: ok(z.object({ user: User })), 401: Problem }, auth: true }),
  refresh: route({ method: 'POST', path: '/auth/refresh', responses: { 200: ok(TokenPayload), 401: Problem }, auth: true }),
  profile: route({ method: 'PUT', path: '/auth/profile', body: ProfileBody, responses: { 200: ok(z.object({ user: User })), 400: Problem }, auth: true }),
  changePassword: route({ method: 'PUT', path: '/auth/change-password', body: ChangePasswordBody, responses: { 200: okMessage, 400: Problem }, auth: true }),
  forgotPassword: route({ method: 'POST', path: '/auth/forgot-password', body: ForgotPasswordBody, responses: { 200: okMessage, 429: Problem }, auth: false }),
  resetPassword: route({ method: 'POST', path: '/auth/reset-password', body: ResetPasswordBody, responses: { 200: okMessage, 400: Problem }, auth: false }),
  logout: route({ method: 'POST', path: '/auth/logout', responses: { 200: okMessage }, auth: true }),
  createLocation: route({
    method: 'POST',
    path: '/auth/locations',
    body: CreateLocationBody,
    responses: { 201: ok(Location), 400: Problem, 403: Problem },
    auth: true,
  }),
  createStaff: route({
    method: 'POST',
    path: '/auth/staff',
    body: CreateStaffBody,
    responses: { 201: ok(z.object({ user: User })), 400: Problem, 403: Problem, 409: Problem },
    auth: true,
  }),
  jwks: route({ method: 'GET', path: '/auth/.well-known/jwks.json', responses: { 200: z.object({ keys: z.array(Jwk) }) }, auth: false }),
} as const;
