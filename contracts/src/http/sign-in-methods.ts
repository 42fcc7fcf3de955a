import { z } from 'zod';
import { Email, TokenPayload, TwoFactorCode } from './auth.ts';
import { ANY_ROLE, IdParams, IsoDateTime, ok, Problem, route, Text } from './route.ts';

/** Where an SMS code went (the phone masked) and when another may be asked for. */
export const SmsCodeSent = z.object({
  phone: z.string(),
  expiresInSeconds: z.number().int(),
  resendAfterSeconds: z.number().int(),
});
export type SmsCodeSent = z.infer<typeof SmsCodeSent>;

export const SmsSignInCodeBody = z.object({
  email: Email,
  password: Text('Password').min(1, 'Password is required').max(200, 'Password must be at most 200 characters long'),
});

/** Whether "Continue With Google" is offered (the operator configured a client id). */
export const GoogleSignInConfig = z.object({ enabled: z.boolean() });
export const GoogleSignInStart = z.object({ flowId: z.uuid(), authorizationUrl: z.url() });
export const GoogleCallbackBody = z.object({
  flowId: z.uuid({ message: 'This Google sign-in is unknown. Start again.' }),
  /** The query string Google sent back to the app's callback page (code, state, or error). */
  query: Text('Callback').max(4000, 'Callback must be at most 4000 characters').optional(),
  /** The second step for an account with two-factor sign-in on (after a 401 TWO_FACTOR_REQUIRED). */
  twoFactorCode: TwoFactorCode.optional(),
});
/**
 * Signed in; or an email no account has: registration continues with the name and email prefilled; or the email of a
 * password account this Google account is not linked to yet: nothing is linked until the account's password confirms
 * it (POST /auth/google/link with the ticket, good once and for 10 minutes).
 */
export const GoogleCallbackResult = z.discriminatedUnion('outcome', [
  TokenPayload.extend({ outcome: z.literal('signed-in') }),
  z.object({
    outcome: z.literal('register'),
    prefill: z.object({ email: z.string(), firstName: z.string(), lastName: z.string() }),
  }),
  z.object({ outcome: z.literal('confirm-link'), linkTicket: z.string(), email: z.string() }),
]);
export type GoogleCallbackResult = z.infer<typeof GoogleCallbackResult>;

/** The ticket of a Google callback that found a password account: 32 random bytes, URL-safe. */
const LinkTicket = Text('Link ticket').min(20, 'This Google sign-in is unknown. Start again.').max(200, 'This Google sign-in is unknown. Start again.');
/** "Confirm it's you": the account's password (and its second step, when it has one) links Google and signs in. */
export const GoogleLinkBody = z.object({
  linkTicket: LinkTicket,
  password: Text('Password').min(1, 'Password is required').max(200, 'Password must be at most 200 characters long'),
  twoFactorCode: TwoFactorCode.optional(),
});

/** Settings → Security → Sign-in methods: how the caller can sign in. */
export const SignInMethod = z.object({
  /** The Google link's id; "password" and "sms" for the others. */
  id: z.string(),
  kind: z.enum(['password', 'google', 'sms']),
  /** Google: the linked account's email; SMS: the phone (masked); password: null. */
  label: z.string().nullable(),
  linkedAt: IsoDateTime.nullable(),
  /** Whether Unlink is offered: a Google link while another way to sign in stays (SMS codes are turned off under two-factor). */
  canUnlink: z.boolean(),
});
export type SignInMethod = z.infer<typeof SignInMethod>;

