import { authRoutes, gymSettingsRoutes, publicRoutes, userSettingsRoutes } from '@akhada/contracts';
import { addRoute, type App, type RequestContext } from '@akhada/kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptInvitation } from '../app/accept-invitation.ts';
import { changePassword } from '../app/change-password.ts';
import { organizationLogo } from '../app/organization-logo.ts';
import { createLocation } from '../app/create-location.ts';
import { createStaff } from '../app/create-staff.ts';
import type { AuthDeps, RequestIds } from '../app/deps.ts';
import { forgotPassword } from '../app/forgot-password.ts';
import { getMe } from '../app/get-me.ts';
import { receiveEnquiry } from '../app/receive-enquiry.ts';
import { previewInvitation } from '../app/preview-invitation.ts';
import { refreshSession } from '../app/refresh-session.ts';
import { register } from '../app/register.ts';
import { resetPassword } from '../app/reset-password.ts';
import { signIn } from '../app/sign-in.ts';
import { signOut } from '../app/sign-out.ts';
import { listDevices, signOutDevice, signOutOtherDevices } from '../app/login-devices.ts';
import { securityPolicy, updateSecurityPolicy } from '../app/security-policy.ts';
import { setupTwoFactor, twoFactorStatus, updateTwoFactor } from '../app/two-factor.ts';
import { TooManyAttempts } from '../app/too-many-attempts.ts';
import { updateProfile } from '../app/update-profile.ts';
import { getUserSettings, updateUserProfile } from '../app/user-settings.ts';
import { getGymSettings, regenerateJoinCode, updateGymSettings } from '../app/gym-settings.ts';
import { inviteStaff, listStaff, removeStaff, setStaffLocations } from '../app/staff.ts';
import { getPreferences, updatePreferences } from '../app/preferences.ts';
import { registerProfilePictureRoutes } from './profile-picture-routes.ts';

/** When the caller's (already verified) token expires: revocation entries are kept that long. */
const tokenExpiry = (req: FastifyRequest): Date => {
  const token = req.headers.authorization?.split(' ')[1] ?? '';
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: number };
    return new Date((payload.exp ?? 0) * 1000);
  } catch {
    return new Date();
  }
};

// The same rule as the kit's authenticate(): a forwarded id is taken only when it looks like one.
const FORWARDED_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** For routes without a signed-in caller: this request's id and the conversation it belongs to. */
export const requestIdsOf = (req: FastifyRequest): RequestIds => {
  const forwarded = req.headers['x-correlation-id'];
  return { requestId: req.id, correlationId: typeof forwarded === 'string' && FORWARDED_ID.test(forwarded) ? forwarded : req.id };
};

/** A throttled use case's 429 carries Retry-After (the error handler keeps headers set on the reply). */
export const withRetryAfter = async <T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (err) {
    if (err instanceof TooManyAttempts) reply.header('retry-after', String(err.retryAfterSeconds));
    throw err;
  }
};

