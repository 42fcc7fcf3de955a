import { authRoutes, publicRoutes } from '@akhada/contracts';
import { addRoute, type App, type Logger, type RequestContext } from '@akhada/kit';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { register } from '../app/register.ts';
import { login, logout, me, refresh } from '../app/sessions.ts';
import { changePassword, forgotPassword, resetPassword } from '../app/passwords-flow.ts';
import { updateProfile } from '../app/profile.ts';
import { createLocation, createStaff } from '../app/organization.ts';
import { receiveEnquiry } from '../app/contact.ts';
import type { Mailer } from '../app/mailer.ts';
import type { SigningKeys } from '../app/signing-keys.ts';
import type { AuthDb } from '../db/schema.ts';

export interface AuthDeps {
  db: Kysely<AuthDb>;
  keys: SigningKeys;
  mailer: Mailer;
  appUrl: string;
  logger: Logger;
  clock: () => Date;
}

const tokenExpiry = (req: FastifyRequest): Date => {
  const token = req.headers.authorization?.split(' ')[1] ?? '';
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: number };
    return new Date((payload.exp ?? 0) * 1000);
  } catch {
    return new Date();
  }
};

export const registerRoutes = (svc: { app: App; authenticate: (req: FastifyRequest) => Promise<RequestContext> }, deps: AuthDeps): void => {
  const base = () => ({ db: deps.db, keys: deps.keys, now: deps.clock() });

  svc.app.get(authRoutes.jwks.path, async (_req, reply) => reply.header('cache-control', 'public, max-age=300').send(deps.keys.jwks()));

  addRoute(svc, authRoutes.register, async ({ body }, req, reply) => {
    const user = await register({ db: deps.db, now: deps.clock(), requestId: req.id }, body);
    return reply.status(201).send({ success: true, data: { user }, message: 'Account created. You can sign in now.' });
  });
  addRoute(svc, authRoutes.login, async ({ body }, req) => ({
    success: true,
    data: await login(base(), { email: body.email, password: body.password, ip: req.ip, userAgent: req.headers['user-agent'] }),
  }));
  addRoute(svc, authRoutes.me, async ({ ctx }) => ({ success: true, data: { user: await me(base(), ctx) } }));
  addRoute(svc, authRoutes.refresh, async ({ ctx }) => ({ success: true, data: await refresh(base(), ctx) }));
  addRoute(svc, authRoutes.logout, async ({ ctx }, req) => {
    await logout(base(), ctx, tokenExpiry(req));
    return { success: true, message: 'Signed out' };
  });
  addRoute(svc, authRoutes.profile, async ({ ctx, body }) => ({
    success: true,
    data: { user: await updateProfile(base(), ctx, body) },
    message: 'Profile updated successfully',
  }));
  addRoute(svc, authRoutes.changePassword, async ({ ctx, body }) => {
    await changePassword(base(), ctx, body);
    return { success: true, message: 'Password changed successfully' };
  });
  addRoute(svc, authRoutes.createLocation, async ({ ctx, body }, _req, reply) =>
    reply.status(201).send({ success: true, data: await createLocation(base(), ctx, body), message: 'Location created' }),
  );
  addRoute(svc, authRoutes.createStaff, async ({ ctx, body }, _req, reply) =>
    reply.status(201).send({ success: true, data: { user: await createStaff(base(), ctx, body) }, message: 'Staff account created' }),
  );
  addRoute(svc, authRoutes.forgotPassword, async ({ body }) => {
    await forgotPassword({ db: deps.db, now: deps.clock(), mailer: deps.mailer, appUrl: deps.appUrl, logger: deps.logger }, body.email);
    return { success: true, message: 'If an account exists for this email, we have sent a link to reset the password.' };
  });
  addRoute(svc, authRoutes.resetPassword, async ({ body }, req) => {
    await resetPassword({ db: deps.db, now: deps.clock() }, body, req.id);
    return { success: true, message: 'Your password has been reset. You can sign in now.' };
  });

  // The public website's contact form (reached through the gateway's /api/public prefix, without a token).
  addRoute(svc, publicRoutes.contact, async ({ body }, req, reply) => {
    const data = await receiveEnquiry({ db: deps.db, now: deps.clock() }, { body, ip: req.ip, userAgent: req.headers['user-agent'], requestId: req.id });
    return reply.status(201).send({ success: true, data, message: 'Thank you for writing to us. Our team will get back to you soon.' });
  });
};
