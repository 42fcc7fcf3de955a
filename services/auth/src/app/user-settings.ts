import { DEFAULT_COUNTRY, type ProfileBody, type UserSettings } from '@akhada/contracts';
import type { RequestContext } from '@akhada/kit';
import type { z } from 'zod';
import type { AuthDeps } from './deps.ts';
import { listDevices } from './login-devices.ts';
import { twoFactorStatus } from './two-factor.ts';
import { updateProfile } from './update-profile.ts';
import { loadUserView } from '../views/user-view.ts';

/**
 * Spec part 2 §3 "User settings" (GET settings/user): the caller's profile (an address without a country is in
 * India) and security (two-factor, signed-in devices), from the same code as /auth/me, /settings/two-factor and
 * /auth/sessions.
 */
export const getUserSettings = async (deps: Pick<AuthDeps, 'db' | 'clock'>, ctx: RequestContext): Promise<UserSettings> => {
  const user = await loadUserView(deps.db, ctx.userId, ctx.orgId);
  const twoFactor = await twoFactorStatus(deps, ctx);
  const devices = await listDevices(deps, ctx);
  const { street, city, state, zipCode, country } = user.address;
  return {
    profile: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: user.phone,
      dateOfBirth: user.dateOfBirth,
      address: {
        ...(street ? { street } : {}),
        ...(city ? { city } : {}),
        ...(state ? { state } : {}),
        ...(zipCode ? { zipCode } : {}),
        country: country || DEFAULT_COUNTRY,
      },
      profilePicture: user.avatarUrl ?? null,
    },
    security: {
      twoFactorEnabled: twoFactor.enabled,
      twoFactorMethod: twoFactor.method ?? 'sms',
      loginDevices: devices.map((d) => ({ _id: d._id, deviceName: d.device, lastLogin: d.lastUsedAt, isActive: true, current: d.current })),
    },
  };
};

/** PUT settings/profile and PUT settings/user's profile: PUT /auth/profile's update, answered as the settings. */
export const updateUserProfile = async (deps: Pick<AuthDeps, 'db' | 'clock'>, ctx: RequestContext, profile: z.infer<typeof ProfileBody>) => {
  await updateProfile(deps, ctx, profile);
  return getUserSettings(deps, ctx);
};