export const registerRoutes = (svc: { app: App; authenticate: (req: FastifyRequest) => Promise<RequestContext> }, deps: AuthDeps): void => {
  svc.app.get(authRoutes.jwks.path, async (_req, reply) => reply.header('cache-control', 'public, max-age=300').send(deps.keys.jwks()));

  addRoute(svc, authRoutes.register, async ({ body }, req, reply) => {
    const user = await register(deps, requestIdsOf(req), body);
    const message = user.pending
      ? 'Account created. You can sign in now; your gym has to approve you before you see its members and schedule.'
      : 'Account created. You can sign in now.';
    return reply.status(201).send({ success: true, data: { user }, message });
  });
  addRoute(svc, authRoutes.login, async ({ body }, req, reply) => ({
    success: true,
    data: await withRetryAfter(reply, () =>
      signIn(deps, {
        email: body.email,
        password: body.password,
        twoFactorCode: body.twoFactorCode,
        ip: req.ip,
        userAgent: req.headers['user-agent'],
        ids: requestIdsOf(req),
      }),
    ),
  }));
  addRoute(svc, authRoutes.me, async ({ ctx }) => ({ success: true, data: { user: await getMe(deps, ctx) } }));
  addRoute(svc, authRoutes.organizationLogo, async ({ params, query }, _req, reply) => {
    const logo = await organizationLogo(deps, params.id, query.v);
    reply.type(logo.contentType).header('cache-control', logo.cacheControl).header('x-content-type-options', 'nosniff');
    return reply.send(logo.bytes);
  });
  addRoute(svc, authRoutes.refresh, async ({ ctx }) => ({ success: true, data: await refreshSession(deps, ctx) }));
  addRoute(svc, authRoutes.listDevices, async ({ ctx }) => ({ success: true, data: await listDevices(deps, ctx) }));
  addRoute(svc, authRoutes.signOutDevice, async ({ ctx, params }) => {
    await signOutDevice(deps, ctx, params.id);
    return { success: true, message: 'Device signed out' };
  });
  addRoute(svc, authRoutes.signOutOtherDevices, async ({ ctx }) => ({ success: true, data: { signedOut: await signOutOtherDevices(deps, ctx) } }));
  addRoute(svc, authRoutes.twoFactorStatus, async ({ ctx }) => ({ success: true, data: await twoFactorStatus(deps, ctx) }));
  addRoute(svc, authRoutes.twoFactorSetup, async ({ ctx }) => ({ success: true, data: await setupTwoFactor(deps, ctx) }));
  addRoute(svc, authRoutes.updateTwoFactor, async ({ ctx, body }, _req, reply) => {
    const data = await withRetryAfter(reply, () => updateTwoFactor(deps, ctx, body));
    return { success: true, data, message: body.enabled ? 'Two-factor authentication enabled' : 'Two-factor authentication disabled' };
  });
  addRoute(svc, authRoutes.securityPolicy, async ({ ctx }) => ({ success: true, data: await securityPolicy(deps, ctx) }));
  addRoute(svc, authRoutes.updateSecurityPolicy, async ({ ctx, body }) => {
    const data = await updateSecurityPolicy(deps, ctx, body);
    return {
      success: true,
      data,
      message: data.requireTwoFactorForStaff ? 'Staff must now use two-factor authentication' : 'Two-factor authentication is optional for staff',
    };
  });
  addRoute(svc, authRoutes.logout, async ({ ctx }, req) => {
    await signOut(deps, ctx, tokenExpiry(req));
    return { success: true, message: 'Signed out' };
  });
  addRoute(svc, authRoutes.profile, async ({ ctx, body }) => ({
    success: true,
    data: { user: await updateProfile(deps, ctx, body) },
    message: 'Profile updated successfully',
  }));
  addRoute(svc, authRoutes.changePassword, async ({ ctx, body }, _req, reply) => {
    await withRetryAfter(reply, () => changePassword(deps, ctx, body));
    return { success: true, message: 'Password changed successfully' };
  });
  // Spec part 2 §7: the same profile and password code under settings/, answered in the user-settings shape.
  addRoute(svc, userSettingsRoutes.getUser, async ({ ctx }) => ({ success: true, data: await getUserSettings(deps, ctx) }));
  addRoute(svc, userSettingsRoutes.putUser, async ({ ctx, body }) => ({
    success: true,
    data: await updateUserProfile(deps, ctx, body.profile),
    message: 'Settings saved!',
  }));
  addRoute(svc, userSettingsRoutes.putProfile, async ({ ctx, body }) => ({
    success: true,
    data: await updateUserProfile(deps, ctx, body),
    message: 'Profile updated successfully',
  }));
  addRoute(svc, userSettingsRoutes.putPassword, async ({ ctx, body }, _req, reply) => {
    await withRetryAfter(reply, () => changePassword(deps, ctx, body));
    return { success: true, message: 'Password changed successfully' };
  });
  addRoute(svc, authRoutes.createLocation, async ({ ctx, body }, _req, reply) =>
    reply.status(201).send({ success: true, data: await createLocation(deps, ctx, body), message: 'Location created' }),
  );
  addRoute(svc, authRoutes.createStaff, async ({ ctx, body }, _req, reply) =>
    reply.status(201).send({ success: true, data: { user: await createStaff(deps, ctx, body) }, message: 'Staff account created' }),
  );
  addRoute(svc, authRoutes.forgotPassword, async ({ body }) => {
    await forgotPassword(deps, body.email);
    return { success: true, message: 'If an account exists for this email, we have sent a link to reset the password.' };
  });
  addRoute(svc, authRoutes.resetPassword, async ({ body }, req) => {
    await resetPassword(deps, requestIdsOf(req), body);
    return { success: true, message: 'Your password has been reset. You can sign in now.' };
  });
  addRoute(svc, authRoutes.invitationPreview, async ({ body }) => ({ success: true, data: await previewInvitation(deps, body.token) }));
  addRoute(svc, authRoutes.acceptInvitation, async ({ body }, req) => ({
    success: true,
    data: await acceptInvitation(deps, requestIdsOf(req), { token: body.token, password: body.password, ip: req.ip, userAgent: req.headers['user-agent'] }),
    message: 'Your password is set. Welcome to Akhada!',
  }));

  // Settings → Gym, Staff, Appearance and Privacy.
  addRoute(svc, gymSettingsRoutes.getGym, async ({ ctx }) => ({ success: true, data: await getGymSettings(deps, ctx) }));
  addRoute(svc, gymSettingsRoutes.putGym, async ({ ctx, body }) => ({
    success: true,
    data: await updateGymSettings(deps, ctx, body),
    message: 'Settings saved!',
  }));
  addRoute(svc, gymSettingsRoutes.regenerateJoinCode, async ({ ctx }) => ({
    success: true,
    data: await regenerateJoinCode(deps, ctx),
    message: 'New join code made',
  }));
  addRoute(svc, gymSettingsRoutes.listStaff, async ({ ctx }) => ({ success: true, data: await listStaff(deps, ctx) }));
  addRoute(svc, gymSettingsRoutes.inviteStaff, async ({ ctx, body }, _req, reply) =>
    reply.status(201).send({ success: true, data: await inviteStaff(deps, ctx, body), message: 'Invitation sent' }),
  );
  addRoute(svc, gymSettingsRoutes.setStaffLocations, async ({ ctx, params, body }) => ({
    success: true,
    data: await setStaffLocations(deps, ctx, params.id, body.locationIds),
    message: 'Locations saved',
  }));
  addRoute(svc, gymSettingsRoutes.removeStaff, async ({ ctx, params }) => {
    await removeStaff(deps, ctx, params.id);
    return { success: true, message: 'Access removed' };
  });
  addRoute(svc, gymSettingsRoutes.getPreferences, async ({ ctx }) => ({ success: true, data: await getPreferences(deps, ctx) }));
  addRoute(svc, gymSettingsRoutes.putPreferences, async ({ ctx, body }) => ({
    success: true,
    data: await updatePreferences(deps, ctx, body),
    message: 'Settings saved!',
  }));

  registerProfilePictureRoutes(svc, deps);

  // The public website's contact form (reached through the gateway's /api/public prefix, without a token).
  addRoute(svc, publicRoutes.contact, async ({ body }, req, reply) => {
    const data = await receiveEnquiry(deps, requestIdsOf(req), { body, ip: req.ip, userAgent: req.headers['user-agent'] });
    return reply.status(201).send({ success: true, data, message: 'Thank you for writing to us. Our team will get back to you soon.' });
  });
};
