import { signInMethodRoutes } from '@akhada/contracts';
import { addRoute, type App, type RequestContext } from '@akhada/kit';
import type { FastifyRequest } from 'fastify';
import type { AuthDeps } from '../app/deps.ts';
import { confirmGoogleLink, finishGoogleSignIn, googleSignInConfig, startGoogleSignIn } from '../app/google-sign-in.ts';
import { listSignInMethods, unlinkSignInMethod } from '../app/sign-in-methods.ts';
import { sendSmsSetupCode, sendSmsSignInCode } from '../app/sms-two-factor.ts';
import { requestIdsOf, withRetryAfter } from './routes.ts';

/** SMS codes as a second sign-in step, Google sign-in, and Settings → Security → Sign-in methods. */
export const registerSignInMethodRoutes = (svc: { app: App; authenticate: (req: FastifyRequest) => Promise<RequestContext> }, deps: AuthDeps): void => {
  addRoute(svc, signInMethodRoutes.smsSetup, async ({ ctx }, _req, reply) => ({
    success: true,
    data: await withRetryAfter(reply, () => sendSmsSetupCode(deps, ctx)),
    message: 'We sent a code to your phone',
  }));
  addRoute(svc, signInMethodRoutes.smsSignInCode, async ({ body }, req, reply) => ({
    success: true,
    data: await withRetryAfter(reply, () => sendSmsSignInCode(deps, { email: body.email, password: body.password, ip: req.ip })),
    message: 'We sent a code to your phone',
  }));
  addRoute(svc, signInMethodRoutes.googleConfig, async (_input, _req, reply) => {
    reply.header('cache-control', 'no-store');
    return { success: true, data: googleSignInConfig(deps) };
  });
  addRoute(svc, signInMethodRoutes.googleStart, async () => ({ success: true, data: await startGoogleSignIn(deps) }));
  addRoute(svc, signInMethodRoutes.googleCallback, async ({ body }, req, reply) => ({
    success: true,
    data: await withRetryAfter(reply, () =>
      finishGoogleSignIn(deps, {
        flowId: body.flowId,
        query: body.query,
        twoFactorCode: body.twoFactorCode,
        ip: req.ip,
        userAgent: req.headers['user-agent'],
        ids: requestIdsOf(req),
      }),
    ),
  }));
  addRoute(svc, signInMethodRoutes.googleLink, async ({ body }, req, reply) => ({
    success: true,
    data: await withRetryAfter(reply, () =>
      confirmGoogleLink(deps, {
        linkTicket: body.linkTicket,
        password: body.password,
        twoFactorCode: body.twoFactorCode,
        ip: req.ip,
        userAgent: req.headers['user-agent'],
        ids: requestIdsOf(req),
      }),
    ),
    message: 'Google is linked to your account',
  }));
  addRoute(svc, signInMethodRoutes.listSignInMethods, async ({ ctx }) => ({ success: true, data: await listSignInMethods(deps, ctx) }));
  addRoute(svc, signInMethodRoutes.unlinkSignInMethod, async ({ ctx, params }) => ({
    success: true,
    data: await unlinkSignInMethod(deps, ctx, params.id),
    message: 'Google is unlinked',
  }));
};
