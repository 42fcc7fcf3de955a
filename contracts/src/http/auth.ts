import { z } from 'zod';
import { Gender, PlanId, RegisterRole, Role } from '../enums.ts';
import { ANY_ROLE, BirthDate, IdParams, IsoDate, IsoDateTime, ok, okMessage, Problem, route, Text } from './route.ts';

const trimmed = (label: string, max = 100) => Text(label).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);
/** An optional free-text field: trimmed, at most `max` characters. */
const optionalText = (label: string, max: number) => Text(label).trim().max(max, `${label} must be at most ${max} characters`).optional();

export const Email = Text('Email')
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid email address' }).max(254));
/** Indian and international numbers: digits, spaces, +, - and brackets; 7 to 15 digits. */
export const Phone = Text('Phone')
  .trim()
  .regex(/^\+?[0-9 ()-]{7,20}$/, 'Enter a valid phone number')
  .refine((v) => {
    const digits = v.replace(/\D/g, '').length;
    return digits >= 7 && digits <= 15;
  }, 'Enter a valid phone number');
export const NewPassword = Text('Password').min(8, 'Password must be at least 8 characters long').max(200, 'Password must be at most 200 characters long');

export const Address = z.object({
  street: optionalText('Street', 200),
  city: optionalText('City', 100),
  state: optionalText('State', 100),
  zipCode: optionalText('PIN code', 20),
  country: optionalText('Country', 100),
});
export const EmergencyContact = z.object({
  name: optionalText('Emergency contact name', 100),
  phone: optionalText('Emergency contact phone', 20),
  relationship: optionalText('Relationship', 50),
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
  /**
   * The gym's logo as an API path (`/auth/organizations/<id>/logo?v=<version>`, under the app's API base), or null
   * when the gym has none; the version changes with the logo, so the image may be cached for good.
   */
  logoUrl: z.string().nullable(),
  /** The gym's brand colour (#rrggbb), an accent beside its name in the app's shell. */
  brandColor: z.string(),
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
  /**
   * true while the account awaits the gym's approval (a trainer who registered with the join code): such a user sees
   * only their own session, profile and password. Absent from older servers (read it as false).
   */
  pending: z.boolean().optional(),
  /**
   * Two-factor sign-in to set up: "required" for staff of an organization that requires it (the token then calls
   * only the enrolment routes: the app leads them there first), "suggested" for an owner who has not enrolled (the app
   * asks after every sign-in). Absent or null: nothing to ask.
   */
  twoFactorEnrolment: z.enum(['required', 'suggested']).nullable().optional(),
  /** The profile picture's address (`/api/auth/avatars/…`), null without one. Absent from older servers. */
  avatarUrl: z.string().nullable().optional(),
});
export type User = z.infer<typeof User>;

export const TokenPayload = z.object({ user: User, token: z.string(), expiresAt: IsoDateTime });

/** A 6-digit code of an authenticator app, or a single-use recovery code (xxxxx-xxxxx). */
export const TwoFactorCode = Text('Code')
  .trim()
  .regex(/^(\d{6}|[a-z0-9]{5}-[a-z0-9]{5})$/i, 'Enter the 6-digit code from your authenticator app, or a recovery code');
export const LoginBody = z.object({
  email: Email,
  password: Text('Password').min(1, 'Password is required').max(200, 'Password must be at most 200 characters long'),
  /** Asked for (401 TWO_FACTOR_REQUIRED) when the account has two-factor sign-in on. */
  twoFactorCode: TwoFactorCode.optional(),
});

