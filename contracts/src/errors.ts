import { z } from 'zod';

/** The one error body every service and the gateway answer with. */
export const ErrorBody = z.object({
  success: z.literal(false),
  message: z.string(),
  error: z.string(),
  code: z.string(),
  requestId: z.string().optional(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Stable machine codes; the message is for people, the code is for programs. */
export const ErrorCode = z.enum([
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'TOKEN_EXPIRED',
  'SESSION_REVOKED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'CONCURRENCY_CONFLICT',
  'RATE_LIMITED',
  'INVALID_CREDENTIALS',
  'EMAIL_TAKEN',
  'UNKNOWN_GYM_CODE',
  'INVALID_RESET_TOKEN',
  'WRONG_PASSWORD',
  'LOCATION_NOT_ALLOWED',
  'TRIAL_EXPIRED',
  'PLAN_LIMIT_REACHED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;
