import { z } from 'zod';
import { ChangePasswordBody, ProfileBody } from './auth.ts';
import { ANY_ROLE, IsoDate, IsoDateTime, ok, okMessage, Problem, route } from './route.ts';

/** The country an address shows when none was given (spec part 2 §3). */
export const DEFAULT_COUNTRY = 'India';

/** Spec part 2 §3 "User settings": the caller's profile and security, in one answer. */
export const UserSettings = z.object({
  profile: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    dateOfBirth: IsoDate.nullable(),
    /** country is "India" when none was given. */
    address: z.object({
      street: z.string().optional(),
      city: z.string().optional(),
      state: z.string().optional(),
      zipCode: z.string().optional(),
      country: z.string(),
    }),
    /** The profile picture's address (`/api/auth/avatars/…`), null without one. */
    profilePicture: z.string().nullable(),
  }),
  security: z.object({
    twoFactorEnabled: z.boolean(),
    /** The first second step sign-in offers; "sms" (the spec's default) while two-factor is off. */
    twoFactorMethod: z.enum(['totp', 'sms']),
    /** The caller's signed-in devices (live sessions), this one first. */
    loginDevices: z.array(
      z.object({
        _id: z.uuid(),
        deviceName: z.string(),
        lastLogin: IsoDateTime,
        /** Signed in now (every listed device is: ended sessions are not listed). */
        isActive: z.boolean(),
        /** The device of this very request. */
        current: z.boolean(),
      }),
    ),
  }),
});
export type UserSettings = z.infer<typeof UserSettings>;

/** PUT settings/user: the profile part (security changes through PUT settings/two-factor and the devices list). */
export const UpdateUserSettingsBody = z.strictObject(
  { profile: ProfileBody },
  {
    error: (i) =>
      i.code === 'unrecognized_keys' ? 'Only the profile can be changed here; two-factor sign-in is changed under settings/two-factor' : undefined,
  },
);

/** Spec part 2 §7 "Settings": the user's own settings, on the same code as PUT /auth/profile and /auth/change-password. */
export const userSettingsRoutes = {
  getUser: route({
    method: 'GET',
    path: '/settings/user',
    responses: { 200: ok(UserSettings) },
    auth: true,
    allowPending: true,
    allowReadOnly: true,
    roles: ANY_ROLE,
    summary: "The caller's settings: profile (address country defaults to India) and security (two-factor, signed-in devices).",
  }),
  putUser: route({
    method: 'PUT',
    path: '/settings/user',
    body: UpdateUserSettingsBody,
    responses: { 200: ok(UserSettings), 400: Problem },
    auth: true,
    allowPending: true,
    allowReadOnly: true,
    roles: ANY_ROLE,
    summary: "Update the caller's settings: `profile` as PUT settings/profile; answers the settings.",
  }),
  putProfile: route({
    method: 'PUT',
    path: '/settings/profile',
    body: ProfileBody,
    responses: { 200: ok(UserSettings), 400: Problem },
    auth: true,
    allowPending: true,
    allowReadOnly: true,
    roles: ANY_ROLE,
    summary: "Update the caller's own profile (as PUT /auth/profile: email and role stay); answers the settings.",
  }),
  putPassword: route({
    method: 'PUT',
    path: '/settings/password',
    body: ChangePasswordBody,
    responses: { 200: okMessage, 400: Problem, 429: Problem },
    auth: true,
    allowPending: true,
    allowReadOnly: true,
    roles: ANY_ROLE,
    summary: "Change the caller's password, given the current one (as PUT /auth/change-password); every other session ends.",
    description: 'Wrong current passwords are throttled with PUT /auth/change-password and turning two-factor off: 5 a minute, then 429 with Retry-After.',
  }),
};
