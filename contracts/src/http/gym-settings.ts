import { z } from 'zod';
import { MembershipType } from '../enums.ts';
import { Email, Timezone } from './auth.ts';
import { Rupees, TermMonths } from './members.ts';
import { ANY_ROLE, IdParams, IsoDateTime, ok, okMessage, Problem, route, Text } from './route.ts';

/** Languages a gym may offer (the spec's list); the app itself is translated into English and Hindi. */
export const GymLanguage = z.enum(['en', 'hi', 'ta', 'te', 'bn', 'mr', 'gu', 'kn', 'ml', 'pa']);
export const BrandColor = Text('Brand colour')
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Brand colour must look like #3b82f6')
  .transform((v) => v.toLowerCase());
export const DEFAULT_BRAND_COLOR = '#3b82f6';

/** A small logo as a data URL (PNG, JPEG or WebP, at most 200 KB); the server checks the type from the bytes. */
export const LogoDataUrl = Text('Logo')
  .max(280_000, 'The logo must be smaller than 200 KB')
  .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/, 'Please select an image file (PNG, JPEG or WebP)');

export const MembershipPlan = z.object({
  _id: z.uuid(),
  name: z.string(),
  type: MembershipType,
  durationMonths: z.number().int(),
  /** Rupees. */
  price: z.number(),
  gstInclusive: z.boolean(),
});
export type MembershipPlan = z.infer<typeof MembershipPlan>;
export const MembershipPlanInput = z.object({
  /** Absent for a new plan. */
  _id: z.uuid({ message: 'Not a valid plan id' }).optional(),
  name: Text('Plan name').trim().min(1, 'Plan name is required').max(60, 'Plan name must be at most 60 characters'),
  type: MembershipType,
  durationMonths: TermMonths,
  price: Rupees,
  gstInclusive: z.boolean(),
});

export const GymLocationSettings = z.object({
  _id: z.uuid(),
  name: z.string(),
  city: z.string(),
  timezone: Timezone,
  /** Free text such as "Mon–Sat 6:00–22:00, Sun 7:00–12:00". */
  openingHours: z.string(),
  /** How many people may train at once; null when not set. */
  capacity: z.number().int().nullable(),
  joinCode: z.string(),
  /** Refuse check-in when a membership payment is overdue by more than this many days; null: off (the default). */
  refuseCheckInOverdueDays: z.number().int().nullable().default(null),
});
export const GymSettings = z.object({
  organization: z.object({
    _id: z.uuid(),
    name: z.string(),
    logo: z.string().nullable(),
    brandColor: z.string(),
    languages: z.array(GymLanguage),
    timezone: Timezone,
    currency: z.literal('INR'),
    joinCode: z.string(),
  }),
  locations: z.array(GymLocationSettings),
  plans: z.array(MembershipPlan),
});
export type GymSettings = z.infer<typeof GymSettings>;

export const OVERDUE_DAYS_MESSAGE = 'Overdue days are 1 to 90';
export const OverdueDays = z.number({ message: OVERDUE_DAYS_MESSAGE }).int(OVERDUE_DAYS_MESSAGE).min(1, OVERDUE_DAYS_MESSAGE).max(90, OVERDUE_DAYS_MESSAGE);
export const UpdateGymLocation = z.object({
  _id: z.uuid({ message: 'Not a valid location' }),
  name: Text('Location name').trim().min(1, 'Location name is required').max(100, 'Location name must be at most 100 characters'),
  city: Text('City').trim().min(1, 'City is required').max(100, 'City must be at most 100 characters'),
  timezone: Timezone,
  openingHours: Text('Opening hours').trim().max(200, 'Opening hours must be at most 200 characters'),
  capacity: z
    .number({ message: 'Capacity must be a number' })
    .int('Capacity is a whole number')
    .min(1, 'Capacity is 1 to 10000')
    .max(10000, 'Capacity is 1 to 10000')
    .nullable(),
  /** Days (1–90) a membership payment may be overdue before check-in is refused; null turns it off; absent keeps it. */
  refuseCheckInOverdueDays: OverdueDays.nullable().optional(),
});
/** The whole screen at once (owner only). Plans not listed are withdrawn (existing members keep their terms). */
export const UpdateGymSettingsBody = z
  .object({
    name: Text('Gym name').trim().min(2, 'Gym name must be at least 2 characters').max(100, 'Gym name must be at most 100 characters'),
    /** A new logo; null removes it; absent keeps it. */
    logo: LogoDataUrl.nullable().optional(),
    brandColor: BrandColor.default(DEFAULT_BRAND_COLOR),
    languages: z.array(GymLanguage).min(1, 'Choose at least one language').max(10),
    timezone: Timezone.default('Asia/Kolkata'),
    currency: z.literal('INR', { message: 'The currency is Indian rupees (INR)' }).default('INR'),
    locations: z.array(UpdateGymLocation).max(100).default([]),
    plans: z.array(MembershipPlanInput).max(50, 'At most 50 plans').default([]),
  })
  .strict();
export type UpdateGymSettingsBody = z.infer<typeof UpdateGymSettingsBody>;
export const RegenerateJoinCodeBody = z.object({}).strict();

export const StaffMember = z.object({
  _id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(['owner', 'admin', 'trainer']),
  status: z.enum(['active', 'invited', 'pending', 'deactivated']),
  locationIds: z.array(z.uuid()),
  createdAt: IsoDateTime,
});
export type StaffMember = z.infer<typeof StaffMember>;
const LocationIds = z
  .array(z.uuid({ message: 'Not a valid location' }))
  .min(1, 'Choose at least one location')
  .max(100);