/** SMS codes as a second sign-in step, and Google sign-in (OpenID Connect, authorization code with PKCE). */
export const signInMethodRoutes = {
  smsSetup: route({
    method: 'POST',
    path: '/settings/two-factor/sms/setup',
    responses: { 200: ok(SmsCodeSent), 400: Problem, 409: Problem, 429: Problem },
    auth: true,
    allowPending: true,
    allowEnrolment: true,
    allowReadOnly: true,
    roles: ANY_ROLE,
    summary: "Send a 6-digit code to the profile's phone; PUT /settings/two-factor with method sms and the code verifies the phone and turns SMS codes on.",
    description: 'A code expires after 5 minutes and works once. Another code may be asked for after 60 seconds, at most 5 an hour (429 with Retry-After).',
  }),
  smsSignInCode: route({
    method: 'POST',
    path: '/auth/login/sms-code',
    body: SmsSignInCodeBody,
    responses: { 200: ok(SmsCodeSent), 400: Problem, 401: Problem, 429: Problem },
    auth: false,
    summary: 'Sign-in\'s "Send code by SMS": with the right password, a 6-digit code goes to the phone the account enrolled; send it as twoFactorCode.',
    description:
      'Wrong passwords count against sign-in throttling like POST /auth/login. At most one code a minute and 5 an hour (429 with Retry-After). An account without SMS codes answers 400 SMS_NOT_AVAILABLE.',
  }),
  googleConfig: route({
    method: 'GET',
    path: '/auth/google',
    responses: { 200: ok(GoogleSignInConfig) },
    auth: false,
    summary: 'Whether Google sign-in is configured (the button is hidden when it is not).',
  }),
  googleStart: route({
    method: 'POST',
    path: '/auth/google/start',
    responses: { 200: ok(GoogleSignInStart), 404: Problem, 502: Problem },
    auth: false,
    summary: "Start a Google sign-in: the authorization URL (state, nonce, PKCE) to send the browser to, and the flow's id to keep until the callback.",
  }),
  googleCallback: route({
    method: 'POST',
    path: '/auth/google/callback',
    body: GoogleCallbackBody,
    responses: { 200: ok(GoogleCallbackResult), 400: Problem, 401: Problem, 403: Problem, 404: Problem, 429: Problem, 502: Problem },
    auth: false,
    summary:
      'Finish a Google sign-in: a verified email of an account signs into it; another email continues to registration with the name and email prefilled.',
    description:
      "A state other than the flow's answers 400 GOOGLE_STATE_MISMATCH; a flow is good once and for 10 minutes. An id_token that does not check out (nonce, issuer, audience, expiry) or a refused code answers 400 GOOGLE_SIGN_IN_FAILED; Google unreachable 502. An email Google has not verified answers 403 GOOGLE_EMAIL_UNVERIFIED. The email of an account this Google account is not linked to answers outcome confirm-link (nothing is linked yet: POST /auth/google/link). An account with two-factor sign-in on answers 401 TWO_FACTOR_REQUIRED; send the same flowId with twoFactorCode.",
  }),
  googleLink: route({
    method: 'POST',
    path: '/auth/google/link',
    body: GoogleLinkBody,
    responses: { 200: ok(TokenPayload), 400: Problem, 401: Problem, 403: Problem, 429: Problem },
    auth: false,
    summary: "Confirm it's you: the account's password links the Google account of a confirm-link callback and signs in.",
    description:
      'The ticket is good once and for 10 minutes (else 400 GOOGLE_LINK_EXPIRED; five wrong passwords spend it). Wrong passwords count against sign-in throttling like POST /auth/login (401 WRONG_PASSWORD, then 429 with Retry-After). An account with two-factor sign-in on answers 401 TWO_FACTOR_REQUIRED until twoFactorCode is sent with the password.',
  }),
  listSignInMethods: route({
    method: 'GET',
    path: '/settings/sign-in-methods',
    responses: { 200: ok(z.array(SignInMethod)) },
    auth: true,
    allowPending: true,
    allowReadOnly: true,
    roles: ANY_ROLE,
    summary: "The caller's ways to sign in: the password, each linked Google account (its email), SMS codes (the phone, masked).",
  }),
  unlinkSignInMethod: route({
    method: 'DELETE',
    path: '/settings/sign-in-methods/:id',
    params: IdParams,
    responses: { 200: ok(z.array(SignInMethod)), 400: Problem, 404: Problem, 409: Problem },
    auth: true,
    allowPending: true,
    allowReadOnly: true,
    roles: ANY_ROLE,
    summary: "Unlink one of the caller's Google accounts; answers the methods left.",
    description: "Another person's link, or one already gone, answers 404; the last way to sign in 409 LAST_SIGN_IN_METHOD.",
  }),
};