/** Settings → Security → two-factor sign-in (an authenticator app: TOTP, RFC 6238, 30 s, 6 digits, SHA-1). */
export const TwoFactorStatus = z.object({
  enabled: z.boolean(),
  /** The first method sign-in offers (the authenticator when both are on). */
  method: z.enum(['totp', 'sms']).nullable(),
  enabledAt: IsoDateTime.nullable(),
  recoveryCodesLeft: z.number().int(),
  /** Every method that is on, and the phone SMS codes go to (masked). Absent from older servers. */
  methods: z.array(z.enum(['totp', 'sms'])).optional(),
  smsPhone: z.string().nullable().optional(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;
/** A new secret to scan; sign-in does not ask for codes until it is confirmed with one (PUT enabled: true). */
export const TwoFactorSetup = z.object({ secret: z.string(), otpauthUri: z.string() });
/**
 * On: a code of the secret just set up. Off: the password and a current code of the authenticator, an SMS sign-in
 * code or a recovery code (a stolen password alone cannot turn it off).
 */
export const UpdateTwoFactorBody = z
  .object({
    enabled: z.boolean({ message: 'Say whether two-factor authentication is on' }),
    /** totp: a code of the authenticator secret just set up; sms: the code sent by POST /settings/two-factor/sms/setup. */
    method: z.enum(['totp', 'sms']).default('totp'),
    code: TwoFactorCode.optional(),
    password: Text('Password').min(1, 'Password is required').max(200, 'Password must be at most 200 characters long').optional(),
  })
  .superRefine((b, ctx) => {
    if (b.enabled && !b.code) ctx.addIssue({ code: 'custom', path: ['code'], message: 'Enter the 6-digit code from your authenticator app' });
    if (!b.enabled && !b.password) ctx.addIssue({ code: 'custom', path: ['password'], message: 'Password is required' });
    if (!b.enabled && !b.code) ctx.addIssue({ code: 'custom', path: ['code'], message: 'Enter a code from your authenticator app, or a recovery code' });
  });
/** Settings → Security (owner): the organization's rules for signing in. */
export const SecurityPolicy = z.object({
  /** Admins and trainers must sign in with two-factor: those without it are led through enrolment at their next sign-in. */
  requireTwoFactorForStaff: z.boolean(),
});
export type SecurityPolicy = z.infer<typeof SecurityPolicy>;
export const UpdateSecurityPolicyBody = z.object({
  requireTwoFactorForStaff: z.boolean({ message: 'Say whether staff must use two-factor authentication' }),
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
    gymCode: Text('Gym code').trim().toUpperCase().max(20, 'Gym code must be at most 20 characters').optional(),
    /** Optional for admins creating a gym; defaults to "<first name>'s Gym". */
    gymName: Text('Gym name').trim().min(2, 'Gym name must be at least 2 characters').max(100, 'Gym name must be at most 100 characters').optional(),
    city: Text('City').trim().min(2, 'City must be at least 2 characters').max(100, 'City must be at most 100 characters').optional(),
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
    dateOfBirth: BirthDate.nullable(),
    gender: Gender.nullable(),
    address: Address,
    emergencyContact: EmergencyContact,
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update: send at least one profile field');
export const ChangePasswordBody = z.object({
  currentPassword: Text('Current password').min(1, 'Current password is required').max(200, 'Current password must be at most 200 characters long'),
  newPassword: NewPassword,
});
export const ForgotPasswordBody = z.object({ email: Email });
export const ResetPasswordBody = z.object({
  token: Text('Reset token').min(20, 'This reset link is invalid').max(200, 'This reset link is invalid'),
  password: NewPassword,
});

/** The token of an invitation link (`/accept-invitation?token=…`): 32 random bytes, URL-safe. */
const InvitationToken = Text('Invitation token').min(20, 'This invitation link is invalid').max(200, 'This invitation link is invalid');
export const InvitationTokenBody = z.object({ token: InvitationToken });
export const AcceptInvitationBody = z.object({ token: InvitationToken, password: NewPassword });
/** What an invitation link may tell before the password is set: whom it greets and which gym invites them, nothing more. */
export const InvitationPreview = z.object({ firstName: z.string(), gymName: z.string() });

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

/** A signed-in device (one session) of the caller, for Settings → Security → Login devices. */
export const LoginDevice = z.object({
  _id: z.uuid(),
  /** From the user agent: "Chrome on Android", "Safari on iPhone"; "Unknown device" when it says nothing. */
  device: z.string(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  deviceType: z.enum(['desktop', 'mobile', 'tablet', 'unknown']),
  /** The network address it signed in from (a city is not known without a geolocation database). */
  ip: z.string().nullable(),
  firstUsedAt: IsoDateTime,
  lastUsedAt: IsoDateTime,
  /** The session of this very request. */
  current: z.boolean(),
});
export type LoginDevice = z.infer<typeof LoginDevice>;

export const authRoutes = {
  register: route({
    method: 'POST',
    path: '/auth/register',
    body: RegisterBody,
    responses: { 201: ok(z.object({ user: User })), 400: Problem, 409: Problem },
    auth: false,
    summary: 'Create an account: role "admin" opens a new gym (on a 14-day trial) and makes you its owner; members and trainers join a gym by its join code.',
  }),
  login: route({
    method: 'POST',
    path: '/auth/login',
    body: LoginBody,
    responses: { 200: ok(TokenPayload), 401: Problem, 403: Problem, 429: Problem },
    auth: false,
    summary: 'Sign in with email and password; returns a short-lived bearer token and the user.',
    description:
      'Five failed attempts a minute for one account, or thirty for one address, lock sign-in (429 with Retry-After). An invited account without a password yet (INVITATION_PENDING) and a deactivated one (ACCOUNT_DEACTIVATED) get 403. With two-factor sign-in on, the right password without `twoFactorCode` answers 401 TWO_FACTOR_REQUIRED; a wrong code 401 TWO_FACTOR_INVALID (counted as a failure).',
  }),
  me: route({
    method: 'GET',
    path: '/auth/me',
    responses: { 200: ok(z.object({ user: User })), 401: Problem },
    auth: true,
    allowPending: true,
    allowEnrolment: true,
    roles: ANY_ROLE,
    summary: 'The signed-in user with their organization and locations, if the session is still live.',
  }),
  organizationLogo: route({
    method: 'GET',
    path: '/auth/organizations/:id/logo',
    params: IdParams,
    query: z.object({ v: Text('Logo version').max(64, 'Logo version is too long').optional() }),
    responses: { 200: z.string(), 400: Problem, 404: Problem },
    auth: false,
    summary: 'The gym’s logo image (PNG, JPEG or WebP, as stored); cached for good when asked with its version `v`. Not secret: the shell shows it.',
  }),
  refresh: route({
    method: 'POST',
    path: '/auth/refresh',
    responses: { 200: ok(TokenPayload), 401: Problem },
    auth: true,
    allowPending: true,
    allowEnrolment: true,
    allowReadOnly: true,
    roles: ANY_ROLE,
    summary: 'A fresh token for the same session (with the current locations); slides the session’s idle window forward.',
  }),
  profile: route({
    method: 'PUT',
    path: '/auth/profile',
    body: ProfileBody,
    responses: { 200: ok(z.object({ user: User })), 400: Problem },
    auth: true,
    allowPending: true,
    allowReadOnly: true,
    roles: ANY_ROLE,
    summary: 'Update the caller’s own profile (name, phone, date of birth, gender, address, emergency contact); email and role stay.',
  }),
  changePassword: route({
    method: 'PUT',
    path: '/auth/change-password',
    body: ChangePasswordBody,
    responses: { 200: okMessage, 400: Problem, 429: Problem },
    auth: true,
    allowPending: true,
    allowReadOnly: true,
    roles: ANY_ROLE,
    summary: 'Change the caller’s password, given the current one; every other session of the user ends.',
  }),
  forgotPassword: route({
    method: 'POST',
    path: '/auth/forgot-password',
    body: ForgotPasswordBody,
    responses: { 200: okMessage, 429: Problem },
    auth: false,
    summary: 'Mail a single-use password reset link (valid 30 minutes); answers the same whether or not the address has an account.',
  }),
  resetPassword: route({
    method: 'POST',
    path: '/auth/reset-password',
    body: ResetPasswordBody,
    responses: { 200: okMessage, 400: Problem },
    auth: false,
    summary: 'Set a new password with the token of a reset link; the link works once and every session of the user ends.',
  }),
  logout: route({
    method: 'POST',
    path: '/auth/logout',
    responses: { 200: okMessage },
    auth: true,
    allowPending: true,
    allowEnrolment: true,
    allowReadOnly: true,
    roles: ANY_ROLE,
    summary: 'End the caller’s session; every service refuses its tokens from then on.',
  }),
  createLocation: route({
    method: 'POST',
    path: '/auth/locations',
    body: CreateLocationBody,
    responses: { 201: ok(Location), 400: Problem, 403: Problem },
    auth: true,
    roles: ['owner'],
    summary: 'Open a new location (branch) of the caller’s gym.',
  }),
  createStaff: route({
    method: 'POST',
    path: '/auth/staff',
    body: CreateStaffBody,
    responses: { 201: ok(z.object({ user: User })), 400: Problem, 403: Problem, 409: Problem },
    auth: true,
    roles: ['owner', 'admin'],
    summary: 'Open a staff account (admin or trainer) in locations of the caller’s gym.',
    description: 'Owners add admins and trainers anywhere in their gym; admins add trainers to the locations they run (403 otherwise).',
  }),
  invitationPreview: route({
    method: 'POST',
    path: '/auth/invitations/preview',
    body: InvitationTokenBody,
    responses: { 200: ok(InvitationPreview), 400: Problem },
    auth: false,
    summary: 'Whom an invitation link greets (first name) and which gym sent it, so the page can welcome them before they set a password.',
    description: 'A POST so the token never appears in a logged URL. An unknown, used, replaced or expired link answers 400 INVALID_INVITATION.',
  }),
  acceptInvitation: route({
    method: 'POST',
    path: '/auth/invitations/accept',
    body: AcceptInvitationBody,
    responses: { 200: ok(TokenPayload), 400: Problem },
    auth: false,
    allowReadOnly: true,
    summary: 'Set the password of an invited member or trainer with the token of their invitation link; signs them in (same answer as sign-in).',
    description: 'The link works once, for 7 days, and only the newest one sent to the person. Otherwise 400 INVALID_INVITATION with the reason.',
  }),
  listDevices: route({
    method: 'GET',
    path: '/auth/sessions',
    responses: { 200: ok(z.array(LoginDevice)) },
    auth: true,
    allowPending: true,
    allowReadOnly: true,
    roles: ANY_ROLE,
    summary: 'The caller’s signed-in devices (live sessions), the current one first, then by last use.',
  }),
  signOutDevice: route({
    method: 'DELETE',
    path: '/auth/sessions/:id',
    params: IdParams,
    responses: { 200: okMessage, 404: Problem },
    auth: true,
    allowPending: true,
    allowReadOnly: true,
    roles: ANY_ROLE,
    summary: 'Sign one of the caller’s devices out; every service refuses its tokens within seconds (auth.session_revoked).',
    description: 'Another person’s session, or one already ended, answers 404.',
  }),
  signOutOtherDevices: route({
    method: 'POST',
    path: '/auth/sessions/sign-out-others',
    responses: { 200: ok(z.object({ signedOut: z.number().int() })) },
    auth: true,
    allowPending: true,
    allowReadOnly: true,
    roles: ANY_ROLE,
    summary: 'Sign out every device of the caller but this one.',
  }),
  twoFactorStatus: route({
    method: 'GET',
    path: '/settings/two-factor',
    responses: { 200: ok(TwoFactorStatus) },
    auth: true,
    allowPending: true,
    allowEnrolment: true,
    allowReadOnly: true,
    roles: ANY_ROLE,
    summary: 'Whether the caller signs in with a second step, since when, and how many recovery codes are left.',
  }),
  twoFactorSetup: route({
    method: 'POST',
    path: '/settings/two-factor/setup',
    responses: { 200: ok(TwoFactorSetup), 409: Problem },
    auth: true,
    allowPending: true,
    allowEnrolment: true,
    allowReadOnly: true,
    roles: ANY_ROLE,
    summary: 'A new authenticator secret (and its otpauth:// link for the QR code) to confirm with a code; 409 when already on.',
  }),
  updateTwoFactor: route({
    method: 'PUT',
    path: '/settings/two-factor',
    body: UpdateTwoFactorBody,
    responses: {
      200: ok(z.object({ status: TwoFactorStatus, recoveryCodes: z.array(z.string()).nullable() })),
      400: Problem,
      403: Problem,
      409: Problem,
      429: Problem,
    },
    auth: true,
    allowPending: true,
    allowEnrolment: true,
    allowReadOnly: true,
    roles: ANY_ROLE,
    summary:
      'Turn two-factor sign-in on (a code of the new secret; answers ten single-use recovery codes, once) or off (the password and a current code or a recovery code).',
    description:
      'Turning it off shares the failure counter of PUT /auth/change-password: after 5 wrong passwords or codes in a minute the next attempts answer 429 with Retry-After, even with the right ones.',
  }),
  securityPolicy: route({
    method: 'GET',
    path: '/settings/security-policy',
    responses: { 200: ok(SecurityPolicy), 403: Problem },
    auth: true,
    allowReadOnly: true,
    roles: ['owner'],
    summary: 'The organization’s sign-in rules (whether staff must use two-factor sign-in); owners only.',
  }),
  updateSecurityPolicy: route({
    method: 'PUT',
    path: '/settings/security-policy',
    body: UpdateSecurityPolicyBody,
    responses: { 200: ok(SecurityPolicy), 400: Problem, 403: Problem },
    auth: true,
    allowReadOnly: true,
    roles: ['owner'],
    summary: 'Require two-factor sign-in for every admin and trainer of the organization, or stop requiring it; owners only.',
    description:
      'With it on, staff without two-factor get tokens that call only the enrolment routes (403 TWO_FACTOR_ENROLMENT_REQUIRED elsewhere) at their next sign-in or token refresh, and cannot turn two-factor off.',
  }),
  jwks: route({
    method: 'GET',
    path: '/auth/.well-known/jwks.json',
    responses: { 200: z.object({ keys: z.array(Jwk) }) },
    auth: false,
    summary: 'The public keys that verify access tokens (JWKS), for the gateway and the services.',
  }),
} as const;