export const InviteStaffBody = z.object({
  firstName: Text('First name').trim().min(1, 'First name is required').max(50, 'First name must be at most 50 characters'),
  lastName: Text('Last name').trim().min(1, 'Last name is required').max(50, 'Last name must be at most 50 characters'),
  email: Email,
  role: z.enum(['admin', 'trainer'], { message: 'Choose admin or trainer' }),
  locationIds: LocationIds,
});
export const StaffLocationsBody = z.object({ locationIds: LocationIds });

/** Per user, on every device: Appearance and Privacy. */
export const UserPreferences = z.object({
  theme: z.enum(['light', 'dark', 'system']),
  language: z.enum(['en', 'hi']),
  density: z.enum(['comfortable', 'compact']),
  /** Whether trainers see this person's phone and email (members' records). */
  contactVisibleToTrainers: z.boolean(),
  /** The person's marketing choice (the consent ledger records it with its history). */
  marketingConsent: z.boolean(),
  /** The organization's brand colour, applied as the app's accent. */
  brandColor: z.string(),
  /** When the user last saved them (null: defaults, never saved; a device's own choices then stay). */
  savedAt: IsoDateTime.nullable(),
});
export type UserPreferences = z.infer<typeof UserPreferences>;
export const UpdatePreferencesBody = UserPreferences.omit({ brandColor: true, savedAt: true }).partial().strict();

const OWNER = ['owner'] as const;

export const gymSettingsRoutes = {
  getGym: route({
    method: 'GET',
    path: '/settings/gym',
    responses: { 200: ok(GymSettings), 401: Problem, 403: Problem },
    auth: true,
    roles: ['owner', 'admin'],
    allowReadOnly: true,
    summary: 'The gym: name, logo, brand colour, languages, timezone, currency; its locations (hours, capacity, join code) and the membership plans it sells.',
  }),
  putGym: route({
    method: 'PUT',
    path: '/settings/gym',
    body: UpdateGymSettingsBody,
    responses: { 200: ok(GymSettings), 400: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: OWNER,
    summary: 'Saves the gym settings (owner only); announces auth.organization_updated, auth.location_updated and auth.membership_plans_changed.',
    description: 'GST registration, GSTIN, state and invoice address per location are payments’ tax settings (PUT /payments/tax-settings).',
  }),
  regenerateJoinCode: route({
    method: 'POST',
    path: '/settings/gym/join-code',
    body: RegenerateJoinCodeBody,
    responses: { 200: ok(z.object({ joinCode: z.string() })), 403: Problem },
    auth: true,
    roles: OWNER,
    summary: 'A new join code for the gym; the old one stops working at once.',
  }),
  listStaff: route({
    method: 'GET',
    path: '/settings/staff',
    responses: { 200: ok(z.array(StaffMember)), 403: Problem },
    auth: true,
    roles: OWNER,
    summary: 'The gym’s owner, admins and trainers with their locations and account status.',
  }),
  inviteStaff: route({
    method: 'POST',
    path: '/settings/staff',
    body: InviteStaffBody,
    responses: { 201: ok(StaffMember), 400: Problem, 403: Problem, 409: Problem },
    auth: true,
    roles: OWNER,
    summary: 'Invites an admin or trainer by email (an invitation link to set a password, valid 7 days).',
  }),
  setStaffLocations: route({
    method: 'PUT',
    path: '/settings/staff/:id/locations',
    params: IdParams,
    body: StaffLocationsBody,
    responses: { 200: ok(StaffMember), 400: Problem, 403: Problem, 404: Problem },
    auth: true,
    roles: OWNER,
    summary: 'Which locations an admin or trainer works in; takes effect with their next token refresh.',
  }),
  removeStaff: route({
    method: 'DELETE',
    path: '/settings/staff/:id',
    params: IdParams,
    responses: { 200: okMessage, 403: Problem, 404: Problem },
    auth: true,
    roles: OWNER,
    summary: 'Removes an admin’s or trainer’s access: the account is deactivated and every session of it ends at once.',
    description: 'Another gym’s person answers 404; the owner cannot be removed (403).',
  }),
  getPreferences: route({
    method: 'GET',
    path: '/settings/preferences',
    responses: { 200: ok(UserPreferences) },
    auth: true,
    allowPending: true,
    allowReadOnly: true,
    roles: ANY_ROLE,
    summary: 'The caller’s appearance (theme, language, density) and privacy choices, with the gym’s brand colour.',
  }),
  putPreferences: route({
    method: 'PUT',
    path: '/settings/preferences',
    body: UpdatePreferencesBody,
    responses: { 200: ok(UserPreferences), 400: Problem },
    auth: true,
    allowPending: true,
    allowReadOnly: true,
    roles: ANY_ROLE,
    summary: 'Saves the caller’s appearance and privacy choices; a privacy change is announced (auth.user_privacy_changed).',
  }),
};

/** The plans the gym sells, as the members service keeps them (from auth.membership_plans_changed) for its forms. */
export const memberPlanRoutes = {
  plans: route({
    method: 'GET',
    path: '/members/plans',
    responses: { 200: ok(z.array(MembershipPlan)), 403: Problem },
    auth: true,
    roles: ['owner', 'admin'],
    summary: 'The membership plans the gym sells (set in Settings → Gym), for the add-member and renewal forms.',
  }),
};
